"""What one Cambio seat knows, and worlds consistent with it.

A view holds a *redacted* state: the real state with every card the viewer
cannot place replaced by ``UNKNOWN`` (hands, another seat's drawn card, the
draw pile). Legal actions and notation never depend on hidden cards, so the
redacted state answers them; ``sample_world`` deals the unplaced cards
uniformly into the unknown places, ``sample_likely_world`` deals low cards
more often into places whose owner has seen them and kept them.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Hashable, Sequence
from itertools import accumulate

from deckhand.core.cards import CODES
from deckhand.core.protocol import JSON, RedactedView, player_label
from deckhand.games.cambio.actions import BASE, Kind, decode
from deckhand.games.cambio.options import CambioSetup
from deckhand.games.cambio.phases import EMPTY, END, SHOWN, UNKNOWN
from deckhand.games.cambio.state import CambioState, table_json


def information_key(state: CambioState, player: int) -> Hashable:
    """Equal exactly when ``state.view(player)`` is: everything the view shows, as one flat tuple.

    Each seat contributes its slots (hidden ones as ``UNKNOWN``), then who
    knows each slot, then a separator; the discard pile comes last.
    """
    bit = 1 << player
    drawn = state.drawn
    took = state.took and drawn != EMPTY
    if not (drawn == EMPTY or took or state.mover == player):
        drawn = UNKNOWN
    flat = [
        player,
        state.phase,
        state.turn,
        state.mover,
        drawn,
        took,
        state.caller,
        state.turns,
        state.peeked,
        state.target,
        state.ndrawn,
        len(state.pile),
        len(state.discard),
    ]
    everything = state.phase == END
    for hand, known in zip(state.hands, state.known, strict=True):
        if everything:
            flat += hand
        else:
            for c, m in zip(hand, known, strict=False):  # equal lengths by construction
                flat.append(c if c < 0 or m & bit else UNKNOWN)
        flat += known
        flat.append(-9)
    flat += state.discard
    return tuple(flat)


KEPT_LEAN = 0.3
"""How strongly a kept card leans low: its weight is ``exp(-lean * value)`` at full strength."""
KEPT_TURNS = 3
"""Turns of its owner's after which a seen card still in place has surely been judged worth keeping."""


def lean_weights(values: Sequence[int], turns: int) -> list[float]:
    """Per card index, the weight of a card kept for ``turns`` of its owner's turns (at most ``KEPT_TURNS``)."""
    strength = min(turns, KEPT_TURNS) / KEPT_TURNS
    return [math.exp(-KEPT_LEAN * strength * v) for v in values]


