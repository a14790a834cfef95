"""The error classes every part of deckhand raises for bad input.

Each is also a ``ValueError`` so that callers that only know the standard
library still catch them.
"""

from __future__ import annotations

import os
import reprlib

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
    >>> quote(10**5000)
    '<int>'
    """
    if not isinstance(text, str):
        try:
            shown = reprlib.repr(text)  # a list of a million items is not spelled out to be cut
        except Exception:  # an int of thousands of digits has no repr; nor has an object whose repr fails
            shown = f"<{type(text).__name__}>"
        return shown if len(shown) <= limit else shown[:limit] + "…"
    return repr(text) if len(text) <= limit else repr(text[:limit])[:-1] + "…'"


FILE_TOKEN_LIMIT = 4
"""The longest word of a file that an error message repeats: a card code or a value, mistyped."""


def file_token(text: str, limit: int = FILE_TOKEN_LIMIT) -> str:
    """A word read from a file as a message shows it: quoted when short, else only its length.

    Any file can be named as a deck, board or save (``deck=".env"``); a
    message about its content must not become a way to read it. A few
    characters are all a mistyped card code or value needs.

    >>> file_token("SZ")
    "'SZ'"
    >>> file_token("DB_PASSWORD=hunter2")
    'a word of 19 characters'
    """
    return quote(text) if len(text) <= limit else f"a word of {len(text)} characters"


def shown_path(path: object, limit: int = 100) -> str:
    """A file name as an error message shows it: on one line, and only the end of it when it is very long."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(path))
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
    "FILE_TOKEN_LIMIT",
    "AmbiguousActionError",
    "ConfigError",
    "DeckhandError",
    "IllegalActionError",
    "NotationError",
    "file_token",
    "is_file",
    "quote",
    "shown_path",
]
