"""Each game's instructions for players: the ``rules.md`` beside its code, read as package data.

One text serves the terminal (``deckhand rules``), the browser's rules page and
the manual's game pages, so the rules are written once, next to the rules they describe.
"""

from __future__ import annotations

import sys
from importlib.resources import files

from deckhand.core.errors import ConfigError
from deckhand.core.registry import game_class


def rules_text(game: str) -> str:
    """The instructions for ``game`` as Markdown; ``ConfigError`` for an unknown game.

    The text is ``rules.md`` in the package that defines the game's class, so a
    game registered from another package ships its own.
    """
    cls = game_class(game)
    package = sys.modules[cls.__module__].__package__
    resource = files(package).joinpath("rules.md") if package else None
    if resource is None or not resource.is_file():
        raise ConfigError(f"no instructions are written for {cls.name} yet")
    return resource.read_text(encoding="utf-8")
