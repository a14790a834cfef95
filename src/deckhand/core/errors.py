"""The error classes every part of deckhand raises for bad input.

Each is also a ``ValueError`` so that callers that only know the standard
library still catch them.
"""

from __future__ import annotations

import os

QUOTE_LIMIT = 24
"""The most of a user's input an error message repeats."""


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """Input as an error message shows it: quoted, escaped, and cut short.

    A message about a bad file never repeats more than the offending token,
    so that a crafted record cannot make deckhand print a line of another
    file (``deck="/etc/passwd"``), and junk never floods the screen.

    >>> quote("SX")
    "'SX'"
    >>> quote("root:x:0:0:root:/root:/bin/bash", 10)
    "'root:x:0:0…'"
    >>> quote(7)
    '7'
    """
    if not isinstance(text, str):
        shown = repr(text)
        return shown if len(shown) <= limit else shown[:limit] + "…"
    return repr(text) if len(text) <= limit else repr(text[:limit])[:-1] + "…'"


def shown_path(path: object, limit: int = 100) -> str:
    """A file name as an error message shows it: the end of it when it is very long."""
    text = str(path)
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]


def is_file(path: object) -> bool:
    """Whether ``path`` names a readable file; a name the system refuses (too long, a NUL) is not one."""
    try:
        return os.path.isfile(path)  # type: ignore[arg-type]
    except (OSError, TypeError, ValueError):
        return False


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
    "is_file",
    "quote",
    "shown_path",
]
