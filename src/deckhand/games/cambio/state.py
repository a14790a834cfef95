"""Cambio's rules (docs/games/cambio.md, rules decisions) on a state of plain ints and lists.

Hands are per-seat lists of card indices (``EMPTY`` for an emptied slot).
Knowledge sits beside them: ``known[seat][slot]`` is a bit mask of the seats
that know the card there. A switch swaps the two masks, so what anyone knew
moves with the cards; a card that goes face up gets every seat's bit and
``SHOWN``. Only ``SHOWN`` makes a card public: a card every seat has peeked
is still known to no onlooker.

Beside this file: the phases and those marks (``phases.py``), the moves a
power allows (``powers.py``), and why a move is illegal (``illegal.py``).
"""

from __future__ import annotations

import random
from typing import Any

from deckhand.core.cards import CODES
from deckhand.core.deck import pile_allows, pile_outcomes, pile_sample
from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.protocol import JSON, State
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.games.cambio.actions import (
    A_CAMBIO,
    A_DISCARD,
    A_DRAW,
    A_KEEP,
    A_PASS,
    A_TAKE,
    BASE,
    Kind,
    decode,
    pos,
    slot_action,
    switch_positions,
)
from deckhand.games.cambio.illegal import explain_illegal, say
from deckhand.games.cambio.options import CambioSetup
from deckhand.games.cambio.phases import (
    CHANCE_PHASES,
    DEAL,
    DRAWING,
    EMPTY,
    END,
    GIVE,
    HOLD,
    KING_PEEK,
    KING_SWITCH,
    PENALTY,
    PHASE_NAMES,
    PLAIN_PHASES,
    POWER_PHASE,
    SHOWN,
    START,
    STICK,
    UNKNOWN,
)
from deckhand.games.cambio.powers import power_actions, power_legal


