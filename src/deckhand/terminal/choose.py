"""One question of the terminal's menus: pick one of a numbered list, by number or by the start of its name."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from deckhand.core.numbers import is_whole_number
from deckhand.terminal.reader import Reader

BACK = ("b", "back")
HELP = ("help", "?")
AGAIN = -1
"""What :func:`choose` returns when its ``other`` took the answer: ask again, from a list that may have changed."""
CHOOSING = (
    "Type a number, or the start of a name, and press Enter; Enter alone takes the default; b goes back one step."
)


def choose(
    console: Console,
    reader: Reader,
    title: str,
    items: Sequence[str],
    default: int = 0,
    *,
    also: str = "",
    other: Callable[[str], bool] | None = None,
) -> int | None:
    """Ask for one of ``items`` by number (or a unique start of its name); ``None`` to go back.

    ``other`` is offered what is neither a choice nor ``help``/``b``; when it takes it (returns
    ``True``), ``choose`` returns :data:`AGAIN`. ``also`` is what ``help`` says besides the usual.
    """
    console.print(f"[bold]{escape(title)}[/bold]")
    grid = Table.grid(padding=(0, 0, 0, 2), pad_edge=True)  # a long item wraps under itself, not under its number
    grid.add_column(justify="right", style="bold")
    grid.add_column()
    for i, item in enumerate(items, start=1):
        label = Text(item)
        if i - 1 == default:
            label.append("  (default)", style="dim")
        grid.add_row(str(i), label)
    console.print(grid)
    while True:
        text = reader.read(f"Choose 1-{len(items)} (Enter for {default + 1}, b to go back, help) > ").strip()
        word = text.lower()
        if not text:
            return default
        if word in BACK:
            return None
        if word in HELP:
            console.print(CHOOSING + (f" {also}" if also else ""), highlight=False)
            continue
        if is_whole_number(word) and 1 <= int(word) <= len(items):
            return int(word) - 1
        matches = [i for i, item in enumerate(items) if item.lower().startswith(word)]
        if len(matches) == 1:
            return matches[0]
        if other is not None and other(text):
            return AGAIN
        console.print(f"[red]Please type a number from 1 to {len(items)} (or help).[/red]")


def packed_moves(moves: Sequence[str], width: int) -> list[Text]:
    """``Moves: 1 CJ   2 SX ...``: numbered moves in notation, packed into lines of ``width`` without breaking one."""
    width = max(20, width)
    lines: list[Text] = []
    line, empty = Text("Moves:"), True
    for number, move in enumerate(moves, start=1):
        item = Text.assemble((str(number), "bold"), f" {move}")
        if not empty and line.cell_len + 3 + item.cell_len > width:
            lines.append(line)
            line, empty = Text("      "), True
        line.append(" " if empty else "   ")
        line.append_text(item)
        empty = False
    lines.append(line)
    return lines
