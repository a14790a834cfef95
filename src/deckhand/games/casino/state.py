"""The Casino state: whose turn, the deal as chance, playing moves, rounds and the tournament.

Phases: seat 0 calls the coin (round 1 only), the coin falls (chance), cards
are dealt one by one (chance: 4 to seat 0, 4 to seat 1, 4 to the table, then
4 + 4 whenever both hands are empty), and the seats play. When the deck and
both hands are empty the round ends: the last capturer takes the table, the
round is scored, and the tournament ends or the next round is dealt.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from deckhand.core.cards import CODES
from deckhand.core.deck import pile_allows, pile_outcomes, pile_remove, pile_sample
from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import CHANCE, TERMINAL, Action, State, View
from deckhand.games.casino.estimate import win_chance
from deckhand.games.casino.moves import Build, Play, legal_plays
from deckhand.games.casino.rollout import rollout_choice
from deckhand.games.casino.words import describe, round_report

if TYPE_CHECKING:
    from deckhand.games.casino.game import CasinoGame

CALL, COIN, DEAL, PLAY, OVER = range(5)
PHASE_NAMES = ("call", "coin", "deal", "play", "over")
SIDES = ("heads", "tails")
TABLE = 2
FIRST_DEAL = (0, 0, 0, 0, 1, 1, 1, 1, TABLE, TABLE, TABLE, TABLE)
LATER_DEAL = (0, 0, 0, 0, 1, 1, 1, 1)
DIAMOND_TEN = 26 + 9
SPADE_TWO = 1
ACES = (0, 13, 26, 39)


def round_points(piles: list[list[int]], spade: tuple[bool, ...]) -> list[int]:
    """Points of a round: most cards 3, most spades 1 (nothing on ties), 10♦ 2, 2♠ 1, each ace 1."""
    points = [0, 0]
    sizes = [len(piles[0]), len(piles[1])]
    if sizes[0] != sizes[1]:
        points[0 if sizes[0] > sizes[1] else 1] += 3
    spades = [sum(spade[c] for c in pile) for pile in piles]
    if spades[0] != spades[1]:
        points[0 if spades[0] > spades[1] else 1] += 1
    for seat in (0, 1):
        pile = piles[seat]
        if DIAMOND_TEN in pile:
            points[seat] += 2
        if SPADE_TWO in pile:
            points[seat] += 1
        points[seat] += sum(1 for c in pile if c in ACES)
    return points


class CasinoState(State):
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

    game: CasinoGame
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
    def initial(cls, game: CasinoGame) -> CasinoState:
        s = cls.blank(game)
        s.pile = list(range(52))
        s.stack = game.stack
        s.phase = CALL
        return s

    @classmethod
    def blank(cls, game: CasinoGame) -> CasinoState:
        """An empty position (round 1, nothing dealt) for readers to fill in."""
        s = object.__new__(cls)
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

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_actions()
        return legal[:]

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

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == DEAL:
            return list(pile_outcomes(self.pile, self.stack, self.drawn))
        if self.phase == COIN:
            return [(("coin", 0), 0.5), (("coin", 1), 0.5)]
        raise IllegalActionError("not a chance node")

    def sample_chance_outcome(self, rng: random.Random) -> Action:
        if self.phase == DEAL:
            return pile_sample(self.pile, self.stack, self.drawn, rng)
        if self.phase == COIN:
            return ("coin", 0 if rng.random() < 0.5 else 1)
        raise IllegalActionError("not a chance node")

    def rollout_action(self, rng: random.Random) -> Action:
        """The greedy player's priorities, cheaply (``rollout.py``)."""
        if self.phase != PLAY:
            actions = self.legal_actions()
            return actions[int(rng.random() * len(actions))]
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_actions()
        chosen: Action = rollout_choice(legal, rng)
        return chosen

    def playout_estimate(self) -> list[float] | None:
        """Between rounds, each seat's chance to win the tournament from the tallies; None elsewhere.

        The first deal of a round is the chance node where the last round is
        scored and nothing of the next is known. A round that ends the
        tournament leads to no chance node: its returns are exact.
        """
        if self.phase != DEAL or self.drawn or self.last_points is None:
            return None
        p = win_chance(self.tally[0], self.tally[1], self.game.target)
        return [p, 1.0 - p]

    # -- applying ---------------------------------------------------------
    def apply_action(self, action: Action) -> None:
        phase = self.phase
        if phase == DEAL:
            # fast path: a deal is legal when the pile allows that card next
            if type(action) is not int or not pile_allows(self.pile, self.stack, self.drawn, action):
                from deckhand.games.casino.diagnose import why_illegal

                raise IllegalActionError(why_illegal(self, action))
            self._legal = None
            self.hist.append(action)
            self._deal(action)
            return
        legal = self._legal
        if legal is None:
            legal = self._list_actions()
        if type(action) is bool or action not in legal:
            from deckhand.games.casino.diagnose import why_illegal

            raise IllegalActionError(why_illegal(self, action))
        self._legal = None
        self.hist.append(action)
        if phase == PLAY:
            self._play(action)  # type: ignore[arg-type]
        elif phase == CALL:
            self.call = action[1]  # type: ignore[index]
            self.phase = COIN
        else:
            self.leader = self.to_move = 0 if action[1] == self.call else 1  # type: ignore[index]
            self._start_deal(FIRST_DEAL)

    def _start_deal(self, seq: tuple[int, ...]) -> None:
        self.deal_seq = seq[: len(self.pile)]
        self.deal_pos = 0
        self.phase = DEAL

    def _deal(self, card: int) -> None:
        pile_remove(self.pile, card)
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
            self._merge(v, p, new)
        else:  # increase
            parts = play[3]
            self.builds = [b for b in self.builds if b[2] != parts]
            self._merge(play[2], p, ((*parts[0], card),))
        self.to_move = 1 - p
        self._settle()

    def _merge(self, value: int, owner: int, parts: tuple[tuple[int, ...], ...]) -> None:
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

    # -- notation -----------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        from deckhand.games.casino.notation import action_to_string

        return action_to_string(action)

    def announce(self, action: Action, names: Sequence[str]) -> list[str]:
        if self.phase == COIN and isinstance(action, tuple):
            side, leader = SIDES[action[1]], 0 if action[1] == self.call else 1
            return [
                f"The coin shows {side}; {names[0]} called {SIDES[self.call]}: the first to play is {names[leader]}."
            ]
        if self.phase != PLAY:
            return []
        after = self.clone()
        after.apply_action(action)
        if after.last_round is self.last_round or after.last_round is None or after.last_points is None:
            return []
        lines = round_report(after.last_round, after.last_points, after.tally, self.round, names, self.game.spade)
        if after.is_terminal():
            return [*lines, "The tournament is over."]
        return [*lines, f"Round {after.round} is led by {names[after.leader]}, the last to capture."]

    def describe_action(self, action: Action) -> str:
        if not isinstance(action, tuple) or action[0] not in ("trail", "capture", "build", "increase"):
            return self.action_to_string(action) if self.to_move >= 0 else "a card is dealt"
        return describe(action, self).removeprefix("play ")

    def string_to_action(self, text: str) -> Action:
        from deckhand.games.casino.notation import string_to_action

        return string_to_action(self, text)

    # -- bookkeeping --------------------------------------------------------
    def clone(self) -> CasinoState:
        s = object.__new__(CasinoState)
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

    def history(self) -> list[Action]:
        """Every action since the deal of round 1, or since the save this state was loaded from."""
        return list(self.hist)

    def history_strings(self) -> list[str]:
        # Casino's notation does not depend on the position, so no replay is needed
        from deckhand.games.casino.notation import action_to_string

        return [action_to_string(a) for a in self.hist]

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

    def owner_of(self, value: int, owner: int) -> Build | None:
        for b in self.builds:
            if b[0] == value and b[1] == owner:
                return b
        return None

    def view(self, player: int) -> View:
        from deckhand.games.casino.view import CasinoView

        return CasinoView(self, player)

    def information_key(self, player: int) -> Any:
        from deckhand.games.casino.view import information_key

        return information_key(self, player)

    def to_save(self) -> str:
        """The seed's text format (``Round:``, ``Computer:``, ``Human:``, ``Table:`` …)."""
        from deckhand.games.casino.save import write_save

        return write_save(self)

    def to_json(self) -> dict[str, Any]:
        from deckhand.games.casino.view import public_json

        data = super().to_json()
        data.update(public_json(self, None))
        data["deck"] = sorted(CODES[c] for c in self.pile)
        data["stacked"] = [CODES[c] for c in self.stack[self.drawn :]]
        data["start"] = self.origin
        return data
