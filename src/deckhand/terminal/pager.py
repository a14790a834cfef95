"""Long texts (a game's instructions, the statistics) a screen at a time, as ``more`` shows a file.

At 80×24 the instructions (50 to 70 lines) would scroll past before they
could be read. The pager reads its answers through the session's
:class:`~deckhand.terminal.reader.Reader`, so it needs no ``$PAGER`` and a
test can drive it; a script (input that is not a person) gets the whole text
at once, as ``more`` does when its output is not a terminal.
"""

from __future__ import annotations

from rich.console import Console, RenderableType
from rich.segment import Segments

from deckhand.terminal.reader import Reader

MORE = "-- More ({shown}%) · Enter for the next page, q to stop -- "
"""The question between two pages; its own line is the last row of the screen."""


def page(console: Console, reader: Reader, renderable: RenderableType) -> None:
    """Print ``renderable`` a screenful at a time for a person, whole for a script; ``q`` stops early."""
    if not reader.interactive:
        console.print(renderable)
        return
    lines = console.render_lines(renderable, console.options, pad=False, new_lines=True)
    rows = max(1, console.height - 1)  # the question takes the last row
    for start in range(0, len(lines), rows):
        chunk = lines[start : start + rows]
        console.print(Segments([segment for line in chunk for segment in line]), end="")
        shown = start + len(chunk)
        if shown >= len(lines):
            return
        answer = reader.read(MORE.format(shown=shown * 100 // len(lines))).strip().lower()
        if answer in ("q", "quit", "b", "back"):
            return
