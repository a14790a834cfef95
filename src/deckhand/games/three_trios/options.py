"""Three Trios options, and the tables the rules read, built once from them (docs/games/three_trios.md).

``ThreeTriosSetup`` loads the board and card files and turns the battle rules
into flat lookup tables (``wins``, ``nbrs``, ``vals``), so that placing a card
during a search is a few list lookups. The State is typed against it, so the
rules never need the Game class of ``game.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckhand.core.errors import ConfigError
from deckhand.core.options import Described, Option, PresetInfo, boolean, words
from deckhand.core.protocol import Game, S_co
from deckhand.games.three_trios.files import SHIPPED_BOARDS, SHIPPED_CARDS, Board, TrioCard, load_board, load_cards

EMPTY = -1
HOLE = -2
SEATS = ("red", "blue")
NORTH, SOUTH, EAST, WEST = 0, 1, 2, 3
_OPPOSITE = (SOUTH, NORTH, WEST, EAST)
_STEPS = ((-1, 0), (1, 0), (0, 1), (0, -1))

SMALL_BOARD = 9
"""Boards of at most this many card cells keep their legal-action lists (the 3x3 board has 9)."""

RULE_NAMES = ("greater", "reverse", "fallen-ace", "same", "plus")
_parse_rule_words = words(RULE_NAMES, aliases={"default": "greater", "fallen_ace": "fallen-ace"})


def parse_rules(value: Any) -> list[str]:
    """The ``rules`` option: at most one of greater/reverse and of same/plus; greater if neither."""
    rules: list[str] = _parse_rule_words(value)
    if "greater" in rules and "reverse" in rules:
        raise ValueError("greater and reverse contradict each other; choose one")
    if "same" in rules and "plus" in rules:
        raise ValueError("same and plus cannot both apply; choose one")
    if "reverse" not in rules and "greater" not in rules:
        rules = ["greater", *rules]
    return rules


def _layout(value: Any) -> str:
    """A shipped name (see ``SHIPPED_BOARDS``/``SHIPPED_CARDS``) or a file path, kept as given."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected a shipped name or a file path")
    return value.strip() if value.strip() in SHIPPED_BOARDS or value.strip() in SHIPPED_CARDS else value


OPTIONS: Mapping[str, Option] = {
    "board": Option(
        "classic",
        Described(_layout, "classic, holes, or a board file"),
        "board file, or a shipped board: classic (3x3), holes (5x5)",
        files=tuple(SHIPPED_BOARDS),
    ),
    "cards": Option(
        "standard",
        Described(_layout, "standard, or a card file"),
        "card file, or the shipped card set: standard",
        files=tuple(SHIPPED_CARDS),
    ),
    "rules": Option(
        ["greater"],
        Described(parse_rules, "greater or reverse, fallen-ace, same or plus"),
        "battle rules: greater|reverse, fallen-ace, same|plus",
    ),
    "shuffle": Option(False, boolean, "shuffle the cards before the deal (else deal from the top of the file)"),
}

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "classic": {"board": "classic", "cards": "standard", "rules": ["greater"], "shuffle": True},
    "holes": {"board": "holes", "cards": "standard", "rules": ["greater"], "shuffle": True},
    "file-order": {"board": "classic", "cards": "standard", "rules": ["greater"], "shuffle": False},
}
"""The presets people play deal shuffled cards, a new deal every game; ``file-order`` deals from the top of the
card file, the same hands every game (the assignment's deal, for puzzles, examples and tests)."""

PRESET_INFO: Mapping[str, PresetInfo] = {
    "classic": PresetInfo("Classic", "the 3×3 board and the 24 standard cards, shuffled; the higher side flips"),
    "holes": PresetInfo("Holes", "a 5×5 board with four holes and the standard cards, shuffled; the higher side flips"),
    "file-order": PresetInfo("File order", "Classic dealt from the top of the card file: the same hands every game"),
}
"""What the lobby and the menu say of each preset."""


