"""MkDocs hook: each game's tables of options, presets and levels, generated from what the game declares.

A page writes a marker where a table belongs, and the build puts the table there,
so the manual cannot drift from the registry:

* ``<!-- options: GAME -->``: every option with its default, the values it takes and what it does;
* ``<!-- presets: GAME -->``: every preset's title and what it is, and its line for each option (the first
  preset is the default);
* ``<!-- levels: GAME -->``: the game's difficulty levels and the agent each one is;
* ``<!-- levels -->``: the levels of every game, one row a game.

MkDocs loads this file by path (``hooks:`` in ``mkdocs.yml``); ``tests/docs`` imports it the same way.
"""

from __future__ import annotations

import re
from typing import Any

import deckhand
from deckhand.core.options import accepts, preset_info
from deckhand.core.registry import game_class

MARKER = re.compile(r"<!-- (options|presets|levels)(?:: ([a-z][a-z0-9_]*))? -->")
"""Where a generated table goes: the table's kind and, but for every game's levels, the game."""

STACKED_DECK = "deck"
"""The option every card game has for tests and puzzles; no preset sets it, so the presets table leaves it out."""


def shown(value: Any) -> str:
    """A value as a user types it (``key=value`` on the command line), in code."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, list | tuple):
        text = " ".join(str(item) for item in value)
    else:
        text = str(value)
    return f"`{text}`"


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|")


def table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(text) for text in row) + " |" for row in rows]
    return "\n".join(lines)


def options_table(game: str) -> str:
    """Every option of ``game``: its name, its default, the values it takes and what it does."""
    rows = [
        [f"`{name}`", shown(option.default), accepts(option.parse), option.help]
        for name, option in game_class(game).OPTIONS.items()
    ]
    return table(["option", "default", "takes", "meaning"], rows)


def presets_table(game: str) -> str:
    """Each preset's title and line on what it is, then its value for each option (else the option's default)."""
    cls = game_class(game)
    names = list(cls.PRESETS)
    header = ["option", *(f"`{name}` (default)" if i == 0 else f"`{name}`" for i, name in enumerate(names))]
    about = ["", *(f"**{info.title}**: {info.about}" for info in (preset_info(cls.PRESET_INFO, n) for n in names))]
    rows = [about] + [
        [f"`{key}`", *(shown(cls.PRESETS[name].get(key, option.default)) for name in names)]
        for key, option in cls.OPTIONS.items()
        if key != STACKED_DECK
    ]
    return table(header, rows)


LEVELS = ["easy", "medium", "hard", "expert"]
"""The levels a game may have, weakest first."""


def levels_table(game: str | None) -> str:
    """One game's levels and their agents, or (``None``) every game's in one table."""
    if game is not None:
        return table(["level", "agent"], [[level, f"`{spec}`"] for level, spec in game_class(game).LEVELS.items()])
    rows = []
    for name in deckhand.games():
        levels = game_class(name).LEVELS
        rows.append([name, *(f"`{levels[level]}`" if level in levels else "—" for level in LEVELS)])
    return table(["game", *LEVELS], rows)


def expand(markdown: str) -> str:
    """``markdown`` with every marker replaced by its table (the marker stays, as a comment, above it)."""

    def replace(match: re.Match[str]) -> str:
        kind, game = match.group(1), match.group(2)
        if kind == "levels":
            return f"{match.group(0)}\n\n{levels_table(game)}"
        if game is None:
            raise ValueError(f"{match.group(0)} names no game")
        made = options_table(game) if kind == "options" else presets_table(game)
        return f"{match.group(0)}\n\n{made}"

    return MARKER.sub(replace, markdown)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """MkDocs' event for a page's Markdown, before it is rendered."""
    return expand(markdown)
