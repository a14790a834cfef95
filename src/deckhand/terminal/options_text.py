"""What a game's options mean, said from what the game declares: for the menu's question and ``deckhand rules``.

Each :class:`~deckhand.core.options.Option` carries a line of help and its
parser says which values it takes (:func:`~deckhand.core.options.accepts`), so
the explanation is generated, like the manual's tables, and cannot drift from
the options themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.table import Table
from rich.text import Text

from deckhand.core.options import Option, accepts
from deckhand.core.registry import game_class


def typed(value: Any) -> str:
    """``value`` as a person types it after ``key=`` (a list comma-separated, ``none`` for no value)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(str(item) for item in value)
    return str(value)


def _meaning(option: Option) -> str:
    """The option's help line with a capital and a full stop, then the values it takes."""
    text = option.help[:1].upper() + option.help[1:] if option.help else ""
    if text and not text.endswith("."):
        text += "."
    takes = accepts(option.parse)
    return f"{text} Takes {takes}." if takes else text


def options_grid(options: Mapping[str, Option], current: Mapping[str, Any]) -> Table:
    """One row an option: its name, then what it means, the values it takes and the value it has now.

    A long meaning wraps under itself, so the names stay in a column at 80 columns.
    """
    grid = Table.grid(padding=(0, 0, 0, 2), pad_edge=True)
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for name, option in options.items():
        line = Text(_meaning(option))
        line.append(f" Now {typed(current.get(name, option.default))}.", style="dim")
        grid.add_row(name, line)
    return grid


def options_markdown(game: str) -> str:
    """``game``'s options and presets as a Markdown section, appended to its instructions by ``deckhand rules``."""
    cls = game_class(game)
    first, option = next(iter(cls.OPTIONS.items()))
    lines = [
        "## Options",
        "",
        f"Give them as `key=value` after the game's name (`deckhand play {cls.name} {first}={typed(option.default)}`),",
        "or at the menu's options question.",
        "",
    ]
    for name, option in cls.OPTIONS.items():
        lines.append(f"- `{name}` (default `{typed(option.default)}`): {_meaning(option)}")
    if cls.PRESETS:
        lines += ["", "Each preset sets these options (`--preset NAME`; the first is the default):", ""]
        for preset, values in cls.PRESETS.items():
            settings = ", ".join(f"`{key}={typed(value)}`" for key, value in values.items())
            lines.append(f"- `{preset}`: {settings or 'the defaults'}")
    return "\n".join(lines) + "\n"
