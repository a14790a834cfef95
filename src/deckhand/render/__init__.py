"""Renderers: a view's JSON in, a Rich renderable out; one module per game, a plain one for any.

The terminal draws its screens with them and the PettingZoo environment its
``render_mode="ansi"`` text, so they live below both, in a package of their own.

A renderer never sees a state, only ``view(p).to_json()`` (or, once the game
is over, the full state's JSON), so it cannot show what the seat may not
know. A game without its own renderer is drawn by :mod:`.plain`, so a newly
added game plays in the terminal from its first day.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType

HEADER = frozenset({"game", "rules_version", "options", "history", "viewer", "current_player", "scores"})
"""Fields every game's JSON has; renderers show them their own way or not at all."""


@dataclass
class Context:
    """What a renderer needs besides the JSON: who looks, the seats' names, extras."""

    viewer: int | None
    names: list[str]
    hide_known: bool = False
    """Memory mode: the cards the viewer has seen are drawn face down; it must remember them."""
    marks: dict[str, int] = field(default_factory=dict)
    """A hint's numbers by place in notation (``Presentation.hint_marks``)."""

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"


Renderer = Callable[[dict[str, Any], Context], RenderableType]


def renderer_for(game: str) -> Renderer:
    """The game's renderer (``deckhand.render.<game>``), or the plain one."""
    module = f"{__name__}.{game}"
    if not game.isidentifier() or game == "plain" or importlib.util.find_spec(module) is None:
        module = f"{__name__}.plain"
    render: Renderer = importlib.import_module(module).render
    return render


def render(data: dict[str, Any], context: Context) -> RenderableType:
    """Draw ``data`` with the game's renderer; fall back to plain if the JSON is not as expected."""
    try:
        return renderer_for(str(data.get("game", "")))(data, context)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        from deckhand.render.plain import render as plain

        return plain(data, context)