class ThreeTriosSetup(Game[S_co, int]):
    """Three Trios' options resolved: the layout, the cards and the battle tables.

    ``ThreeTriosGame`` (game.py) adds the name, ``OPTIONS``, ``new_initial_state`` and the hooks.
    Generic in the State, which comes after this file: ``game.py`` names it (``ThreeTriosSetup[ThreeTriosState]``).
    """

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.layout: Board = load_board(self.options["board"])
        self.card_list: list[TrioCard] = load_cards(self.options["cards"])
        layout, cards = self.layout, self.card_list
        self.rows, self.cols = layout.rows, layout.cols
        self.ncells = layout.rows * layout.cols
        self.card_cells = layout.card_cells
        if len(cards) < len(self.card_cells) + 1:
            raise ConfigError(
                f"{self.options['cards']}: {len(cards)} cards are too few for the board {self.options['board']}, "
                f"whose {len(self.card_cells)} card cells need at least {len(self.card_cells) + 1}"
            )
        self.hand_size = (len(self.card_cells) + 1) // 2
        self.names = [card.name for card in cards]
        self.by_name = {card.name: i for i, card in enumerate(cards)}
        self.by_folded: dict[str, list[int]] = {}
        for i, card in enumerate(cards):
            self.by_folded.setdefault(card.name.casefold(), []).append(i)
        self.vals = [v for card in cards for v in card.values]
        rules = self.options["rules"]
        self.reverse = "reverse" in rules
        self.fallen_ace = "fallen-ace" in rules
        self.special = 1 if "same" in rules else 2 if "plus" in rules else 0
        self.beats = [self._beats(a, b) for a in range(11) for b in range(11)]
        count = len(cards)
        self.wins = [
            [self.beats[self.vals[i] * 11 + self.vals[o * 4 + _OPPOSITE[i % 4]]] for o in range(count)]
            for i in range(4 * count)
        ]
        """``wins[card * 4 + side][other]``: whether ``card`` beats ``other`` attacking through ``side``."""
        self.nbrs: list[tuple[tuple[int, int, int], ...]] = []
        for cell in range(self.ncells):
            r, c = divmod(cell, self.cols)
            found = []
            for d, (dr, dc) in enumerate(_STEPS):
                nr, nc = r + dr, c + dc
                n = nr * self.cols + nc
                if 0 <= nr < self.rows and 0 <= nc < self.cols and n not in layout.holes:
                    found.append((n, d, _OPPOSITE[d]))
            self.nbrs.append(tuple(found) if cell not in layout.holes else ())
        self.shuffle: bool = self.options["shuffle"]
        self.start_board: tuple[int, ...] = tuple(
            HOLE if cell in layout.holes else EMPTY for cell in range(self.ncells)
        )
        """The board before the first card: what every new state copies."""
        dealt = 2 * self.hand_size
        if self.shuffle:
            self.start_hands: tuple[tuple[int, ...], ...] = ((), (), tuple(range(len(self.names))))
        else:
            self.start_hands = (tuple(range(0, dealt, 2)), tuple(range(1, dealt, 2)), tuple(range(dealt, count)))
        """Red's hand, blue's and the undealt pile before the first move (all undealt when the cards are shuffled)."""
        self.action_rows: list[tuple[int, ...]] = [
            tuple(card * self.ncells + cell for cell in range(self.ncells)) for card in range(count)
        ]
        """``action_rows[card][cell]``: the action placing ``card`` on ``cell``."""
        small = len(self.card_cells) <= SMALL_BOARD
        self.moves_cache: dict[tuple[int, ...], tuple[int, ...]] | None = {} if small else None
        """On a small board, the legal actions by the mover's hand and the empty cells (``ThreeTriosState``).

        Its positions repeat so often that a list is worth keeping; on a larger board they seldom do.
        """

    def _beats(self, mine: int, theirs: int) -> bool:
        """Whether a placed value ``mine`` beats a facing value ``theirs`` under the comparison rule."""
        if self.reverse:
            return mine < theirs or (self.fallen_ace and mine == 10 and theirs == 1)
        return mine > theirs or (self.fallen_ace and mine == 1 and theirs == 10)

    @property
    def num_players(self) -> int:
        return 2

    def max_game_length(self) -> int:
        return len(self.card_cells) + (2 * self.hand_size if self.shuffle else 0)

    def all_cards(self) -> list[str]:
        return list(self.names)

    def beats_value(self, mine: int, theirs: int) -> bool:
        """Whether a placed value ``mine`` beats a facing value ``theirs`` (ten is ``10``)."""
        return self.beats[mine * 11 + theirs]

    def cell_name(self, cell: int) -> str:
        """``R,C`` of a cell index: the notation's (counted from zero)."""
        r, c = divmod(cell, self.cols)
        return f"{r},{c}"

    def cell_words(self, cell: int) -> str:
        """Where a cell is, as a player says it: ``the top left corner``, ``the centre``, ``row 2, column 3``.

        A corner is named on any board; on a three by three board every cell
        is (its sides by their middles); elsewhere a cell is its row and
        column, counted from one as people count.
        """
        r, c = divmod(cell, self.cols)
        rows = ("top", "middle", "bottom") if self.rows == 3 else ("top", None, "bottom")
        cols = ("left", "middle", "right") if self.cols == 3 else ("left", None, "right")
        row = rows[0] if r == 0 else rows[2] if r == self.rows - 1 else rows[1]
        col = cols[0] if c == 0 else cols[2] if c == self.cols - 1 else cols[1]
        if row is None or col is None:
            return f"row {r + 1}, column {c + 1}"
        if row == col == "middle":
            return "the centre"
        if row != "middle" and col != "middle":
            return f"the {row} {col} corner"
        return f"the {row} {col}" if row != "middle" else f"the middle {col}"
