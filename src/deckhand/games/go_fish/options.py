"""Go Fish's options and presets, resolved once into what the rules read.

The hand size depends on the number of players in the usual rules (7 cards
for 2-3 players, 5 for 4-6), so its default is ``auto`` and the setup works
it out; a number overrides it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from deckhand.core.cards import CODES
from deckhand.core.deck import stack_indices
from deckhand.core.errors import ConfigError
from deckhand.core.options import DECK_OPTION, Described, Option, PresetInfo, integer
from deckhand.core.protocol import Game, S_co

DECK_SIZE = 52
RANK_COUNT = 13


def hand_size(value: Any) -> str | int:
    """``auto`` (or nothing) for the usual size, else a whole number of cards from 1 to 10."""
    if value is None or (isinstance(value, str) and value.strip().lower() == "auto"):
        return "auto"
    parsed: int = integer(1, 10)(value)
    return parsed


def usual_hand_size(players: int) -> int:
    """7 cards each for two or three players, 5 for four or more."""
    return 7 if players <= 3 else 5


OPTIONS = {
    "players": Option(2, integer(2, 6), "2 to 6 seats"),
    "hand_size": Option(
        "auto",
        Described(hand_size, "auto, or 1 to 10"),
        "cards dealt to each seat: auto (7 for 2-3 players, 5 for 4-6) or 1-10",
    ),
    "deck": DECK_OPTION,
}

PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "family": {"players": 4},
}
"""``standard``: two players, 7 cards each; ``family``: four players, 5 cards each."""

PRESET_INFO: dict[str, PresetInfo] = {
    "standard": PresetInfo("Standard", "two players, 7 cards each"),
    "family": PresetInfo("Family", "four players, 5 cards each"),
}
"""What the lobby and the menu say of each preset."""


def longest_game(players: int) -> int:
    """An upper bound on the number of actions in a game (docs/games/go_fish.md explains it).

    Every card leaves the stock once (52 chance actions). A successful ask takes
    a rank away from the seat asked, and only a draw gives a seat a new rank,
    so there are at most 52 of them; a refused ask while the stock lasts is
    followed by a draw (at most 52); once the stock is empty a refused ask
    marks a (seat, rank) the table knows is empty, which may not be asked
    again, so at most 13 per seat between two successful asks.
    """
    return 3 * DECK_SIZE + (DECK_SIZE + 1) * RANK_COUNT * players


class GoFishSetup(Game[S_co, int]):
    """The options resolved: seats, cards per hand, and the stacked top of the deck.

    Generic in the State, which comes after this file: ``game.py`` names it (``GoFishSetup[GoFishState]``).
    """

    OPTIONS: ClassVar = OPTIONS
    PRESETS: ClassVar = PRESETS
    PRESET_INFO: ClassVar = PRESET_INFO

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.players: int = self.options["players"]
        size = self.options["hand_size"]
        self.hand_size: int = usual_hand_size(self.players) if size == "auto" else size
        if self.players * self.hand_size > DECK_SIZE:
            raise ConfigError(
                f"{self.name}: option hand_size={size}: {self.players} players with {self.hand_size} cards "
                f"each need {self.players * self.hand_size} cards; the deck has {DECK_SIZE}"
            )
        self.stack: tuple[int, ...] = stack_indices(self.name, self.options["deck"], range(DECK_SIZE))

    @property
    def num_players(self) -> int:
        return self.players

    def max_game_length(self) -> int:
        return longest_game(self.players)

    def all_cards(self) -> list[str]:
        return list(CODES[:DECK_SIZE])
