"""The Basra game object: options resolved into the tables the rules read."""

from __future__ import annotations

from typing import ClassVar

from deckhand.core.cards import deck_44, deck_52
from deckhand.core.deck import stack_indices
from deckhand.core.options import Option
from deckhand.core.protocol import Game
from deckhand.games.basra.captures import sweeps
from deckhand.games.basra.cards import JACK, TEN_OF_DIAMONDS, TWO_OF_CLUBS, VALUE, codes
from deckhand.games.basra.options import OPTIONS, PRESETS
from deckhand.games.basra.state import BasraState


class BasraGame(Game):
    """Basra for two: capture by matching and adding up, sweep with a jack, clear the table for a basra.

    >>> game = BasraGame(preset="egyptian")
    >>> game.options["target"], len(game.all_cards())
    (101, 52)
    """

    name = "basra"
    rules_version = "1"
    title = "Basra"
    perfect_information = False
    OPTIONS: ClassVar[dict[str, Option]] = OPTIONS
    PRESETS = PRESETS
    AGENTS: ClassVar[dict[str, str]] = {
        "classic": "deckhand.games.basra.agents:ClassicAgent",
        "greedy": "deckhand.games.basra.agents:GreedyAgent",
    }
    LEVELS: ClassVar[dict[str, str]] = {"easy": "classic", "medium": "greedy", "hard": "ismcts:iterations=3000"}

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        opts = self.options
        cards = deck_44() if opts["deck_size"] == 44 else deck_52()
        self.deck_cards: tuple[int, ...] = tuple(sorted(card.index for card in cards))
        self.stack: tuple[int, ...] = stack_indices(self.name, opts["deck"], self.deck_cards)
        self.hand_size: int = opts["hand_size"]
        self.seven_diamonds: bool = opts["seven_diamonds"]
        self.target: int = opts["target"]
        self.max_decks: int = opts["max_decks"]
        self.most_cards: int = opts["most_cards"]
        points = [0] * 52
        for i in range(52):
            if VALUE[i] == 1:
                points[i] = 1
            elif VALUE[i] == JACK:
                points[i] = opts["jack_points"]
        points[TWO_OF_CLUBS] = 2
        points[TEN_OF_DIAMONDS] = 3
        self.points: tuple[int, ...] = tuple(points)
        bonus = opts["basra_bonus"]
        self.bonus: tuple[int, ...] = tuple(2 * VALUE[i] if bonus == "double" else bonus for i in range(52))
        # Also read per move by the search's playouts (playout.py), so precomputed.
        self.sweeper: tuple[bool, ...] = tuple(sweeps(i, self.seven_diamonds) for i in range(52))
        self.buriable: tuple[bool, ...] = tuple(bool(opts["bury"]) and self.sweeper[i] for i in range(52))
        self.basra_value: tuple[int, ...] = tuple(VALUE[i] if VALUE[i] <= 10 else 100 for i in range(52))
        """A card's part in a sum that one card could clear: face cards count too much to ever fit."""

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> BasraState:
        return BasraState(self)

    def max_game_length(self) -> int:
        # Per deck: every card drawn, at most 5 set aside and redrawn, every hand card played.
        return self.max_decks * (2 * len(self.deck_cards) + 5)

    def all_cards(self) -> list[str]:
        return codes(self.deck_cards)
