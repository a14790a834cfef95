"""The Casino state: whose turn, the deal as chance, playing moves, rounds and the tournament.

Phases: seat 0 calls the coin (round 1 only), the coin falls (chance), cards
are dealt one by one (chance: 4 to seat 0, 4 to seat 1, 4 to the table, then
4 + 4 whenever both hands are empty), and the seats play. When the deck and
both hands are empty the round ends: the last capturer takes the table, the
round is scored, and the tournament ends or the next round is dealt.
"""

from __future__ import annotations

import random
from typing import Any, Final

from deckhand.core.cards import CODES
from deckhand.core.deck import pile_allows, pile_outcomes, pile_sample
from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import State
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.games.casino.illegal import why_illegal
from deckhand.games.casino.moves import Build, CasinoAction, Play, legal_plays
from deckhand.games.casino.options import CasinoSetup
from deckhand.games.casino.phases import CALL, COIN, DEAL, OVER, PHASE_NAMES, PLAY

SIDES = ("heads", "tails")
TABLE: Final = 2
FIRST_DEAL: Final = (0, 0, 0, 0, 1, 1, 1, 1, TABLE, TABLE, TABLE, TABLE)
LATER_DEAL: Final = (0, 0, 0, 0, 1, 1, 1, 1)
DIAMOND_TEN: Final = 26 + 9
SPADE_TWO: Final = 1
ACES = (0, 13, 26, 39)
SEATS = ("Human", "Computer")
"""Seat 0 is a save file's Human, seat 1 its Computer."""


def round_points(piles: list[list[int]], spade: tuple[bool, ...]) -> list[int]:
    """Points of a round: most cards 3, most spades 1 (nothing on ties), 10♦ 2, 2♠ 1, each ace 1."""
    points = [0, 0]
    spades = [0, 0]
    for seat in (0, 1):
        got = 0
        suited = 0
        for c in piles[seat]:  # one pass: a playout scores every round it reaches
            if spade[c]:
                suited += 1
            if c % 13 == 0:  # an ace
                got += 1
            elif c == DIAMOND_TEN:
                got += 2
            elif c == SPADE_TWO:
                got += 1
        points[seat] = got
        spades[seat] = suited
    sizes = [len(piles[0]), len(piles[1])]
    if sizes[0] != sizes[1]:
        points[0 if sizes[0] > sizes[1] else 1] += 3
    if spades[0] != spades[1]:
        points[0 if spades[0] > spades[1] else 1] += 1
    return points