class CambioView(RedactedView[CambioState, int]):
    """Seat ``player``'s knowledge of a Cambio table, read through typed accessors."""

    game: CambioSetup

    def __init__(self, state: CambioState, player: int) -> None:
        super().__init__(state, player)
        self._unplaced: list[int] | None = None
        self._holes: list[tuple[int, int]] | None = None
        self._leans: dict[int, list[float]] = {}

    def _lean(self, turns: int) -> list[float]:
        """:func:`lean_weights` for this game's cards, computed once a view (searches sample thousands of worlds)."""
        weights = self._leans.get(turns)
        if weights is None:
            weights = self._leans[turns] = lean_weights(self.game.value, turns)
        return weights

    def redact(self, state: CambioState, player: int) -> CambioState:
        """A copy of ``state`` holding only what ``player`` can place; no history."""
        r = CambioState(state.game, state, history=False)  # a copy; then what the viewer cannot place goes
        # A seat sees what it knows; the public view (PUBLIC), only what the table saw face up (a failed
        # stick's card), never a card known through peeks, however many seats peeked it.
        need = (1 << player) if player >= 0 else SHOWN
        everything = state.phase == END  # everyone turns their cards over
        r.hands = [
            [c if c < 0 or everything or m & need else UNKNOWN for c, m in zip(h, k, strict=True)]
            for h, k in zip(state.hands, state.known, strict=True)
        ]
        r.pile = [UNKNOWN] * len(state.pile)
        drawn = state.drawn
        r.drawn = drawn if drawn == EMPTY or state.took or state.mover == player else UNKNOWN
        return r

    # -- what agents read: ints and tuples, never the redacted copy ------------
    @property
    def phase(self) -> int:
        """The phase of the turn (``state.START``, ``state.HOLD``...)."""
        return self._public.phase

    def hand(self, seat: int) -> tuple[int, ...]:
        """Seat ``seat``'s slots as the viewer knows them (card index, ``EMPTY`` or ``UNKNOWN``)."""
        return tuple(self._public.hands[seat])

    def known(self, seat: int) -> tuple[int, ...]:
        """Per slot of ``seat``, the bit mask of the seats that know its card."""
        return tuple(self._public.known[seat])

    @property
    def discard(self) -> tuple[int, ...]:
        """The discard pile, bottom first (every card in it is face up)."""
        return tuple(self._public.discard)

    @property
    def drawn(self) -> int:
        """The card in the mover's hand: its index, ``EMPTY``, or ``UNKNOWN`` if the viewer did not see it."""
        return self._public.drawn

    @property
    def took(self) -> bool:
        """Whether the card in hand was taken from the discard pile (it must be swapped in)."""
        return self._public.took

    @property
    def caller(self) -> int:
        """The seat that called cambio, or -1."""
        return self._public.caller

    @property
    def peeked(self) -> int:
        """The position a black king peeked at this turn (``slot * 8 + seat``), or -1."""
        return self._public.peeked

    @property
    def turns(self) -> int:
        """Turns played so far."""
        return self._public.turns

    def locked(self, seat: int) -> bool:
        """Whether ``seat``'s cards are the caller's and cannot be switched."""
        return self._public.locked(seat)

    @property
    def turn(self) -> int:
        """The seat whose turn it is (in a stick window, the seat that played)."""
        return self._public.turn

    @property
    def give_to(self) -> int:
        """The position a right stick emptied and a give fills (``slot * 8 + seat``), or -1."""
        return self._public.target

    @property
    def pile_size(self) -> int:
        """How many cards the draw pile holds."""
        return len(self._public.pile)

    def to_json(self) -> JSON:
        r = self._public
        data: JSON = {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": self.game.public_options(),
            "current_player": player_label(r.current_player()),
            "scores": r.scores() if r.phase == END else [None] * self.game.players,
            "viewer": self.player,
        }
        data.update(table_json(r, self.player))
        if r.phase == END:
            data["winners"] = r.winners()
        return data

    def unplaced(self) -> tuple[int, ...]:
        """The cards the viewer cannot place (a multiset of card indices, sorted)."""
        if self._unplaced is None:
            self._unplaced = self._count_unplaced()
        return tuple(self._unplaced)

    def _count_unplaced(self) -> list[int]:
        counts = list(self.game.deck_counts)
        r = self._public
        for hand in r.hands:
            for c in hand:
                if c >= 0:
                    counts[c] -= 1
        for c in r.discard:
            counts[c] -= 1
        if r.drawn >= 0:
            counts[r.drawn] -= 1
        out: list[int] = []
        for card, n in enumerate(counts):
            if n:
                out.extend([card] * n)
        return out

    def sample_world(self, rng: random.Random) -> CambioState:
        """A full state that looks like this view: unplaced cards dealt uniformly at random.

        Only the unknown hand slots (and another seat's drawn card) need a
        random draw: the pile is unordered, so the rest go there as they are.
        A sampled world has no history: it is a determinization to search
        from, not a game to replay.
        """
        if self._unplaced is None:
            self._unplaced = self._count_unplaced()
        if self._holes is None:
            self._holes = [
                (q, s) for q, hand in enumerate(self._public.hands) for s, c in enumerate(hand) if c == UNKNOWN
            ]
        cards = self._unplaced[:]
        n = len(cards)
        w = self._public.clone()
        hands = w.hands
        random_ = rng.random
        i = 0
        for q, s in self._holes:  # a partial Fisher-Yates shuffle
            j = i + int(random_() * (n - i))
            cards[i], cards[j] = cards[j], cards[i]
            hands[q][s] = cards[i]
            i += 1
        if w.drawn == UNKNOWN:
            j = i + int(random_() * (n - i))
            cards[i], cards[j] = cards[j], cards[i]
            w.drawn = cards[i]
            i += 1
        w.pile = cards[i:]
        return w

    def sample_likely_world(self, rng: random.Random) -> CambioState:
        """Like ``sample_world``, but a card that another seat has seen and kept leans low.

        Players replace their high cards, so after a few of its owner's turns
        a seen card still in its slot is likely a low one. Such places are
        dealt first, each card weighted ``exp(-KEPT_LEAN * value)`` (the lean
        grows over the owner's first ``KEPT_TURNS`` turns); the rest are
        dealt uniformly.
        """
        r = self._public
        if self._unplaced is None:
            self._unplaced = self._count_unplaced()
        if self._holes is None:
            self._holes = [(q, s) for q, hand in enumerate(r.hands) for s, c in enumerate(hand) if c == UNKNOWN]
        n_seats = self.game.players
        kept = [(q, s) for q, s in self._holes if q != self.player and r.known[q][s] >> q & 1]
        if not kept:
            return self.sample_world(rng)
        cards = self._unplaced[:]
        w = r.clone()
        hands = w.hands
        for q, s in kept:
            owner_turns = (r.turns + (n_seats - 1 - q)) // n_seats  # turns seat q has begun
            if owner_turns <= 0:  # its owner has not judged it yet: every weight is 1
                k = int(rng.random() * len(cards))
            else:
                weight = self._lean(min(owner_turns, KEPT_TURNS))
                cumulative = list(accumulate([weight[c] for c in cards]))
                k = bisect_right(cumulative, rng.random() * cumulative[-1])
            hands[q][s] = cards[k]
            cards[k] = cards[-1]
            cards.pop()
        random_ = rng.random
        n = len(cards)
        i = 0
        for q, s in self._holes:
            if hands[q][s] != UNKNOWN:
                continue
            j = i + int(random_() * (n - i))
            cards[i], cards[j] = cards[j], cards[i]
            hands[q][s] = cards[i]
            i += 1
        if w.drawn == UNKNOWN:
            j = i + int(random_() * (n - i))
            cards[i], cards[j] = cards[j], cards[i]
            w.drawn = cards[i]
            i += 1
        w.pile = cards[i:]
        return w


def glimpse(view: CambioView, action: int | None = None) -> dict[str, str]:
    """The card a peek (``action``) showed the viewer alone; with no action, its own cards known from the deal."""
    if action is None:
        seat = view.player
        return {f"{seat}.{s}": CODES[c] for s, c in enumerate(view.hand(seat)) if c >= 0}
    if type(action) is not int or action < BASE:
        return {}
    kind, payload = decode(action)
    if kind != Kind.PEEK:
        return {}
    q, s = payload & 7, payload >> 3
    hand = view.hand(q)
    card = hand[s] if s < len(hand) else UNKNOWN
    return {f"{q}.{s}": CODES[card]} if card >= 0 else {}