class CambioState(State[int]):
    """A Cambio position; ``apply_action`` checks everything before it changes anything."""

    __slots__ = (
        "caller",
        "discard",
        "drawn",
        "game",
        "hands",
        "hist",
        "hist_shared",
        "known",
        "mover",
        "ndrawn",
        "peeked",
        "phase",
        "pile",
        "target",
        "took",
        "turn",
        "turns",
        "wleft",
    )

    game: CambioSetup
    hands: list[list[int]]
    known: list[list[int]]
    pile: list[int]
    ndrawn: int
    discard: list[int]
    phase: int
    turn: int
    mover: int
    drawn: int
    took: bool
    caller: int
    turns: int
    peeked: int
    target: int
    wleft: int
    hist: list[int]
    hist_shared: bool

    def __init__(self, game: CambioSetup, source: CambioState | None = None, history: bool = True) -> None:
        """A new game's state, or a copy of ``source`` (what ``clone`` makes; compiled classes need ``__init__``).

        ``history=False`` leaves the copy's history empty (a view's copy, which has none).
        """
        self.game = game
        if source is not None:
            self._copy(source, history)
            return
        n = game.players
        self.hands = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.pile = list(game.deck_list)
        self.ndrawn = 0
        self.discard = []
        self.phase = DEAL
        self.turn = 0
        self.mover = 0
        self.drawn = EMPTY
        self.took = False
        self.caller = -1
        self.turns = 0
        self.peeked = -1  # position peeked by a king (house: the card that may be switched)
        self.target = -1  # position emptied by a right stick, for give
        self.wleft = 0  # seats still to come in the stick window
        self.hist = []
        self.hist_shared = False

    # -- whose turn ---------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == END:
            return TERMINAL
        return self.mover

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_terminal(self) -> bool:
        return self.phase == END

    def card_at(self, seat: int, slot: int) -> str | None:
        """The code at ``seat.slot`` (``None`` if emptied or missing): for the table tracker."""
        hand = self.hands[seat]
        if slot >= len(hand) or hand[slot] < 0:
            return None
        return CODES[hand[slot]]

    def locked(self, seat: int) -> bool:
        """Whether ``seat``'s cards are the caller's and cannot be switched."""
        return seat == self.caller and self.game.caller_locked

    # -- moves --------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            raise IllegalActionError("not a chance node")
        return list(pile_outcomes(self.pile, self.game.stack, self.ndrawn))

    def sample_chance_outcome(self, rng: random.Random) -> int:
        if self.game.stack:
            return pile_sample(self.pile, self.game.stack, self.ndrawn, rng)
        pile = self.pile
        return pile[int(rng.random() * len(pile))]

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return [a for a, _ in pile_outcomes(self.pile, self.game.stack, self.ndrawn)]
        p = self.mover
        out: list[int]
        if phase == START:
            out = [] if self.caller >= 0 else [A_CAMBIO]
            out.append(A_DRAW)
            if self.game.take_discard and self.discard and self._has_cards(p):
                out.append(A_TAKE)
            return out
        if phase == HOLD:
            out = [slot_action(Kind.SWAP, s) for s, c in enumerate(self.hands[p]) if c != EMPTY]
            if not self.took:
                out.append(A_DISCARD)
            return out
        if phase == STICK:
            return self._stick_actions(p)
        if phase == GIVE:
            out = [slot_action(Kind.GIVE, s) for s, c in enumerate(self.hands[p]) if c != EMPTY]
            out.append(A_KEEP)
            return out
        if phase == END:
            return []
        return power_actions(self.game, self.hands, self.caller, self.peeked, p, phase)

    def _has_cards(self, seat: int) -> bool:
        return any(c != EMPTY for c in self.hands[seat])

    def _stick_actions(self, p: int) -> list[int]:
        """``stick q.s`` for every card outside the caller's hand (as ``pos_action`` writes them), then ``pass``."""
        stick = BASE + Kind.STICK
        caller = self.caller
        out: list[int] = []
        for q, hand in enumerate(self.hands):
            if q != caller:
                out += [stick + ((s * 8 + q) << 4) for s, c in enumerate(hand) if c != EMPTY]
        out.append(A_PASS)
        return out

    def why_illegal(self, action: object) -> str | None:
        """Why ``action`` cannot be played now, or ``None`` if it can."""
        if type(action) is not int:
            return f"{quote(action, 40)} is not a Cambio action"
        phase = self.phase
        if phase == END:
            return "the game is over"
        if phase in CHANCE_PHASES:
            if not 0 <= action < BASE:
                return f"{say(action)}: a card must be dealt now"
            if not pile_allows(self.pile, self.game.stack, self.ndrawn, action):
                return f"{CODES[action]} cannot come next: it is not in the draw pile"
            return None
        if action < BASE:
            return f"{CODES[action] if action >= 0 else action}: it is seat {self.mover}'s move, not a deal"
        if phase in (START, HOLD, GIVE, STICK):
            if self._plain_legal(action):
                return None
        elif power_legal(self.game, self.hands, self.caller, self.peeked, self.mover, phase, action):
            return None
        return explain_illegal(self.game, self.hands, self.caller, self.mover, phase, action)

    def _plain_legal(self, action: int) -> bool:
        """Legality outside the powers, without building the list of legal actions."""
        kind, payload = decode(action)
        phase = self.phase
        p = self.mover
        if phase == START:
            if action == A_DRAW:
                return True  # a turn only starts when a card can be drawn
            if action == A_CAMBIO:
                return self.caller < 0
            return action == A_TAKE and self.game.take_discard and bool(self.discard) and self._has_cards(p)
        if phase == HOLD:
            if kind == Kind.SWAP:
                hand = self.hands[p]
                return payload < len(hand) and hand[payload] != EMPTY
            return action == A_DISCARD and not self.took
        if phase == STICK:
            if kind == Kind.STICK:
                q, s = payload & 7, payload >> 3
                return q < len(self.hands) and q != self.caller and s < len(self.hands[q]) and self.hands[q][s] != EMPTY
            return action == A_PASS
        if kind == Kind.GIVE:
            hand = self.hands[p]
            return payload < len(hand) and hand[payload] != EMPTY
        return action == A_KEEP

    def apply_action(self, action: int) -> None:
        if type(action) is int:
            phase = self.phase
            if action >= BASE:
                if phase in PLAIN_PHASES:
                    if self._plain_legal(action):
                        self.apply_unchecked(action)
                        return
                elif (
                    phase not in CHANCE_PHASES
                    and phase != END
                    and power_legal(self.game, self.hands, self.caller, self.peeked, self.mover, phase, action)
                ):
                    self.apply_unchecked(action)
                    return
            elif phase in CHANCE_PHASES and action >= 0:
                stack = self.game.stack
                if not stack or pile_allows(self.pile, stack, self.ndrawn, action):
                    try:
                        at = self.pile.index(action)
                    except ValueError:
                        pass
                    else:
                        self._record(action)
                        self._chance(action, at)
                        return
        raise IllegalActionError(self.why_illegal(action) or f"{action!r} is not allowed here")

    def apply_legal(self, action: int) -> None:
        self.apply_unchecked(action)

    def apply_unchecked(self, a: int) -> None:
        """Play a legal action without checking it: the playout loop's moves are legal by construction."""
        if self.hist_shared:
            self.hist = self.hist[:]
            self.hist_shared = False
        self.hist.append(a)
        if a < BASE:
            self._chance(a, self.pile.index(a))
            return
        phase = self.phase
        kind = (a - BASE) & 15  # decode(), inline: this is the playouts' hot path
        payload = (a - BASE) >> 4
        p = self.mover
        if kind == Kind.DRAW:
            self.phase = DRAWING  # a turn starts only with cards in the draw pile
        elif kind == Kind.CAMBIO:
            self.caller = p
            self._next_turn()
        elif kind == Kind.TAKE:
            self.drawn = self.discard.pop()
            self.took = True
            self.phase = HOLD
        elif kind == Kind.SWAP:
            hand = self.hands[p]
            old = hand[payload]
            hand[payload] = self.drawn
            self.known[p][payload] = self.game.all_mask | SHOWN if self.took else 1 << p
            self.discard.append(old)
            self.drawn = EMPTY
            self._end_play()
        elif kind == Kind.DISCARD:
            card = self.drawn
            self.discard.append(card)
            self.drawn = EMPTY
            power = self.game.power[card]
            if power:
                self.phase = POWER_PHASE[power]
            else:
                self._end_play()
        elif kind == Kind.PEEK:
            q, s = payload & 7, payload >> 3
            self.known[q][s] |= 1 << p
            if phase == KING_PEEK:
                self.peeked = payload
                self.phase = KING_SWITCH
            else:
                self._end_play()
        elif kind == Kind.SWITCH:
            sa, ta, sb, tb = switch_positions(payload)
            ha, hb, ka, kb = self.hands[sa], self.hands[sb], self.known[sa], self.known[sb]
            ha[ta], hb[tb] = hb[tb], ha[ta]
            ka[ta], kb[tb] = kb[tb], ka[ta]
            self._end_play()
        elif kind == Kind.SKIP:
            self._end_play()
        elif kind == Kind.PASS:
            self._window_next()
        elif kind == Kind.STICK:
            self._stick(p, payload & 7, payload >> 3)
        elif kind == Kind.GIVE:
            q, t = self.target & 7, self.target >> 3
            self.hands[q][t] = self.hands[p][payload]
            self.known[q][t] = self.known[p][payload]
            self.hands[p][payload] = EMPTY
            self.known[p][payload] = 0
            self._next_turn()
        else:  # KEEP
            self._next_turn()

    def draw_at(self, at: int) -> None:
        """Play the chance outcome that is the card at index ``at`` of the pile, unchecked: the playouts' draw."""
        card = self.pile[at]
        if self.game.twins:  # take the copy apply_action would take, so that both leave the pile alike
            at = self.pile.index(card)
        self._record(card)
        self._chance(card, at)

    def _record(self, action: int) -> None:
        if self.hist_shared:
            self.hist = self.hist[:]
            self.hist_shared = False
        self.hist.append(action)

    def _chance(self, card: int, at: int) -> None:
        """Draw ``card``, at index ``at`` of the (unordered) pile."""
        pile = self.pile
        pile[at] = pile[-1]
        pile.pop()
        self.ndrawn += 1
        phase = self.phase
        if phase == DEAL:
            game = self.game
            k = self.ndrawn - 1
            seat = k // game.cards_per_seat
            self.hands[seat].append(card)
            self.known[seat].append((1 << seat) if len(self.hands[seat]) - 1 in game.known_slots else 0)
            if self.ndrawn == game.players * game.cards_per_seat:
                self._begin_turn(0)
        elif phase == DRAWING:
            self.drawn = card
            self.took = False
            self.phase = HOLD
            if not self.pile:
                self._refill()
        else:  # PENALTY: a new face-down slot nobody has seen
            self.hands[self.mover].append(card)
            self.known[self.mover].append(0)
            self._refill()
            self._window_next()

    def _refill(self) -> None:
        """When the draw pile is empty, the discard pile but its top card becomes the (unordered) draw pile."""
        if not self.pile and len(self.discard) >= 2:
            top = self.discard.pop()
            self.pile.extend(self.discard)
            self.discard = [top]

    def _stick(self, p: int, q: int, s: int) -> None:
        card = self.hands[q][s]
        top = self.discard[-1]
        rank = self.game.rank
        if rank[card] == rank[top]:
            self.discard.append(card)
            self.hands[q][s] = EMPTY
            self.known[q][s] = 0
            if q != p and self._has_cards(p) and not self.locked(p):
                self.target = pos(q, s)
                self.phase = GIVE
            else:
                self._next_turn()
            return
        self.known[q][s] = self.game.all_mask | SHOWN
        self._refill()
        self.phase = PENALTY if self.pile else END  # nothing to draw: the game ends at once

    def _end_play(self) -> None:
        """The turn's play is over: open a stick window (house) or pass the turn."""
        self.peeked = -1
        if self.game.sticking:
            self.mover = self.turn
            self.wleft = self.game.players
            self._window_next()
        else:  # _next_turn(), inline: every turn of a playout ends here
            self.turns += 1
            self._begin_turn((self.turn + 1) % self.game.players)

    def _window_next(self) -> None:
        """The next seat of the stick window (next seat round to the player), else the next turn."""
        n = self.game.players
        seat = self.mover
        sits_out = self.caller if self.game.caller_locked else -1
        while self.wleft > 0:
            seat = (seat + 1) % n
            self.wleft -= 1
            if seat != sits_out:
                self.mover = seat
                self.phase = STICK
                return
        self._next_turn()

    def _next_turn(self) -> None:
        self.turns += 1
        self._begin_turn((self.turn + 1) % self.game.players)

    def _begin_turn(self, seat: int) -> None:
        self.turn = self.mover = seat
        self.drawn = EMPTY
        self.took = False
        self.target = -1
        if not self.pile:
            self._refill()
        if seat == self.caller or self.turns >= self.game.turn_limit or not self.pile:
            self.phase = END
        else:
            self.phase = START

    # -- bookkeeping ----------------------------------------------------------
    def clone(self) -> CambioState:
        return CambioState(self.game, self)

    def _copy(self, source: CambioState, history: bool) -> None:
        self.hands = [h[:] for h in source.hands]
        self.known = [k[:] for k in source.known]
        self.pile = source.pile[:]
        self.ndrawn = source.ndrawn
        self.discard = source.discard[:]
        self.phase = source.phase
        self.turn = source.turn
        self.mover = source.mover
        self.drawn = source.drawn
        self.took = source.took
        self.caller = source.caller
        self.turns = source.turns
        self.peeked = source.peeked
        self.target = source.target
        self.wleft = source.wleft
        if history:
            self.hist = source.hist  # shared until either side appends (copy on write)
            self.hist_shared = source.hist_shared = True
        else:
            self.hist = []
            self.hist_shared = False

    def history(self) -> list[int]:
        return list(self.hist)

    def scores(self) -> list[float]:
        """Each seat's total of card values (a seat with no cards scores 0)."""
        value = self.game.value
        return [float(sum([value[c] for c in hand if c >= 0])) for hand in self.hands]

    def winners(self) -> list[int]:
        """Lowest total wins; a caller tied for lowest gives the win to the tied others."""
        totals = self.scores()
        low = min(totals)
        best = [i for i, t in enumerate(totals) if t == low]
        if self.caller in best and len(best) > 1:
            best.remove(self.caller)
        return best

    def returns(self) -> list[float]:
        if self.phase != END:
            return [0.0] * self.game.players
        best = self.winners()
        return [1.0 / len(best) if i in best else 0.0 for i in range(self.game.players)]

    def cards(self) -> list[str]:
        out = [CODES[c] for hand in self.hands for c in hand if c >= 0]
        out += [CODES[c] for c in self.discard]
        out += [CODES[c] for c in self.pile]
        if self.drawn >= 0:
            out.append(CODES[self.drawn])
        return out

    def to_json(self) -> JSON:
        data = super().to_json()
        data.update(table_json(self, None))
        return data


