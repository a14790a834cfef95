"""The error classes every part of deckhand raises for bad input.

Each is also a ``ValueError`` so that callers that only know the standard
library still catch them.
"""

from __future__ import annotations


class DeckhandError(ValueError):
    """Base class of every error deckhand raises on purpose."""


class ConfigError(DeckhandError):
    """A bad option, board, card, deck or save file; the message names where."""


class NotationError(DeckhandError):
    """A string that is not an action in the game's notation."""


class IllegalActionError(DeckhandError):
    """A well-formed action that the rules forbid now; the state is unchanged."""


class AmbiguousActionError(NotationError):
    """A notation string that names more than one legal action."""


__all__ = [
    "AmbiguousActionError",
    "ConfigError",
    "DeckhandError",
    "IllegalActionError",
    "NotationError",
]
