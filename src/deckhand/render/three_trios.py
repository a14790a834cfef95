"""Three Trios: the grid with each card's owner colour, values and holes; both hands below.

The view names the cards; their values come from the game's card file
(both hands are open, so nothing is revealed). With a hint, each empty cell
shows how many cards a placement there would flip (combos included).
"""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import zip_longest
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from deckhand.render.context import Context
from deckhand.render.plain import extras, scores_line

OWNER_STYLE = {"R": "bold white on red", "B": "bold white on blue"}
SHOWN = {"board", "hands", "cells", "undealt", "rules"}
WIDTH = 8


@lru_cache(maxsize=8)
def _values(options: str) -> dict[str, tuple[int, int, int, int]]:
    """Card name -> (north, south, east, west), from the game built with these options."""
    from deckhand.core.registry import load_game

    game = load_game("three_trios", **json.loads(options))
    return {c.name: (c.north, c.south, c.east, c.west) for c in getattr(game, "card_list", [])}


def card_values(data: dict[str, Any]) -> dict[str, tuple[int, int, int, int]]:
    try:
        return _values(json.dumps(data.get("options") or {}, sort_keys=True))
    except (ValueError, TypeError):
        return {}


def _v(value: int) -> str:
    return "A" if value == 10 else str(value)


def cell_text(mark: str, row: int, col: int, name: str | None, values: dict[str, Any], context: Context) -> Text:
    """One cell in three lines: the name, then ``W N E``, then ``owner S owner``; a hole; or an empty cell.

    Three lines a cell keep a 5×5 board and the hands inside an 80×24 terminal.
    The owner's letter (R or B) sits beside the south value: readable without colour.
    """
    if mark == "_":
        return Text("\n".join(["█" * WIDTH] * 3), style="dim")
    if mark == ".":
        flips = context.marks.get(f"{row},{col}")
        if flips is not None:
            return Text(f"{'+' + str(flips):^{WIDTH}}\n{'flips':^{WIDTH}}\n", style="bold green")
        return Text(f"\n{f'{row},{col}':^{WIDTH}}\n", style="dim")
    label = (name or mark)[:WIDTH]
    nums = values.get(name or "")
    if nums is None:
        return Text(f"{label:^{WIDTH}}\n\n{mark:^{WIDTH}}", style=OWNER_STYLE.get(mark, "bold"))
    n, s, e, w = (_v(x) for x in nums)
    lines = [f"{label:^{WIDTH}}", f"{w}{n:^{WIDTH - 2}}{e}", f"{mark}{s:^{WIDTH - 2}}{mark}"]
    return Text("\n".join(lines), style=OWNER_STYLE.get(mark, "bold"))


def render(data: dict[str, Any], context: Context) -> RenderableType:
    values = card_values(data)
    cells = data.get("cells") or []
    rows = len(data["board"])
    grid = Table(show_header=False, show_lines=rows <= 3, padding=0)  # larger boards: no rule between rows
    for row, line in enumerate(data["board"]):
        names = cells[row] if row < len(cells) else []
        grid.add_row(
            *(
                cell_text(mark, row, col, names[col] if col < len(names) else None, values, context)
                for col, mark in enumerate(line)
            )
        )
    hands = Table.grid(padding=(0, 2))
    columns: list[list[Text]] = []
    for seat, hand in enumerate(data["hands"]):
        colour = "red" if seat == 0 else "blue"
        hands.add_column()
        lines = [Text(f"{context.name(seat)[:10]} ({'RB'[seat]})", style=f"bold {colour}")]
        for name in hand:
            nums = values.get(name)
            shown = f"{name[:9]:<9} {''.join(_v(x) for x in nums)}" if nums else str(name)
            lines.append(Text(shown, style=colour, no_wrap=True))
        if not hand:
            lines.append(Text("(no cards)", style="dim"))
        columns.append(lines)
    for entries in zip_longest(*columns, fillvalue=Text("")):
        hands.add_row(*entries)
    # The board and the hands side by side: a 5×5 board and two hands of 11 fit an 80×24 terminal.
    table = Table.grid(padding=(0, 2))
    table.add_row(grid, hands)
    parts: list[RenderableType] = [table, Text("Card values: north south east west (A is 10).", style="dim")]
    rules = data.get("rules")
    if rules and rules != ["greater"]:  # the plain rule goes without saying; a line saved for the board
        parts.append(Text("Rules: " + ", ".join(rules), style="dim"))
    rest = extras(data, context, SHOWN)
    if rest is not None:
        parts.append(rest)
    parts.append(scores_line(data, context))
    return Group(*parts)
