"""The Cambio game object: options resolved once into the tables the rules index."""

from __future__ import annotations

from typing import Any, ClassVar

from deckhand.core.cards import CODES
from deckhand.core.deck import stack_indices
from deckhand.core.errors import ConfigError
from deckhand.core.options import Option
from deckhand.core.protocol import Game
from deckhand.games.cambio.options import OPTIONS, PRESETS, full_deck, power_table, rank_table, value_table
from deckhand.games.cambio.state import CambioState


class CambioGame(Game):
    """Cambio for 2 to 6 seats, ``classic`` (seed 000) or ``house`` (seed 002) rules.

    >>> from deckhand import load_game
    >>> game = load_game("cambio", preset="house", players=3)
    >>> len(game.all_cards())
    54
    """

    name = "cambio"
    rules_version = "1"
    title = "Cambio"
    perfect_information = False
    OPTIONS: ClassVar[dict[str, Option]] = OPTIONS
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    AGENTS: ClassVar[dict[str, str]] = {
        "seed-easy": "deckhand.games.cambio.agents:EasyAgent",
        "seed-hard": "deckhand.games.cambio.agents:HardAgent",
        "policy": "deckhand.games.cambio.agents:PolicyAgent",
    }
    LEVELS: ClassVar[dict[str, str]] = {
        "easy": "seed-easy",
        "medium": "seed-hard",
        "hard": "policy",
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.players: int = o["players"]
        self.cards_per_seat: int = o["cards"]
        bad = [s for s in o["known_slots"] if s >= self.cards_per_seat]
        if bad:
            raise ConfigError(f"cambio: option known_slots: slot {bad[0]} is not among the {self.cards_per_seat} dealt")
        self.known_slots: tuple[int, ...] = tuple(o["known_slots"])
        self.deck_list: list[int] = full_deck(o["jokers"])
        self.deck_counts: list[int] = [self.deck_list.count(i) for i in range(53)]
        self.stack: tuple[int, ...] = stack_indices("cambio", o["deck"], self.deck_list)
        self.value: list[int] = value_table(o["values"])
        self.power: list[int] = power_table()
        self.rank: list[int] = rank_table()
        self.all_mask: int = (1 << self.players) - 1
        self.take_discard: bool = o["take_discard"]
        self.king_peeked: bool = o["king_power"] == "peeked"
        self.jq_any: bool = o["jq_power"] == "any"
        self.caller_locked: bool = o["caller_locked"]
        self.sticking: bool = o["sticking"]
        self.turn_limit: int = o["max_rounds"] * self.players

    @property
    def num_players(self) -> int:
        return self.players

    def new_initial_state(self) -> CambioState:
        return CambioState(self)

    def max_game_length(self) -> int:
        n = self.players
        # deal, then per turn: draw, card, play, two power steps, and a window of
        # a stick or pass and a penalty card per seat, and a give
        return n * self.cards_per_seat + self.turn_limit * (5 + 2 * n + 1) + 1

    def all_cards(self) -> list[str]:
        return [CODES[c] for c in self.deck_list]
