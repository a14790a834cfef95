"""Cambio's rules (RULES.md §1) on a state of plain ints and lists.

Hands are per-seat lists of card indices (``EMPTY`` for an emptied slot).
Knowledge sits beside them: ``known[seat][slot]`` is a bit mask of the seats
that know the card there. A switch swaps the two masks, so what anyone knew
moves with the cards; a card that goes face up gets every bit.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from deckhand.core.cards import CODES
from deckhand.core.deck import pile_allows, pile_outcomes, pile_remove, pile_sample
from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.protocol import CHANCE, JSON, TERMINAL, Action, State
from deckhand.games.cambio import notation as N
from deckhand.games.cambio.describe import describe_action, explain_illegal, say, table_json
from deckhand.games.cambio.options import KING, PEEK_OTHER, PEEK_OWN, SWITCH
from deckhand.games.cambio.phases import (
    DEAL,
    DRAWING,
    EMPTY,
    END,
    GIVE,
    HOLD,
    KING_PEEK,
    KING_SWITCH,
    PEEK_OTHER_P,
    PEEK_OWN_P,
    PENALTY,
    START,
    STICK,
    SWITCH_P,
    UNKNOWN,
)

__all__ = ["EMPTY", "UNKNOWN", "CambioState"]

if TYPE_CHECKING:
    from deckhand.games.cambio.game import CambioGame
    from deckhand.games.cambio.view import CambioView

_CHANCE_PHASES = (DEAL, DRAWING, PENALTY)
_POWER_PHASE = {PEEK_OWN: PEEK_OWN_P, PEEK_OTHER: PEEK_OTHER_P, SWITCH: SWITCH_P, KING: KING_PEEK}


class CambioState(State):
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

    game: CambioGame
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

    def __init__(self, game: CambioGame) -> None:
        self.game = game
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
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase == END:
            return TERMINAL
        return self.mover

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
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player() != CHANCE:
            raise IllegalActionError("not a chance node")
        return list(pile_outcomes(self.pile, self.game.stack, self.ndrawn))

    def sample_chance_outcome(self, rng: random.Random) -> Action:
        return pile_sample(self.pile, self.game.stack, self.ndrawn, rng)

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase in _CHANCE_PHASES:
            return [a for a, _ in pile_outcomes(self.pile, self.game.stack, self.ndrawn)]
        p = self.mover
        out: list[Action]
        if phase == START:
            out = [] if self.caller >= 0 else [N.A_CAMBIO]
            out.append(N.A_DRAW)
            if self.game.take_discard and self.discard and self._has_cards(p):
                out.append(N.A_TAKE)
            return out
        if phase == HOLD:
            out = [N.slot_action(N.SWAP, s) for s, c in enumerate(self.hands[p]) if c != EMPTY]
            if not self.took:
                out.append(N.A_DISCARD)
            return out
        if phase == STICK:
            return self._stick_actions(p)
        if phase == GIVE:
            out = [N.slot_action(N.GIVE, s) for s, c in enumerate(self.hands[p]) if c != EMPTY]
            out.append(N.A_KEEP)
            return out
        if phase == END:
            return []
        return self._power_actions(p, phase)

    def _has_cards(self, seat: int) -> bool:
        return any(c != EMPTY for c in self.hands[seat])

    def _slots(self, seat: int) -> list[int]:
        return [s for s, c in enumerate(self.hands[seat]) if c != EMPTY]

    def _power_actions(self, p: int, phase: int) -> list[Action]:
        hands = self.hands
        n = len(hands)
        out: list[int] = []
        if phase == PEEK_OWN_P:
            out = [N.pos_action(N.PEEK, p, s) for s in self._slots(p)]
        elif phase == PEEK_OTHER_P or (phase == KING_PEEK and self.game.king_peeked):
            out = [N.pos_action(N.PEEK, q, s) for q in range(n) if q != p for s in self._slots(q)]
        elif phase == KING_PEEK:
            out = [N.pos_action(N.PEEK, q, s) for q in range(n) for s in self._slots(q)]
        elif phase == KING_SWITCH and self.game.king_peeked:
            q, t = self.peeked & 7, self.peeked >> 3
            if not self.locked(q) and hands[q][t] != EMPTY:
                out = [N.switch_action(p, s, q, t) for s in self._slots(p)]
        elif (phase == SWITCH_P and not self.game.jq_any) or phase == KING_SWITCH:
            # own card with an opponent's, listed in notation order (lower position first)
            mine = self._slots(p)
            sw = N.switch_action
            for q in range(p):
                if not self.locked(q):
                    for t in self._slots(q):
                        out += [sw(q, t, p, s) for s in mine]
            later = [(q, self._slots(q)) for q in range(p + 1, n) if not self.locked(q)]
            for s in mine:
                for q, qs in later:
                    out += [sw(p, s, q, t) for t in qs]
        else:  # SWITCH_P, any two cards of two different seats, in notation order
            free = [(q, self._slots(q)) for q in range(n) if not self.locked(q)]
            sw = N.switch_action
            for i, (q, qs) in enumerate(free):
                for s in qs:
                    for r, rs in free[i + 1 :]:
                        out += [sw(q, s, r, t) for t in rs]
        out.append(N.A_SKIP)
        return list(out)

    def _power_legal(self, action: int) -> bool:
        """Legality in a power phase, without building the list when the answer is plain."""
        phase = self.phase
        if action == N.A_SKIP:
            return True
        kind, payload = N.decode(action)
        p = self.mover
        if kind == N.PEEK:
            q, s = payload & 7, payload >> 3
            if q >= len(self.hands) or s >= len(self.hands[q]) or self.hands[q][s] == EMPTY:
                return False
            if phase == PEEK_OWN_P:
                return q == p
            if phase == PEEK_OTHER_P or (phase == KING_PEEK and self.game.king_peeked):
                return q != p
            return phase == KING_PEEK
        if kind != N.SWITCH or phase not in (SWITCH_P, KING_SWITCH):
            return False
        return action in self._power_actions(p, phase)

    def _stick_actions(self, p: int) -> list[Action]:
        out: list[Action] = [
            N.pos_action(N.STICK, q, s) for q in range(len(self.hands)) if q != self.caller for s in self._slots(q)
        ]
        out.append(N.A_PASS)
        return out

    def why_illegal(self, action: object) -> str | None:
        """Why ``action`` cannot be played now, or ``None`` if it can."""
        if type(action) is not int:
            return f"{quote(action, 40)} is not a Cambio action"
        phase = self.phase
        if phase == END:
            return "the game is over"
        if phase in _CHANCE_PHASES:
            if not 0 <= action < N.BASE:
                return f"{say(action)}: a card must be dealt now"
            if not pile_allows(self.pile, self.game.stack, self.ndrawn, action):
                return f"{CODES[action]} cannot come next: it is not in the draw pile"
            return None
        if action < N.BASE:
            return f"{CODES[action] if action >= 0 else action}: it is seat {self.mover}'s move, not a deal"
        if phase in (START, HOLD, GIVE, STICK):
            if self._plain_legal(action):
                return None
        elif self._power_legal(action):
            return None
        return explain_illegal(self, action)

    def _plain_legal(self, action: int) -> bool:
        """Legality outside the powers, without building the list of legal actions."""
        kind, payload = N.decode(action)
        phase = self.phase
        p = self.mover
        if phase == START:
            if action == N.A_DRAW:
                return True  # a turn only starts when a card can be drawn
            if action == N.A_CAMBIO:
                return self.caller < 0
            return action == N.A_TAKE and self.game.take_discard and bool(self.discard) and self._has_cards(p)
        if phase == HOLD:
            if kind == N.SWAP:
                hand = self.hands[p]
                return payload < len(hand) and hand[payload] != EMPTY
            return action == N.A_DISCARD and not self.took
        if phase == STICK:
            if kind == N.STICK:
                q, s = payload & 7, payload >> 3
                return q < len(self.hands) and q != self.caller and s < len(self.hands[q]) and self.hands[q][s] != EMPTY
            return action == N.A_PASS
        if kind == N.GIVE:
            hand = self.hands[p]
            return payload < len(hand) and hand[payload] != EMPTY
        return action == N.A_KEEP

    def apply_action(self, action: Action) -> None:
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalActionError(why)
        assert isinstance(action, int)
        if self.hist_shared:
            self.hist = self.hist[:]
            self.hist_shared = False
        self.hist.append(action)
        self._do(action)

    def _do(self, a: int) -> None:
        """Play a legal action (no checks: playouts call it through apply_action)."""
        phase = self.phase
        if a < N.BASE:
            self._chance(a)
            return
        kind, payload = N.decode(a)
        p = self.mover
        if kind == N.DRAW:
            self.phase = DRAWING  # a turn starts only with cards in the draw pile
        elif kind == N.CAMBIO:
            self.caller = p
            self._next_turn()
        elif kind == N.TAKE:
            self.drawn = self.discard.pop()
            self.took = True
            self.phase = HOLD
        elif kind == N.SWAP:
            hand = self.hands[p]
            old = hand[payload]
            hand[payload] = self.drawn
            self.known[p][payload] = self.game.all_mask if self.took else 1 << p
            self.discard.append(old)
            self.drawn = EMPTY
            self._end_play()
        elif kind == N.DISCARD:
            card = self.drawn
            self.discard.append(card)
            self.drawn = EMPTY
            power = self.game.power[card]
            if power:
                self.phase = _POWER_PHASE[power]
            else:
                self._end_play()
        elif kind == N.PEEK:
            q, s = payload & 7, payload >> 3
            self.known[q][s] |= 1 << p
            if phase == KING_PEEK:
                self.peeked = payload
                self.phase = KING_SWITCH
            else:
                self._end_play()
        elif kind == N.SWITCH:
            sa, ta, sb, tb = N.switch_positions(payload)
            ha, hb, ka, kb = self.hands[sa], self.hands[sb], self.known[sa], self.known[sb]
            ha[ta], hb[tb] = hb[tb], ha[ta]
            ka[ta], kb[tb] = kb[tb], ka[ta]
            self._end_play()
        elif kind == N.SKIP:
            self._end_play()
        elif kind == N.PASS:
            self._window_next()
        elif kind == N.STICK:
            self._stick(p, payload & 7, payload >> 3)
        elif kind == N.GIVE:
            q, t = self.target & 7, self.target >> 3
            self.hands[q][t] = self.hands[p][payload]
            self.known[q][t] = self.known[p][payload]
            self.hands[p][payload] = EMPTY
            self.known[p][payload] = 0
            self._next_turn()
        else:  # KEEP
            self._next_turn()

    def _chance(self, card: int) -> None:
        pile_remove(self.pile, card)
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
                self.target = N.pos(q, s)
                self.phase = GIVE
            else:
                self._next_turn()
            return
        self.known[q][s] = self.game.all_mask
        self._refill()
        self.phase = PENALTY if self.pile else END  # nothing to draw: the game ends at once

    def _end_play(self) -> None:
        """The turn's play is over: open a stick window (house) or pass the turn."""
        self.peeked = -1
        if self.game.sticking:
            self.mover = self.turn
            self.wleft = self.game.players
            self._window_next()
        else:
            self._next_turn()

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
        self._refill()
        if seat == self.caller or self.turns >= self.game.turn_limit or not self.pile:
            self.phase = END
        else:
            self.phase = START

    # -- bookkeeping ----------------------------------------------------------
    def clone(self) -> CambioState:
        c = object.__new__(CambioState)
        c.game = self.game
        c.hands = [h[:] for h in self.hands]
        c.known = [k[:] for k in self.known]
        c.pile = self.pile[:]
        c.ndrawn = self.ndrawn
        c.discard = self.discard[:]
        c.phase = self.phase
        c.turn = self.turn
        c.mover = self.mover
        c.drawn = self.drawn
        c.took = self.took
        c.caller = self.caller
        c.turns = self.turns
        c.peeked = self.peeked
        c.target = self.target
        c.wleft = self.wleft
        c.hist = self.hist  # shared until either side appends (copy on write)
        c.hist_shared = self.hist_shared = True
        return c

    def history(self) -> list[Action]:
        return list(self.hist)

    def action_to_string(self, action: Action) -> str:
        if type(action) is not int or action < 0:
            raise IllegalActionError(f"{quote(action, 40)} is not a Cambio action")
        return N.to_string(action)

    def string_to_action(self, text: str) -> Action:
        return N.parse(text, self.game.players)

    def is_quiet(self, action: Action) -> bool:
        return action == N.A_PASS  # most of a stick window is seats not sticking

    def announce(self, action: Action, names: Sequence[str]) -> list[str]:
        if self.phase == PENALTY and type(action) is int and action < N.BASE:  # the card itself stays face down
            return [f"A penalty card goes face down to {names[self.mover]}, into slot {len(self.hands[self.mover])}."]
        return []

    def describe_action(self, action: Action) -> str:
        if type(action) is not int or action < 0:
            raise IllegalActionError(f"{quote(action, 40)} is not a Cambio action")
        return describe_action(self, action)

    def scores(self) -> list[float]:
        """Each seat's total of card values (a seat with no cards scores 0)."""
        value = self.game.value
        return [float(sum(value[c] for c in hand if c >= 0)) for hand in self.hands]

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

    def view(self, player: int) -> CambioView:
        from deckhand.games.cambio.view import CambioView

        return CambioView(self, player)

    def information_key(self, player: int) -> Hashable:
        from deckhand.games.cambio.view import information_key

        return information_key(self, player)

    def rollout_action(self, rng: random.Random) -> Action:
        from deckhand.games.cambio.rollout import rollout_action

        return rollout_action(self, rng)

    def play_out(self, rng: random.Random) -> list[float]:
        """The playout loop without legality checks: the policy's moves and sampled cards are legal."""
        from deckhand.games.cambio.rollout import rollout_action

        stack = self.game.stack
        while True:
            phase = self.phase
            if phase == END:
                return self.returns()
            if phase in _CHANCE_PHASES:
                action = pile_sample(self.pile, stack, self.ndrawn, rng)
            else:
                action = rollout_action(self, rng)
            if self.hist_shared:
                self.hist = self.hist[:]
                self.hist_shared = False
            self.hist.append(action)
            self._do(action)

    def to_json(self) -> JSON:
        data = super().to_json()
        data.update(table_json(self, None))
        return data
