"""What one seat may know: its own hand, the other hand's size, the table, both piles.

The view keeps a private copy of the state with the opponent's hand folded
back into the unseen cards, so that its legal moves and notation come from
the same code as the state's and nothing hidden can leak through it.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from deckhand.core.protocol import RedactedView, player_label
from deckhand.games.casino.moves import ORDER, Build, CasinoAction
from deckhand.games.casino.options import CasinoSetup
from deckhand.games.casino.state import CasinoState, public_json


def information_key(state: CasinoState, player: int) -> Hashable:
    """Everything the view shows, as a tuple: equal exactly when the views are."""
    other = 1 - player
    return (
        player,
        state.phase,
        state.current_player(),
        state.round,
        state.call,
        state.leader,
        tuple(state.hands[player]),
        len(state.hands[other]),
        tuple(state.loose),
        tuple(state.builds),
        tuple(state.piles[0]),
        tuple(state.piles[1]),
        len(state.pile),
        tuple(state.aside),
        state.last_capturer,
        tuple(state.tally),
        state.last_points,
        state.notes,
    )


class CasinoView(RedactedView[CasinoState, CasinoAction]):
    """Seat ``player``'s view of a Casino state."""

    game: CasinoSetup
    """The game with its options: its card tables (``vals``, ``rank``) are what agents reckon with."""
    _counts: tuple[int, int]
    """How many cards each hand the viewer cannot see holds (0 for its own)."""

    def redact(self, state: CasinoState, player: int) -> CasinoState:
        masked = state.clone()
        hidden = [seat for seat in (0, 1) if seat != player]  # the public view (PUBLIC) sees neither hand
        masked.pile = sorted(masked.pile + [c for seat in hidden for c in masked.hands[seat]], key=ORDER.__getitem__)
        self._counts = (len(state.hands[0]) if 0 in hidden else 0, len(state.hands[1]) if 1 in hidden else 0)
        for seat in hidden:
            masked.hands[seat] = []
        if masked.stack is not state.game.stack:
            masked.stack = ()  # a save's deck order is not public
            masked.drawn = 0
        masked.hist = []
        masked.origin = None
        if state.current_player() != player:
            masked.forget_legal_actions()  # they were the opponent's, worked out from its hand
        return masked

    # -- what agents read ---------------------------------------------------
    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's cards (indices into ``deckhand.core.cards.CARDS``), in the order they were dealt."""
        return tuple(self._public.hands[self.player]) if self.player >= 0 else ()

    @property
    def hidden_count(self) -> int:
        """How many cards the opponent holds (both hands together, in the public view)."""
        return sum(self._counts)

    @property
    def loose(self) -> tuple[int, ...]:
        """The loose cards on the table, in the order they were laid."""
        return tuple(self._public.loose)

    @property
    def builds(self) -> tuple[Build, ...]:
        """The builds on the table: ``(value, owner, parts)``, one entry per owner and value."""
        return tuple(self._public.builds)

    @property
    def piles(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's captured cards this round."""
        piles = self._public.piles
        return tuple(piles[0]), tuple(piles[1])

    @property
    def round(self) -> int:
        return self._public.round

    @property
    def last_capturer(self) -> int | None:
        """Who captured last this round: the table's cards go to that seat at the end."""
        last = self._public.last_capturer
        return last if last >= 0 else None

    @property
    def deck_count(self) -> int:
        """Cards still to be dealt."""
        return len(self._public.pile) - sum(self._counts)  # the masked pile holds the hidden hands too

    @property
    def phase(self) -> int:
        """The phase (``state.CALL``, ``COIN``, ``DEAL``, ``PLAY``, ``OVER``)."""
        return self._public.phase

    @property
    def call(self) -> int:
        """Seat 0's call of the coin: 0 heads, 1 tails, -1 not yet."""
        return self._public.call

    @property
    def leader(self) -> int:
        """The seat that plays first this round."""
        return self._public.leader

    @property
    def tally(self) -> tuple[int, int]:
        """Each seat's tournament points from the rounds played."""
        return self._public.tally[0], self._public.tally[1]

    # -- the protocol -----------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        s = self._public
        data: dict[str, Any] = {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": self.game.public_options(),
            "current_player": player_label(s.current_player()),
            "scores": s.scores(),
            "viewer": self.player,
        }
        data.update(public_json(s, self.player))
        for seat in (0, 1):
            if seat != self.player:
                data["hands"][seat] = ["??"] * self._counts[seat]
        data["deck_count"] = self.deck_count
        return data

    def is_determined(self) -> bool:
        """Every card known: nothing left to deal and at most one hand hidden holds cards."""
        return self.deck_count == 0 and sum(1 for count in self._counts if count) <= 1

    def sample_world(self, rng: random.Random) -> CasinoState:
        """Deal the opponent's hand at random from the cards this seat has not seen."""
        world = self._public.clone()
        pile = world.pile
        for seat, count in enumerate(self._counts):
            hand = world.hands[seat]
            for _ in range(count):
                i = int(rng.random() * len(pile))
                hand.append(pile[i])
                pile[i] = pile[-1]
                pile.pop()
        world.forget_legal_actions()
        return world