def table_json(state: CambioState, viewer: int | None) -> dict[str, Any]:
    """The JSON fields relied on (docs/architecture.md) and the rest of the table, hiding what ``viewer`` cannot see."""

    def code(card: int) -> str | None:
        return None if card == EMPTY else "??" if card == UNKNOWN else CODES[card]

    n = state.game.players
    drawn = None if state.drawn == EMPTY else code(state.drawn)
    window: dict[str, Any] | None = None
    if state.phase in (STICK, PENALTY, GIVE):
        window = {
            "played": state.turn,
            "seat": state.mover,
            "give_to": None if state.target < 0 else f"{state.target & 7}.{state.target >> 3}",
        }
    return {
        "hands": [[code(c) for c in hand] for hand in state.hands],
        "discard": [CODES[c] for c in state.discard],
        "caller": None if state.caller < 0 else state.caller,
        "known": [[[q for q in range(n) if m >> q & 1] for m in ks] for ks in state.known],
        "shown": [[bool(m & SHOWN) for m in ks] for ks in state.known],
        "phase": PHASE_NAMES[state.phase],
        "turn": state.turn,
        "turns_played": state.turns,
        "drawn": drawn,
        "drawn_from": None if state.drawn == EMPTY else ("discard" if state.took else "deck"),
        "peeked": None if state.peeked < 0 else f"{state.peeked & 7}.{state.peeked >> 3}",
        "stick_window": window,
        "draw_pile": len(state.pile) if viewer is not None else sorted(CODES[c] for c in state.pile),
        "cards_drawn": state.ndrawn,
    }
