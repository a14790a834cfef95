"""Cambio for learning environments: a token per move (two for a switch), and a seat's knowledge as a tensor.

Slots: a seat is dealt ``cards`` slots and, with sticking, gains one per
penalty (at most one per turn), so no seat ever has more than
``max_slots = cards + turns`` slots (``cards`` without sticking), where
``turns = max_rounds * players``. A position ``seat.slot`` is numbered
``seat * max_slots + slot``.

Tokens (``S = max_slots``, ``P = players * S`` positions):

====================  =========================  =============================
tokens                meaning                    move
====================  =========================  =============================
0 .. 6                cambio, draw, take,        the word itself
                      discard, skip, pass, keep
7 + s                 swap s                     ``swap s``
7 + S + s             give s                     ``give s``
7 + 2S + p            peek p                     ``peek q.s``
7 + 2S + P + p        stick p                    ``stick q.s``
7 + 2S + 2P + p       switch p                   first (lower) position of ``switch``
7 + 2S + 3P + p       with p                     its second position
====================  =========================  =============================

``num_tokens = 7 + 2S + 4P``; a switch is two tokens ``[switch a, with b]``
(``a`` before ``b`` in notation order), every other move one, so
``max_tokens = 2``. Chance outcomes are card indices (``max_chance_outcomes = 53``;
the joker is 52).

Observation, flat, seats counted from the viewer (a spectator counts from
seat 0); ``K = min(S, 2 * cards + 8)`` slots per seat are shown one by one:

* the viewer's seat one-hot (``players``; all zero for a spectator), to
  read the absolute seats of the tokens;
* per seat (``players`` blocks), per slot ``k < K``, ``3 + 53 + players``
  floats: a card lies there, the slot was emptied, the viewer sees the card,
  the card one-hot (53, if seen), which seats know it (one per seat, from
  the viewer); then 4 floats: cards held / S, cards held beyond slot K / S,
  the seat called cambio, its cards are locked;
* the discard pile: its top card one-hot (53), every card's count in it
  (53, / the copies in the deck), its size / deck size;
* the card in hand: one-hot (53, if the viewer sees it), none, hidden,
  taken from the discard pile (56);
* the phase one-hot (13, ``state.PHASE_NAMES``);
* the seat to move, the seat whose turn it is (one-hot each, ``players``);
* the position a black king peeked and the one a give fills: seat one-hot
  (``players``) and slot one-hot (``K``) each;
* draw pile size / deck size, turns played / the turn limit.

``observation_shape = (players * (K * (56 + players) + 4) + 107 + 56 + 13 + 5 * players + 2 * K + 2,)``.
"""

from __future__ import annotations

from typing import cast

from deckhand.core.encoding import Encoding, one_hot, relative_seat
from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.protocol import Action, View
from deckhand.games.cambio.actions import BASE, WORDS, Kind, decode, switch_positions
from deckhand.games.cambio.options import CambioSetup
from deckhand.games.cambio.phases import EMPTY, PHASE_NAMES, UNKNOWN
from deckhand.games.cambio.view import CambioView

CARD_KINDS = 53
"""Card indices 0..52: the 52 cards and the joker."""
_WORDS = len(WORDS)


