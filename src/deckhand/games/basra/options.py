"""Basra's options and its two presets (RULES.md §3): every line of a preset is an option."""

from __future__ import annotations

from typing import Any

from deckhand.core.options import DECK_OPTION, Option, boolean, choice, integer


def basra_bonus(value: Any) -> str | int:
    """``"double"`` (twice the played card's value) or a fixed number of points."""
    if isinstance(value, str) and value.strip().lower() == "double":
        return "double"
    try:
        points: int = integer(0, 1000)(value)
        return points
    except ValueError:
        raise ValueError("expected 'double' or a number of points from 0 to 1000") from None


OPTIONS: dict[str, Option] = {
    "deck_size": Option(44, choice(44, 52), "44 (no queens or kings) or 52 cards"),
    "hand_size": Option(5, integer(1, 6), "cards each player gets per deal"),
    "bury": Option(False, boolean, "jacks (and a special 7♦) dealt to the opening table go back into the deck"),
    "seven_diamonds": Option(False, boolean, "the 7♦ takes the whole table; a basra on numerals summing to 10 or less"),
    "basra_bonus": Option("double", basra_bonus, "'double' (twice the card's value) or fixed points per basra"),
    "jack_points": Option(2, integer(0, 10), "points for each jack won"),
    "most_cards": Option(0, integer(0, 20), "points per deck for winning more cards than the opponent"),
    "target": Option(151, integer(1, 10_000), "the game ends after a deal when a total reaches this and leads"),
    "max_decks": Option(60, integer(1, 1000), "safety cap: after this many decks the higher total wins"),
    "deck": DECK_OPTION,
}

PRESETS: dict[str, dict[str, Any]] = {
    "bazzi": {
        "deck_size": 44,
        "hand_size": 5,
        "bury": False,
        "seven_diamonds": False,
        "basra_bonus": "double",
        "jack_points": 2,
        "most_cards": 0,
        "target": 151,
    },
    "egyptian": {
        "deck_size": 52,
        "hand_size": 4,
        "bury": True,
        "seven_diamonds": True,
        "basra_bonus": 10,
        "jack_points": 1,
        "most_cards": 3,
        "target": 101,
    },
}
