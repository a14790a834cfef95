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
from typing import Any

from rich.console import RenderableType

from deckhand.render.context import HEADER, Context
from deckhand.render.plain import render as plain

__all__ = ["HEADER", "Context", "Renderer", "render", "renderer_for"]

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
        return plain(data, context)
