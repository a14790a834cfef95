"""Three Trios: the grid with each card's owner colour, values and holes; both hands below.

The view names the cards; their values come from the game's card file
(both hands are open, so nothing is revealed). With a hint, each empty cell
shows how many cards a placement there would flip (combos included).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from deckhand.ui.render import Context
from deckhand.ui.render.plain import extras, scores_line

OWNER_STYLE = {"R": "bold white on red", "B": "bold white on blue"}
SHOWN = {"board", "hands", "cells", "undealt", "rules"}
WIDTH = 10


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
    """One cell, four lines: name, then north / west east / south; a hole; or an empty cell."""
    if mark == "_":
        return Text("\n".join(["█" * WIDTH] * 4), style="dim")
    if mark == ".":
        flips = context.flips.get((row, col))
        if flips is not None:
            return Text(f"\n{'+' + str(flips):^{WIDTH}}\n{'flips':^{WIDTH}}\n", style="bold green")
        return Text(f"\n{f'{row},{col}':^{WIDTH}}\n\n", style="dim")
    label = (name or mark)[:WIDTH]
    nums = values.get(name or "")
    if nums is None:
        return Text(f"{label:^{WIDTH}}\n\n\n", style=OWNER_STYLE.get(mark, "bold"))
    n, s, e, w = (_v(x) for x in nums)
    # The owner's letter in the bottom corners: readable without colour.
    lines = [f"{label:^{WIDTH}}", f"{n:^{WIDTH}}", f"{w}{e:>{WIDTH - 1}}", f"{mark}{s:^{WIDTH - 2}}{mark}"]
    return Text("\n".join(lines), style=OWNER_STYLE.get(mark, "bold"))


def render(data: dict[str, Any], context: Context) -> RenderableType:
    values = card_values(data)
    cells = data.get("cells") or []
    grid = Table(show_header=False, show_lines=True, padding=0)
    for row, line in enumerate(data["board"]):
        names = cells[row] if row < len(cells) else []
        grid.add_row(
            *(
                cell_text(mark, row, col, names[col] if col < len(names) else None, values, context)
                for col, mark in enumerate(line)
            )
        )
    hands = Table.grid(padding=(0, 2))
    for seat, hand in enumerate(data["hands"]):
        colour = "red" if seat == 0 else "blue"
        cards = []
        for name in hand:
            nums = values.get(name)
            shown = f"{name} ({' '.join(_v(x) for x in nums)})" if nums else str(name)
            cards.append(Text(shown, style=colour, no_wrap=True))
        shown_hand: RenderableType = Columns(cards, padding=(0, 2)) if cards else Text("(no cards)", style="dim")
        hands.add_row(Text(f"{context.name(seat)} ({colour}, {'RB'[seat]})", style=f"bold {colour}"), shown_hand)
    parts: list[RenderableType] = [grid, Text("Hand values are north south east west.", style="dim"), hands]
    rules = data.get("rules")
    if rules:
        parts.append(Text("Rules: " + ", ".join(rules), style="dim"))
    rest = extras(data, context, SHOWN)
    if rest is not None:
        parts.append(rest)
    parts.append(scores_line(data, context))
    return Group(*parts)
