"""What one seat of Basra may know: everything but the other hand and the deck."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import CHANCE, JSON, TERMINAL, Action, View, player_label
from deckhand.games.basra.captures import Move, hand_moves
from deckhand.games.basra.cards import ORDER, codes
from deckhand.games.basra.notation import parse_card
from deckhand.games.basra.state import BasraState, action_to_string, public_json, read_move

if TYPE_CHECKING:
    from deckhand.games.basra.game import BasraGame


class BasraView(View):
    """A seat's view: its own hand, the other hand's size, the table, both piles, the scores.

    The undealt cards and the other hand are hidden; :meth:`sample_world`
    deals them out again uniformly.
    """

    def __init__(self, state: BasraState, player: int) -> None:
        self.game: BasraGame = state.game
        self.player = player
        # A public copy: the other hand, the undealt cards and the history
        # (which names every card dealt) are dropped, only their counts kept.
        public = state.clone()
        public.hands[1 - player] = []
        public.pile = []
        public.hist = []
        public._moves = None
        self._state = public
        self.hand: tuple[int, ...] = tuple(state.hands[player])
        self.other_count = len(state.hands[1 - player])
        self.deck_left = len(state.pile)
        """Cards still to be dealt this deck."""
        self.table: tuple[int, ...] = tuple(state.table)

    def current_player(self) -> int:
        return self._state.to_move

    def legal_actions(self) -> list[Action]:
        return list(self.moves())

    def moves(self) -> list[Move]:
        """The viewer's moves, typed: ``[]`` when it is not to move."""
        if self._state.to_move != self.player:
            return []
        return self._moves()

    def _moves(self) -> list[Move]:
        return hand_moves(list(self.hand), list(self.table), self.game.seven_diamonds)

    def action_to_string(self, action: Action) -> str:
        return action_to_string(action)

    def string_to_action(self, text: str) -> Action:
        if self._state.to_move == CHANCE:
            return parse_card(text.strip())
        if self._state.to_move != self.player:
            raise IllegalActionError(f"it is not seat {self.player}'s turn")
        return read_move(text, self._moves())

    @property
    def unseen(self) -> list[int]:
        """Cards this seat has not seen this deck: the other hand and the deck, sorted by rank."""
        s = self._state
        known = set(self.hand) | set(s.table) | set(s.piles[0]) | set(s.piles[1]) | set(s.buried)
        return sorted((c for c in self.game.deck_cards if c not in known), key=ORDER.__getitem__)

    @property
    def piles(self) -> tuple[list[int], list[int]]:
        return self._state.piles[0][:], self._state.piles[1][:]

    @property
    def totals(self) -> list[int]:
        return self._state.totals[:]

    @property
    def last_capturer(self) -> int:
        return self._state.last

    def to_json(self) -> JSON:
        s = self._state
        hands: list[object] = [None, None]
        hands[self.player] = codes(list(self.hand))
        hands[1 - self.player] = self.other_count
        return {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": self.game.public_options(),
            "current_player": player_label(s.to_move),
            "scores": s.scores(),
            "viewer": self.player,
            "hands": hands,
            **public_json(s, self.deck_left),
            "draws": s.drawn,
            "returns": s.returns() if s.to_move == TERMINAL else None,
        }

    def sample_world(self, rng: random.Random) -> BasraState:
        """A full state agreeing with this view; its history starts here (it is empty)."""
        world = self._state.clone()
        hidden = self.unseen
        rng.shuffle(hidden)
        world.hands[1 - self.player] = sorted(hidden[: self.other_count], key=ORDER.__getitem__)
        world.pile = hidden[self.other_count :]
        return world