class CasinoState(State[CasinoAction]):
    """A Casino position; every field is an int, a list of ints or a tuple."""

    __slots__ = (
        "_legal",
        "aside",
        "builds",
        "call",
        "deal_pos",
        "deal_seq",
        "drawn",
        "game",
        "hands",
        "hist",
        "last_capturer",
        "last_points",
        "last_round",
        "leader",
        "loose",
        "notes",
        "origin",
        "phase",
        "pile",
        "piles",
        "round",
        "stack",
        "tally",
        "to_move",
    )

    game: CasinoSetup
    hands: list[list[int]]
    piles: list[list[int]]
    loose: list[int]
    builds: list[Build]
    pile: list[int]
    aside: list[int]
    stack: tuple[int, ...]
    drawn: int
    phase: int
    to_move: int
    deal_seq: tuple[int, ...]
    deal_pos: int
    leader: int
    last_capturer: int
    round: int
    tally: list[int]
    last_points: tuple[int, int] | None
    last_round: tuple[tuple[int, ...], tuple[int, ...], int] | None
    """The last round's final piles and who took the rest of the table: what its end announces."""
    call: int
    hist: list[Any]
    origin: str | None
    notes: tuple[str, ...]
    _legal: list[Any] | None

    @classmethod
    def initial(cls, game: CasinoSetup) -> CasinoState:
        s = cls.blank(game)
        s.pile = list(range(52))
        s.stack = game.stack
        s.phase = CALL
        return s

    @classmethod
    def blank(cls, game: CasinoSetup) -> CasinoState:
        """An empty position (round 1, nothing dealt) for readers to fill in."""
        s = CasinoState.__new__(CasinoState)
        s.game = game
        s.hands = [[], []]
        s.piles = [[], []]
        s.loose = []
        s.builds = []
        s.pile = []
        s.aside = []
        s.stack = ()
        s.drawn = 0
        s.phase = PLAY
        s.to_move = 0
        s.deal_seq = FIRST_DEAL
        s.deal_pos = 0
        s.leader = 0
        s.last_capturer = -1
        s.round = 1
        s.tally = [0, 0]
        s.last_points = None
        s.last_round = None
        s.call = -1
        s.hist = []
        s.origin = None
        s.notes = ()
        s._legal = None
        return s

    # -- whose turn -------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == PLAY:
            return self.to_move
        if phase in (DEAL, COIN):
            return CHANCE
        if phase == CALL:
            return 0
        return TERMINAL

    def is_chance_node(self) -> bool:
        """Without the detour through ``current_player``: playouts ask it at every step."""
        return self.phase == DEAL or self.phase == COIN

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[CasinoAction]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_actions()
        return legal[:]

    def shared_legal_actions(self) -> list[Any]:
        """The legal actions without a copy, for playouts: the caller must not change the list."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_actions()
        return legal

    def forget_legal_actions(self) -> None:
        """Drop the legal actions worked out so far: for code that edits the fields directly (a view's copy)."""
        self._legal = None

    def _list_actions(self) -> list[Any]:
        """The legal actions, computed once per position (``apply_action`` forgets them)."""
        phase = self.phase
        if phase == PLAY:
            g = self.game
            p = self.to_move
            return legal_plays(self.hands[p], self.loose, self.builds, p, g.vals, g.rank, g.maxv)
        if phase == DEAL:
            return [a for a, _ in pile_outcomes(self.pile, self.stack, self.drawn)]
        if phase == CALL:
            return [("call", 0), ("call", 1)]
        if phase == COIN:
            return [("coin", 0), ("coin", 1)]
        return []

    def chance_outcomes(self) -> list[tuple[CasinoAction, float]]:
        if self.phase == DEAL:
            return list(pile_outcomes(self.pile, self.stack, self.drawn))
        if self.phase == COIN:
            return [(("coin", 0), 0.5), (("coin", 1), 0.5)]
        raise IllegalActionError("not a chance node")

    def sample_chance_outcome(self, rng: random.Random) -> CasinoAction:
        if self.phase == DEAL:
            pile = self.pile
            if self.drawn >= len(self.stack):  # no stacked card left: any card of the pile
                return pile[int(rng.random() * len(pile))]
            return pile_sample(pile, self.stack, self.drawn, rng)
        if self.phase == COIN:
            return ("coin", 0 if rng.random() < 0.5 else 1)
        raise IllegalActionError("not a chance node")

    # -- applying ---------------------------------------------------------
    def why_illegal(self, action: Any) -> str:
        """Why ``action`` is illegal here, naming the rule it breaks (``apply_action``'s slow path)."""
        return why_illegal(self, action)

    def apply_action(self, action: CasinoAction) -> None:
        phase = self.phase
        if phase == DEAL:
            # fast path: a deal is legal when the pile allows that card next
            if type(action) is int and (
                self.drawn >= len(self.stack) or pile_allows(self.pile, self.stack, self.drawn, action)
            ):
                try:
                    at = self.pile.index(action)
                except ValueError:
                    pass
                else:
                    self._legal = None
                    self.hist.append(action)
                    self._deal(action, at)
                    return
            raise IllegalActionError(self.why_illegal(action))
        legal = self._legal
        if legal is None:
            legal = self._list_actions()
        if type(action) is bool or action not in legal:
            raise IllegalActionError(self.why_illegal(action))
        self._legal = None
        self.hist.append(action)
        self._apply(phase, action)

    def apply_legal(self, action: CasinoAction) -> None:
        self._legal = None
        self.hist.append(action)
        if isinstance(action, int):  # a legal int is a card dealt
            self._deal(action, self.pile.index(action))
        else:
            self._apply(self.phase, action)

    def deal_by_chance(self, rng: random.Random) -> None:
        """Deal the rest of this deal, each card drawn as ``sample_chance_outcome`` draws it: for playouts.

        The same cards from the same random numbers as sampling and applying
        them one by one, recorded alike, without finding each in the pile again.
        """
        pile = self.pile
        stack = self.stack
        hist = self.hist
        self._legal = None
        while self.phase == DEAL:
            if self.drawn >= len(stack):
                at = int(rng.random() * len(pile))
                card = pile[at]
            else:
                card = pile_sample(pile, stack, self.drawn, rng)
                at = pile.index(card)
            hist.append(card)
            self._deal(card, at)

    def _apply(self, phase: int, action: Any) -> None:
        """A legal action of a seat or the coin, recorded: play it."""
        if phase == PLAY:
            self._play(action)
        elif phase == CALL:
            self.call = action[1]
            self.phase = COIN
        else:
            self.leader = self.to_move = 0 if action[1] == self.call else 1
            self._start_deal(FIRST_DEAL)

    def resume(self) -> None:
        """Go on from a position a reader filled in: the deal when both hands are empty, else the next player."""
        if not self.hands[0] and not self.hands[1] and self.pile:
            fresh = not self.loose and not self.builds and not self.piles[0] and not self.piles[1]
            self._start_deal(FIRST_DEAL if fresh else LATER_DEAL)
        else:
            self._settle()

    def _start_deal(self, seq: tuple[int, ...]) -> None:
        self.deal_seq = seq[: len(self.pile)]
        self.deal_pos = 0
        self.phase = DEAL

    def _deal(self, card: int, at: int) -> None:
        """Deal ``card``, at index ``at`` of the (unordered) pile."""
        pile = self.pile
        pile[at] = pile[-1]
        pile.pop()
        self.drawn += 1
        target = self.deal_seq[self.deal_pos]
        self.deal_pos += 1
        if target == TABLE:
            self._add_loose(card)
        else:
            self.hands[target].append(card)
        if self.deal_pos == len(self.deal_seq):
            self.phase = PLAY
            self._settle()

    def _add_loose(self, card: int) -> None:
        self.loose.append(card)

    def _play(self, play: Play) -> None:
        p = self.to_move
        kind = play[0]
        card = play[1]
        self.hands[p].remove(card)
        if kind == "trail":
            self._add_loose(card)
        elif kind == "capture":
            pile = self.piles[p]
            pile.append(card)
            loose = self.loose
            for c in play[2]:
                loose.remove(c)
                pile.append(c)
            for group in play[3]:
                for c in group:
                    loose.remove(c)
                    pile.append(c)
            for parts in play[4]:
                self.builds = [b for b in self.builds if b[2] != parts]
                for part in parts:
                    pile.extend(part)
            self.last_capturer = p
        elif kind == "build":
            v = play[2]
            extra = play[3]
            for c in extra:
                self.loose.remove(c)
            if v in self.game.vals[card]:
                new: tuple[tuple[int, ...], ...] = ((card,), extra) if extra else ((card,),)
            else:
                new = ((card, *extra),)
            self.add_build(v, p, new)
        else:  # increase
            parts = play[3]
            self.builds = [b for b in self.builds if b[2] != parts]
            self.add_build(play[2], p, ((*parts[0], card),))
        self.to_move = 1 - p
        self._settle()

    def add_build(self, value: int, owner: int, parts: tuple[tuple[int, ...], ...]) -> None:
        """Add parts to ``owner``'s build of ``value`` (the multiple build), or start one."""
        builds = self.builds
        for i, b in enumerate(builds):
            if b[0] == value and b[1] == owner:
                builds[i] = (value, owner, b[2] + parts)
                return
        builds.append((value, owner, parts))

    def _settle(self) -> None:
        """After a play or a deal: next player, the next deal, or the end of the round."""
        hands = self.hands
        if hands[0] or hands[1]:
            if not hands[self.to_move]:
                self.to_move = 1 - self.to_move
            return
        if self.pile:
            self._start_deal(LATER_DEAL)
            return
        self._end_round()

    def _end_round(self) -> None:
        table = list(self.loose)
        for b in self.builds:
            for part in b[2]:
                table.extend(part)
        if self.last_capturer >= 0:
            self.piles[self.last_capturer].extend(table)
        else:  # only a save without a last capturer gets here
            self.aside.extend(table)
        self.loose = []
        self.builds = []
        points = round_points(self.piles, self.game.spade)
        self.last_points = (points[0], points[1])
        self.last_round = (tuple(self.piles[0]), tuple(self.piles[1]), self.last_capturer)
        self.tally = [self.tally[0] + points[0], self.tally[1] + points[1]]
        if max(self.tally) >= self.game.target:
            self.phase = OVER
            return
        if self.last_capturer >= 0:
            self.leader = self.last_capturer
        self.round += 1
        self.to_move = self.leader
        self.piles = [[], []]
        self.aside = []
        self.pile = list(range(52))
        self.stack = ()
        self.drawn = 0
        self.last_capturer = -1
        self._start_deal(FIRST_DEAL)

    # -- bookkeeping --------------------------------------------------------
    def clone(self) -> CasinoState:
        s = CasinoState.__new__(CasinoState)
        s.game = self.game
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.piles = [self.piles[0][:], self.piles[1][:]]
        s.loose = self.loose[:]
        s.builds = self.builds[:]
        s.pile = self.pile[:]
        s.aside = self.aside[:]
        s.stack = self.stack
        s.drawn = self.drawn
        s.phase = self.phase
        s.to_move = self.to_move
        s.deal_seq = self.deal_seq
        s.deal_pos = self.deal_pos
        s.leader = self.leader
        s.last_capturer = self.last_capturer
        s.round = self.round
        s.tally = self.tally[:]
        s.last_points = self.last_points
        s.last_round = self.last_round
        s.call = self.call
        s.hist = self.hist[:]
        s.origin = self.origin
        s.notes = self.notes
        s._legal = self._legal
        return s

    def history(self) -> list[CasinoAction]:
        """Every action since the deal of round 1, or since the save this state was loaded from."""
        return list(self.hist)

    def history_strings(self) -> list[str]:
        # Casino's notation does not depend on the position, so no replay is needed
        to_string = self.game.action_to_string
        return [to_string(self, a) for a in self.hist]

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        a, b = self.tally
        if a == b:
            return [0.5, 0.5]
        return [1.0, 0.0] if a > b else [0.0, 1.0]

    def scores(self) -> list[float]:
        """Tournament points so far (the round in play counts once it is over)."""
        return [float(self.tally[0]), float(self.tally[1])]

    def cards(self) -> list[str]:
        codes = [CODES[c] for c in self.pile + self.loose + self.aside]
        for seat in (0, 1):
            codes += [CODES[c] for c in self.hands[seat] + self.piles[seat]]
        for b in self.builds:
            for part in b[2]:
                codes += [CODES[c] for c in part]
        return codes

    def to_save(self) -> str:
        """The course's text format (``Round:``, ``Computer:``, ``Human:``, ``Table:`` …)."""
        return self.game.write_save(self, ".txt")

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data.update(public_json(self, None))
        data["deck"] = sorted(CODES[c] for c in self.pile)
        data["stacked"] = [CODES[c] for c in self.stack[self.drawn :]]
        data["start"] = self.origin
        return data


def public_json(state: CasinoState, viewer: int | None) -> dict[str, Any]:
    """The fields of ``to_json`` shared by the state and the views (``viewer=None``: everything)."""
    hands: list[list[str]] = []
    for seat in (0, 1):
        hand = state.hands[seat]
        hands.append([CODES[c] for c in hand] if viewer is None or viewer == seat else ["??"] * len(hand))
    return {
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "seats": list(SEATS),
        "call": SIDES[state.call] if state.call >= 0 else None,
        "leader": state.leader,
        "hands": hands,
        "table": {
            "loose": [CODES[c] for c in state.loose],
            "builds": [
                {"value": v, "owner": owner, "parts": [[CODES[c] for c in part] for part in parts]}
                for v, owner, parts in state.builds
            ],
        },
        "piles": [[CODES[c] for c in pile] for pile in state.piles],
        "deck_count": len(state.pile),
        "aside": [CODES[c] for c in state.aside],
        "last_capturer": state.last_capturer if state.last_capturer >= 0 else None,
        "last_round_points": list(state.last_points) if state.last_points else None,
        "notes": list(state.notes),
    }
