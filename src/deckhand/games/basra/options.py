"""Basra's options, its presets (docs/games/basra.md, rules decisions), and the tables the rules read from them.

``partners`` is the Egyptian game for four: two partnerships, seats 0 and 2
against 1 and 3. Its 52 cards less the 4 on the table make exactly three
deals of 4 cards to each of 4 seats, so no deal of a deck is short.

:class:`BasraSetup` is what the State is typed against, so that the rules
never import the game object that wires them to notation, words and views.
"""

from __future__ import annotations

from typing import Any

from deckhand.core.cards import deck_44, deck_52
from deckhand.core.deck import stack_indices
from deckhand.core.options import DECK_OPTION, Described, Option, PresetInfo, boolean, choice, integer
from deckhand.core.protocol import Game, S_co
from deckhand.games.basra.captures import BasraAction, sweeps
from deckhand.games.basra.cards import JACK, TEN_OF_DIAMONDS, TWO_OF_CLUBS, VALUE, codes


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
    "players": Option(2, choice(2, 4), "2, or 4 in partnerships: seats 0 and 2 against 1 and 3"),
    "deck_size": Option(44, choice(44, 52), "44 (no queens or kings) or 52 cards"),
    "hand_size": Option(5, integer(1, 6), "cards each player gets per deal"),
    "bury": Option(False, boolean, "jacks (and a special 7♦) dealt to the opening table go back into the deck"),
    "seven_diamonds": Option(False, boolean, "the 7♦ takes the whole table; a basra on numerals summing to 10 or less"),
    "basra_bonus": Option(
        "double",
        Described(basra_bonus, "double, or 0 to 1000"),
        "'double' (twice the card's value) or fixed points per basra",
    ),
    "jack_points": Option(2, integer(0, 10), "points for each jack won"),
    "most_cards": Option(0, integer(0, 20), "points per deck for the side that won more cards"),
    "target": Option(151, integer(1, 10_000), "the game ends after a deal when a side's total reaches this and leads"),
    "max_decks": Option(60, integer(1, 1000), "safety cap: after this many decks the higher total wins"),
    "deck": DECK_OPTION,
}

PRESETS: dict[str, dict[str, Any]] = {
    "bazzi": {
        "players": 2,
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
        "players": 2,
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
PRESETS["partners"] = {**PRESETS["egyptian"], "players": 4}
"""The Egyptian rules for four, in two partnerships."""

PRESET_INFO: dict[str, PresetInfo] = {
    "bazzi": PresetInfo("Bazzi", "two players; 44 cards (no queens or kings), 5 a hand; the first to 151 wins"),
    "egyptian": PresetInfo(
        "Egyptian", "two players; 52 cards, 4 a hand; the 7♦ takes the table; the first to 101 wins"
    ),
    "partners": PresetInfo("Partners", "the Egyptian rules for four players, in two partnerships"),
}
"""What the lobby and the menu say of each preset."""


class BasraSetup(Game[S_co, BasraAction]):
    """Basra's options resolved into per-card tables; ``game.py`` makes the states.

    Generic in the State, which comes after this file: ``game.py`` names it (``BasraSetup[BasraState]``).
    """

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        opts = self.options
        self.players: int = opts["players"]
        self.next_seat: tuple[int, ...] = tuple((seat + 1) % self.players for seat in range(self.players))
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
        return self.players

    def teams(self) -> list[list[int]]:
        """At four seats partners sit opposite: seats 0 and 2 against 1 and 3."""
        return [[0, 2], [1, 3]] if self.players == 4 else [[0], [1]]

    def max_game_length(self) -> int:
        # Per deck: every card drawn, at most 5 set aside and redrawn, every hand card played.
        return self.max_decks * (2 * len(self.deck_cards) + 5)

    def all_cards(self) -> list[str]:
        return codes(self.deck_cards)
