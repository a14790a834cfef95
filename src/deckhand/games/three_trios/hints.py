"""Hints: for a chosen hand card, how many cards each empty cell would flip (combos included).

The answer is plain data (a grid of counts) so that a terminal or web UI can
draw it over the board, as the assignment's hint mode does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckhand.core.errors import IllegalActionError, NotationError, quote
from deckhand.games.three_trios.options import EMPTY, SEATS
from deckhand.games.three_trios.view import Position, ThreeTriosView


@dataclass(frozen=True)
class FlipHints:
    """Flip counts of one card: ``grid[r][c]`` is a count for an empty cell, ``None`` elsewhere."""

    card: str
    seat: int
    grid: list[list[int | None]]

    def at(self, row: int, col: int) -> int | None:
        """The count at ``row, col`` (``None`` for a hole or a filled cell)."""
        return self.grid[row][col]

    @property
    def best(self) -> list[tuple[int, int]]:
        """The cells with the most flips, row by row (empty if the board is full)."""
        counts = [(n, r, c) for r, row in enumerate(self.grid) for c, n in enumerate(row) if n is not None]
        if not counts:
            return []
        top = max(n for n, _, _ in counts)
        return [(r, c) for n, r, c in counts if n == top]

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "seat": self.seat, "grid": [list(row) for row in self.grid]}

    def __str__(self) -> str:
        return "\n".join(" ".join("." if n is None else str(n) for n in row) for row in self.grid)


def flip_hints(state: Position, card: int | str, seat: int | None = None) -> FlipHints:
    """How many cards ``card`` (a name or card id in ``seat``'s hand) would flip on each empty cell.

    ``state`` is a state or a view; ``seat`` defaults to whichever hand holds the card.
    """
    game = state.game
    if isinstance(card, str):
        if card not in game.by_name:
            raise NotationError(f"no card is named {card!r}")
        card = game.by_name[card]
    if not 0 <= card < len(game.names):
        raise NotationError(f"{card!r} is not a card of this game")
    holders = [s for s in (0, 1) if card in state.hand(s)]
    if seat is None:
        if not holders:
            raise IllegalActionError(f"{game.names[card]} is in nobody's hand")
        seat = holders[0]
    elif seat not in holders:
        raise IllegalActionError(f"{game.names[card]} is not in {SEATS[seat]}'s hand")
    board = state.board()
    grid: list[list[int | None]] = []
    for r in range(game.rows):
        row: list[int | None] = []
        for c in range(game.cols):
            cell = r * game.cols + c
            row.append(len(state.flips_if(card, cell, seat)) if board[cell] == EMPTY else None)
        grid.append(row)
    return FlipHints(game.names[card], seat, grid)


def hint_marks(view: ThreeTriosView, selection: str | None, move: int | None) -> tuple[str, dict[str, int]]:
    """``Game.hint_marks``: the flip counts of the card typed, else of the hinted move's card, else the first in hand.

    The counts are keyed by cell in notation (``R,C``), for the empty cells only.
    """
    game = view.game
    hand = view.hand(view.player)
    if selection is not None:
        wanted = selection.strip()
        found = [c for c in hand if game.names[c] == wanted]
        found = found or [c for c in hand if game.names[c].casefold() == wanted.casefold()]
        if not found:
            raise NotationError(f"no card called {quote(selection, 40)} in your hand")
        card = found[0]
    elif type(move) is int and move >= 0:
        card = move // game.ncells
    elif hand:
        card = hand[0]
    else:
        return "", {}
    hints = flip_hints(view, card, view.player)
    marks = {f"{r},{c}": n for r, row in enumerate(hints.grid) for c, n in enumerate(row) if n is not None}
    return hints.card, marks
