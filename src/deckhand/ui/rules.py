"""Instructions for each game, written for players (package data ``ui/rules/<game>.md``)."""

from __future__ import annotations

from importlib.resources import files

from deckhand.core.errors import ConfigError
from deckhand.core.registry import game_class


def rules_text(game: str) -> str:
    """The instructions for ``game`` as Markdown; ``ConfigError`` for an unknown game."""
    name = game_class(game).name
    resource = files("deckhand.ui").joinpath("rules").joinpath(f"{name}.md")
    if not resource.is_file():
        raise ConfigError(f"no instructions are written for {name} yet")
    return resource.read_text(encoding="utf-8")
