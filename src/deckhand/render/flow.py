"""Side by side while they fit, then on the next line: how a table lays out hands of any size.

Rich's ``Columns`` aligns its items in columns, so one wide hand pushes every
other hand onto a line of its own; a flow packs each line on its own.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table


class Flow:
    """Renderables packed greedily into lines no wider than the console, ``gap`` columns apart."""

    def __init__(self, items: Iterable[RenderableType], gap: int = 1) -> None:
        self.items = list(items)
        self.gap = gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line: list[RenderableType] = []
        used = 0
        for item in self.items:
            size = min(Measurement.get(console, options, item).maximum, width)
            if line and used + self.gap + size > width:
                yield self._line(line)
                line, used = [], 0
            used += (self.gap if line else 0) + size
            line.append(item)
        if line:
            yield self._line(line)

    def _line(self, items: list[RenderableType]) -> Table:
        grid = Table.grid(padding=(0, self.gap, 0, 0))
        grid.add_row(*items)
        return grid