class CambioEncoding(Encoding):
    """Cambio's moves as fixed tokens; a seat's view as a flat tensor (see the module docstring)."""

    max_tokens = 2

    def __init__(self, game: CambioSetup) -> None:
        self.game = game
        n = self.players = game.players
        cards = game.cards_per_seat
        s = self.max_slots = cards + game.turn_limit if game.sticking else cards
        p = self.positions = n * s
        self.shown_slots = min(s, 2 * cards + 8)
        self._swap = _WORDS
        self._give = self._swap + s
        self._peek = self._give + s
        self._stick = self._peek + p
        self._switch = self._stick + p
        self._with = self._switch + p
        self.num_tokens = self._with + p
        self.max_chance_outcomes = CARD_KINDS
        k = self.shown_slots
        size = n * (k * (3 + CARD_KINDS + n) + 4) + 2 * CARD_KINDS + 1 + CARD_KINDS + 3
        size += len(PHASE_NAMES) + 5 * n + 2 * k + 2
        self.observation_shape = (size,)
        self._deck_size = len(game.deck_list)

    # -- tokens ------------------------------------------------------------------------
    def _position(self, seat: int, slot: int) -> int:
        if not (0 <= seat < self.players and 0 <= slot < self.max_slots):
            raise IllegalActionError(f"position {seat}.{slot} is outside this Cambio table")
        return seat * self.max_slots + slot

    def tokens(self, action: Action) -> tuple[int, ...]:
        if type(action) is not int or action < BASE:
            raise IllegalActionError(f"{quote(action, 40)} is not a Cambio move")
        kind, payload = decode(action)
        if kind < _WORDS and payload == 0:
            return (kind,)
        if kind == Kind.SWAP and payload < self.max_slots:
            return (self._swap + payload,)
        if kind == Kind.GIVE and payload < self.max_slots:
            return (self._give + payload,)
        if kind in (Kind.PEEK, Kind.STICK):
            base = self._peek if kind == Kind.PEEK else self._stick
            return (base + self._position(payload & 7, payload >> 3),)
        if kind == Kind.SWITCH:
            sa, ta, sb, tb = switch_positions(payload)
            return (self._switch + self._position(sa, ta), self._with + self._position(sb, tb))
        raise IllegalActionError(f"{quote(action, 40)} is not a Cambio move")

    def token_name(self, token: int) -> str:
        if not 0 <= token < self.num_tokens:
            raise IllegalActionError(f"token {quote(token)} is not in range({self.num_tokens})")
        if token < _WORDS:
            return WORDS[token]
        if token < self._peek:
            kind, base = ("swap", self._swap) if token < self._give else ("give", self._give)
            return f"{kind} {token - base}"
        block, offset = divmod(token - self._peek, self.positions)
        seat, slot = divmod(offset, self.max_slots)
        return f"{('peek', 'stick', 'switch', 'with')[block]} {seat}.{slot}"

    # -- observation ----------------------------------------------------------------
    def _place(self, position: int, viewer: int) -> list[float]:
        """A position written ``slot * 8 + seat`` (or -1) as seat one-hot + shown slot one-hot."""
        n, k = self.players, self.shown_slots
        if position < 0:
            return [0.0] * (n + k)
        return one_hot(n, relative_seat(position & 7, viewer, n)) + one_hot(k, position >> 3)

    def observation(self, view: View) -> list[float]:
        v = cast(CambioView, view)
        n, k, s = self.players, self.shown_slots, self.max_slots
        me = v.player
        out = one_hot(n, me)
        for r in range(n):
            seat = (r + max(me, 0)) % n
            hand, known = v.hand(seat), v.known(seat)
            held = 0
            for slot in range(k):
                card = hand[slot] if slot < len(hand) else EMPTY
                exists = slot < len(hand)
                out += [float(exists and card != EMPTY), float(exists and card == EMPTY), float(card >= 0)]
                out += one_hot(CARD_KINDS, card)
                mask = known[slot] if exists else 0
                out += [float(mask >> ((r2 + max(me, 0)) % n) & 1) for r2 in range(n)]
            held = sum(1 for c in hand if c != EMPTY)
            beyond = sum(1 for c in hand[k:] if c != EMPTY)
            out += [held / s, beyond / s, float(v.caller == seat), float(v.locked(seat))]
        discard = v.discard
        out += one_hot(CARD_KINDS, discard[-1] if discard else -1)
        counts = [0.0] * CARD_KINDS
        for card in discard:
            counts[card] += 1.0
        copies = self.game.deck_counts
        out += [c / copies[i] if copies[i] else 0.0 for i, c in enumerate(counts)]
        out.append(len(discard) / self._deck_size)
        drawn = v.drawn
        out += one_hot(CARD_KINDS, drawn)
        out += [float(drawn == EMPTY), float(drawn == UNKNOWN), float(drawn != EMPTY and v.took)]
        out += one_hot(len(PHASE_NAMES), v.phase)
        out += one_hot(n, relative_seat(v.current_player(), me, n))
        out += one_hot(n, relative_seat(v.turn, me, n))
        out += self._place(v.peeked, me)
        out += self._place(v.give_to, me)
        out += [v.pile_size / self._deck_size, v.turns / self.game.turn_limit]
        return out
