"""What one seat of Basra may know: everything but the other hands and the deck.

Partners (at four seats) do not see each other's hands either.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from deckhand.core.protocol import JSON, RedactedView, player_label
from deckhand.core.turns import TERMINAL
from deckhand.games.basra.captures import BasraAction, Move
from deckhand.games.basra.cards import ORDER, codes
from deckhand.games.basra.options import BasraSetup
from deckhand.games.basra.state import BasraState, public_json


class BasraView(RedactedView[BasraState, BasraAction]):
    """A seat's view: its own hand, the other hands' sizes, the table, both sides' piles, the scores.

    The undealt cards and the other hands are hidden; :meth:`sample_world`
    deals them out again uniformly. The public view (``PUBLIC``) hides every hand.
    """

    game: BasraSetup

    def __init__(self, state: BasraState, player: int) -> None:
        super().__init__(state, player)
        self._counts = tuple(map(len, state.hands))
        self._deck_left = len(state.pile)

    def redact(self, state: BasraState, player: int) -> BasraState:
        # The hands the viewer cannot see, the undealt cards and the history
        # (which names every card dealt) are dropped; the view keeps their counts.
        public = state.clone()
        for seat in range(len(public.hands)):
            if seat != player:
                public.hands[seat] = []
        public.pile = []
        public.hist = []
        public._moves = None
        return public

    # -- what agents read ---------------------------------------------------
    @property
    def hand(self) -> tuple[int, ...]:
        """The viewer's cards, in rank order (none in the public view)."""
        return tuple(self._public.hands[self.player]) if self.player >= 0 else ()

    @property
    def table(self) -> tuple[int, ...]:
        """The cards on the table, in rank order."""
        return tuple(self._public.table)

    @property
    def other_count(self) -> int:
        """How many cards the next seat holds: the opponent who answers the viewer's move."""
        return self._counts[(self.player + 1) % len(self._counts)]

    @property
    def counts(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return self._counts

    @property
    def deck_left(self) -> int:
        """Cards still to be dealt this deck."""
        return self._deck_left

    def moves(self) -> list[Move]:
        """The viewer's moves, typed (a fresh list): ``[]`` when it is not to move."""
        if self._public.to_move != self.player:
            return []
        return list(self._public.moves())

    @property
    def unseen(self) -> tuple[int, ...]:
        """Cards this seat has not seen this deck: the other hand and the deck, sorted by rank."""
        s = self._public
        known = set(self.hand) | set(s.table) | set(s.piles[0]) | set(s.piles[1]) | set(s.buried)
        return tuple(sorted((c for c in self.game.deck_cards if c not in known), key=ORDER.__getitem__))

    @property
    def piles(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cards each side has won this deck (side ``seat & 1``: at two seats, the seat)."""
        return tuple(self._public.piles[0]), tuple(self._public.piles[1])

    @property
    def totals(self) -> tuple[int, int]:
        """Each side's points so far."""
        return self._public.totals[0], self._public.totals[1]

    @property
    def last_capturer(self) -> int:
        """The seat that took cards last this deck (the leftovers go to its side), or -1."""
        return self._public.last

    @property
    def dealer(self) -> int:
        """The seat that dealt this deck's cards."""
        return self._public.dealer

    @property
    def basras(self) -> tuple[int, ...]:
        """Each seat's basras so far."""
        return tuple(self._public.basras)

    @property
    def deck_number(self) -> int:
        """Which deck is being played, from 1."""
        return self._public.deck_no

    @property
    def set_aside(self) -> tuple[int, ...]:
        """Cards dealt to the opening table and set aside to go back into the deck (``bury``)."""
        return tuple(self._public.buried)

    # -- the protocol -------------------------------------------------------
    def to_json(self) -> JSON:
        s = self._public
        hands: list[object] = [
            codes(s.hands[seat]) if seat == self.player else count for seat, count in enumerate(self._counts)
        ]
        return {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": self.game.public_options(),
            "current_player": player_label(s.to_move),
            "scores": s.scores(),
            "viewer": self.player,
            "hands": hands,
            **public_json(s, self._deck_left),
            "draws": s.drawn,
            "returns": s.returns() if s.to_move == TERMINAL else None,
        }

    def is_determined(self) -> bool:
        """Every card known: the deck is dealt out and at most one other hand holds cards."""
        others = sum(1 for seat, count in enumerate(self._counts) if seat != self.player and count)
        return self._deck_left == 0 and others <= 1

    def sample_world(self, rng: random.Random) -> BasraState:
        """A full state agreeing with this view; its history starts here (it is empty)."""
        world = self._public.clone()
        s = self._public
        known = set(self.hand) | set(s.table) | set(s.piles[0]) | set(s.piles[1]) | set(s.buried)
        hidden = [c for c in self.game.deck_cards if c not in known]
        # The other hands are a uniform choice of the unseen cards (a partial shuffle); the
        # rest is the pile, whose order carries nothing: each deal draws from it at random.
        n = len(hidden)
        start = 0
        draw = rng.random
        for seat, count in enumerate(self._counts):
            if seat == self.player:
                continue
            for i in range(start, start + count):
                j = i + int(draw() * (n - i))
                hidden[i], hidden[j] = hidden[j], hidden[i]
            world.hands[seat] = sorted(hidden[start : start + count], key=ORDER.__getitem__)
            start += count
        world.pile = hidden[start:]
        world._moves = None
        return world


def information_key(state: BasraState, player: int) -> Hashable:
    """Everything ``player`` knows of ``state`` as a tuple: equal exactly when the views are."""
    return (
        player,
        state.to_move,
        tuple(state.hands[player]),
        tuple(map(len, state.hands)),
        tuple(state.table),
        tuple(state.piles[0]),
        tuple(state.piles[1]),
        tuple(state.totals),
        tuple(state.basras),
        state.dealer,
        state.deck_no,
        len(state.pile),
        state.drawn,
        tuple(state.buried),
        state.last,
    )
