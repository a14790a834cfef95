"""The game registry: games plug in by name and are imported on first use.

Built-in games register in :mod:`deckhand.games`; other packages may add
games through the ``deckhand.games`` entry-point group (``name = "module:Class"``).
"""

from __future__ import annotations

import difflib
import importlib
from importlib.metadata import entry_points
from typing import Any

from deckhand.core.errors import ConfigError, quote
from deckhand.core.protocol import Game

_GAMES: dict[str, str | type[Game]] = {}
_plugins_loaded = False


def register_game(name: str, target: str | type[Game]) -> None:
    """Register a game class, or ``"module:Class"`` to import lazily."""
    _GAMES[name] = target


def _load_plugins() -> None:
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for entry in entry_points(group="deckhand.games"):
        _GAMES.setdefault(entry.name, entry.value)


def games() -> list[str]:
    """The names of every registered game, sorted."""
    _load_plugins()
    return sorted(_GAMES)


def import_object(target: str) -> Any:
    """Import ``"package.module:attribute"``."""
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def game_class(name: str) -> type[Game]:
    """The class registered as ``name``; ``ConfigError`` if there is none."""
    _load_plugins()
    if not isinstance(name, str):
        raise ConfigError(f"game name must be a string, not {type(name).__name__}")
    key = name.strip().lower().replace("-", "_")
    target = _GAMES.get(key)
    if target is None:
        close = difflib.get_close_matches(key, _GAMES, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f"; games: {', '.join(sorted(_GAMES))}"
        raise ConfigError(f"unknown game {quote(name)}{hint}")
    if isinstance(target, str):
        target = import_object(target)
        assert isinstance(target, type) and issubclass(target, Game)
        _GAMES[key] = target
    return target


def game_title(name: str) -> str:
    """The game's name for people (``Three Trios``), else its id: a stored game of one no longer installed."""
    try:
        cls = game_class(name)
    except ConfigError:
        return name
    return cls.title or cls.name


def load_game(name: str, **options: Any) -> Game:
    """A game with the given options (a ``preset`` first, then single options).

    A name that is not a game's, or an option that is not the game's or not
    of a value it takes, whatever its type, is a one-line ``ConfigError``.

    >>> load_game("cambio", preset="house", players=4).options["players"]
    4
    """
    return game_class(name)(**options)
