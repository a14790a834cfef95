"""What one seat knows in Go Fish: its hand, and what the table has learned of the others.

Public to all: every hand's size, the cards the table has seen in each hand
(handed over, or drawn and shown), the ranks each seat is known to hold (it
asked for them) or to lack (it said "go fish", or gave them all away, since
its last unseen draw), the books and the size of the stock. ``sample_world``
deals every other card back as a whole history that agrees with all the table saw
(``belief.py``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from deckhand.core.cards import CODES
from deckhand.core.protocol import JSON, RedactedView, player_label
from deckhand.games.go_fish.belief import Worlds, masked_history, read_facts
from deckhand.games.go_fish.options import DECK_SIZE
from deckhand.games.go_fish.state import (
    HIDDEN,
    PHASES,
    GoFishState,
    book_cards,
    by_rank,
    public_json,
    rank_of,
)


class GoFishView(RedactedView[GoFishState, int]):
    """A seat's view; agents read it through the typed accessors below."""

    def __init__(self, state: GoFishState, player: int) -> None:
        super().__init__(state, player)
        self._history = masked_history(state, player)
        """The history with every draw the viewer did not see hidden: what its worlds are dealt from."""
        self._worlds: dict[bool, Worlds] = {}
        """The chains of worlds, for all that fits the history (False) and for sensible players (True)."""

    def redact(self, state: GoFishState, player: int) -> GoFishState:
        public = state.clone()
        for q, hand in enumerate(state.hands):
            if q != player:
                shown = state.seen_cards(q)
                public.hands[q] = shown + [HIDDEN] * (len(hand) - len(shown))
        public.stock = [HIDDEN] * len(state.stock)
        public.actions = []
        return public

    def to_json(self) -> JSON:
        s = self._public
        hands = [
            [CODES[c] if c >= 0 else "??" for c in (by_rank(hand) if q == self.player else hand)]
            for q, hand in enumerate(s.hands)
        ]
        data: JSON = {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": self.game.public_options(),
            "current_player": player_label(s.current_player()),
            "scores": s.scores(),
            "viewer": self.player,
            "phase": PHASES[s.phase],
            "turn": s.player,
            "hands": hands,
            **public_json(s),
            "stock": len(s.stock),
        }
        return data

    def is_determined(self) -> bool:
        """Every card known: the stock is empty, at most one other hand holds cards the viewer has not seen, and
        they are all the cards of the deck it has not seen (none is out of play)."""
        s = self._public
        others = [hand for q, hand in enumerate(s.hands) if q != self.player]
        hidden = sum(hand.count(HIDDEN) for hand in others)
        known = sum(len(hand) for q, hand in enumerate(s.hands) if q == self.player)
        known += sum(len(hand) - hand.count(HIDDEN) for hand in others)
        known += sum(len(book_cards(rank)) for books in s.books for rank in books)
        return not s.stock and sum(1 for hand in others if HIDDEN in hand) <= 1 and DECK_SIZE - known == hidden

    def sample_world(self, rng: random.Random) -> GoFishState:
        """A whole history that agrees with everything the viewer saw (``belief.py``), played to now."""
        return self._deal(rng, likely=False)

    def sample_likely_world(self, rng: random.Random) -> GoFishState:
        """A world where, besides, every other seat asked what it knew would be answered first."""
        return self._deal(rng, likely=True)

    def may_hold(self, seat: int, rank: int) -> bool:
        """Whether a likely world can give ``seat`` an unseen card of ``rank``: it has taken a card unseen
        since it last held none, and holds fewer than four with those seen."""
        facts = self._chain(True).facts
        arrivals = sum(1 for s in facts.slot_seat if s == seat)
        return seat in facts.none_since and facts.room[seat][rank] > 0 and facts.none_since[seat][rank] < arrivals

    def _chain(self, likely: bool) -> Worlds:
        worlds = self._worlds.get(likely)
        if worlds is None:
            facts = read_facts(self._public, self.player, self._history, sure_first=likely)
            try:
                worlds = Worlds(facts)
            except ValueError:
                if not likely:
                    raise
                worlds = self._chain(False)  # the others did not all ask what they knew first
            self._worlds[likely] = worlds
        return worlds

    def _deal(self, rng: random.Random, *, likely: bool) -> GoFishState:
        hands, stock, draws = self._chain(likely).deal(rng)
        s = self._public
        world = s.clone()
        for q, cards in hands.items():
            world.hands[q] = [c for c in s.hands[q] if c >= 0] + cards
        world.stock = stock
        history = [draws.get(i, a) for i, a in enumerate(self._history)]
        world.actions = history if HIDDEN not in history else []  # a position set up without its history has none
        return world

    # -- typed accessors for agents ------------------------------------------
    def hand(self) -> tuple[int, ...]:
        """The viewer's cards (deck indices), by rank (none in the public view)."""
        return tuple(by_rank(self._public.hands[self.player])) if self.player >= 0 else ()

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._public.hands)

    def seen_in(self, seat: int) -> tuple[int, ...]:
        """The cards of ``seat``'s hand that the table has seen."""
        return tuple(self._public.seen_cards(seat))

    def known_ranks(self, seat: int) -> frozenset[int]:
        """Ranks ``seat`` is known to hold: it asked for them, or the table saw them go into its hand."""
        s = self._public
        return frozenset(r for r in range(13) if s.holds[seat] >> r & 1) | {rank_of(c) for c in s.seen_cards(seat)}

    def lacks(self, seat: int) -> frozenset[int]:
        """Ranks ``seat`` is known to hold none of."""
        return frozenset(r for r in range(13) if self._public.lacks[seat] >> r & 1)

    def books(self, seat: int) -> int:
        return len(self._public.books[seat])

    def stock_size(self) -> int:
        return len(self._public.stock)

    def book_ranks(self, seat: int) -> tuple[int, ...]:
        """The ranks of ``seat``'s books, in the order they were laid down."""
        return tuple(self._public.books[seat])

    @property
    def phase(self) -> int:
        """The phase (``state.DEAL``, ``ASK``, ``FISH``, ``REFILL``, ``LONE``, ``OVER``)."""
        return self._public.phase

    @property
    def turn(self) -> int:
        """The seat whose turn it is (the one drawing, at a draw)."""
        return self._public.player

    @property
    def fishing_for(self) -> int:
        """The rank the seat at a go-fish draw asked for (its draw is shown if it gets one), or -1."""
        return self._public.asking


def information_key(state: GoFishState, player: int) -> Hashable:
    """A key equal exactly when ``player``'s views are: its hand and everything public."""
    mask = state.seen
    hidden = tuple(len(h) for h in state.hands)
    own = tuple(sorted(state.hands[player]))
    return (
        player,
        state.phase,
        state.player,
        state.asking,
        own,
        hidden,
        tuple(mask),
        tuple(state.holds),
        tuple(state.lacks),
        tuple(tuple(b) for b in state.books),
        len(state.stock),
    )
