"""Readers for Three Trios board and card files (docs/games/three_trios.md, rules decisions).

Board file: ``ROWS COLS`` then exactly ROWS lines of exactly COLS characters,
``C`` a card cell and ``X`` a hole, with an odd number of card cells. Card
file: one ``NAME N S E W`` per line, values 1-9 or ``A`` (``a`` and ``10``
too), names unique. Every violation is a ``ConfigError`` that names the file,
the line and the problem, because these files are written by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from deckhand.core.errors import ConfigError, file_token, quote, shown_path
from deckhand.core.files import read_text
from deckhand.core.numbers import is_whole_number

VALUE_TEXT = {str(v): v for v in range(1, 10)} | {"A": 10, "a": 10, "10": 10}
"""How a card value may be written; ``A`` is ten."""


@dataclass(frozen=True, slots=True)
class TrioCard:
    """One card: a unique name and its four values (1..10, 10 written ``A``)."""

    name: str
    north: int
    south: int
    east: int
    west: int

    @property
    def values(self) -> tuple[int, int, int, int]:
        """``(north, south, east, west)``: the order of the card file."""
        return (self.north, self.south, self.east, self.west)

    def __str__(self) -> str:
        return f"{self.name} {' '.join(value_text(v) for v in self.values)}"


def value_text(value: int) -> str:
    """A value as the card file writes it (``A`` for ten)."""
    return "A" if value == 10 else str(value)


@dataclass(frozen=True, slots=True)
class Board:
    """A board layout: ``holes`` are the indices ``row * cols + col`` of the holes."""

    rows: int
    cols: int
    holes: frozenset[int]

    @property
    def card_cells(self) -> list[int]:
        """The playable cells, row by row."""
        return [i for i in range(self.rows * self.cols) if i not in self.holes]

    def lines(self) -> list[str]:
        """The layout as the board file writes it."""
        return [
            "".join("X" if r * self.cols + c in self.holes else "C" for c in range(self.cols)) for r in range(self.rows)
        ]


def _lines(text: str) -> list[str]:
    # A final newline is optional; CRLF files are accepted; trailing blank lines are ignored.
    lines = [line.rstrip("\r\n\t ") for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def parse_board(text: str, source: str = "<board>") -> Board:
    """Read a board file's text; ``source`` names it in error messages."""
    lines = _lines(text)
    if not lines:
        raise ConfigError(f"{source}: empty board file; expected 'ROWS COLS' on line 1")
    head = lines[0].split()
    if len(head) != 2 or not all(is_whole_number(part) for part in head):
        raise ConfigError(f"{source}, line 1: expected 'ROWS COLS' (two whole numbers), found {_fields(len(head))}")
    rows, cols = int(head[0]), int(head[1])
    if rows < 1 or cols < 1:
        raise ConfigError(f"{source}, line 1: rows and columns must be at least 1, found {rows} {cols}")
    body = lines[1:]
    if len(body) < rows:
        raise ConfigError(f"{source}, line {len(lines) + 1}: the header says {rows} rows, but the file has {len(body)}")
    if len(body) > rows:
        raise ConfigError(f"{source}, line {rows + 2}: the header says {rows} rows, but the file has {len(body)}")
    holes = set()
    for r, line in enumerate(body):
        number = r + 2
        if len(line) != cols:
            raise ConfigError(f"{source}, line {number}: the header says {cols} columns, but row {r} has {len(line)}")
        for c, char in enumerate(line):
            if char == "X":
                holes.add(r * cols + c)
            elif char != "C":
                raise ConfigError(
                    f"{source}, line {number}, column {c + 1}: unknown character {quote(char, 40)} "
                    "(expected C for a card cell or X for a hole)"
                )
    cells = rows * cols - len(holes)
    if cells % 2 == 0:
        raise ConfigError(f"{source}: the board has {cells} card cells; the number must be odd")
    return Board(rows, cols, frozenset(holes))


def parse_cards(text: str, source: str = "<cards>") -> list[TrioCard]:
    """Read a card file's text; ``source`` names it in error messages."""
    cards: list[TrioCard] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        fields = raw.split()
        if not fields:
            continue
        if len(fields) != 5:
            missing = " (missing a field)" if len(fields) < 5 else ""
            found = f"found {len(fields)}{missing}"
            raise ConfigError(f"{source}, line {number}: expected 'NAME N S E W' (5 fields), {found}")
        name, *texts = fields
        values = []
        for side, value in zip(("north", "south", "east", "west"), texts, strict=True):
            if value not in VALUE_TEXT:
                raise ConfigError(f"{source}, line {number}: {side} value {file_token(value)} is not 1-9, A or 10")
            values.append(VALUE_TEXT[value])
        if name in seen:
            raise ConfigError(
                f"{source}, line {number}: duplicate card name {quote(name, 12)} (first on line {seen[name]})"
            )
        seen[name] = number
        cards.append(TrioCard(name, *values))
    if not cards:
        raise ConfigError(f"{source}: the card file holds no cards")
    return cards


def _fields(count: int) -> str:
    """What a header line holds, without repeating it (any file can be named as a board)."""
    if count == 2:
        return "words that are not whole numbers"
    return f"{count} word" + ("s" if count > 1 else "")


def read_board(path: str | Path) -> Board:
    """Read a board file from disk."""
    return parse_board(read_text(path, what="board file"), shown_path(path))


def read_cards(path: str | Path) -> list[TrioCard]:
    """Read a card file from disk."""
    return parse_cards(read_text(path, what="card file"), shown_path(path))


SHIPPED_BOARDS = {"classic": "classic_3x3.txt", "holes": "holes_5x5.txt"}
"""Boards that ship with the package, by name (the ``board`` option accepts these names)."""

SHIPPED_CARDS = {"standard": "standard_cards.txt"}
"""Card sets that ship with the package, by name."""


def shipped_text(filename: str) -> str:
    """The text of a data file shipped in this package."""
    return resources.files("deckhand.games.three_trios").joinpath("data", filename).read_text(encoding="utf-8")


def load_board(spec: str) -> Board:
    """A shipped board by name, or a board file by path."""
    if spec in SHIPPED_BOARDS:
        return parse_board(shipped_text(SHIPPED_BOARDS[spec]), f"board {quote(spec, 40)}")
    return read_board(spec)


def load_cards(spec: str) -> list[TrioCard]:
    """A shipped card set by name, or a card file by path."""
    if spec in SHIPPED_CARDS:
        return parse_cards(shipped_text(SHIPPED_CARDS[spec]), f"cards {quote(spec, 40)}")
    return read_cards(spec)
