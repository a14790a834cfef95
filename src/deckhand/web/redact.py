"""Seat tokens out of uvicorn's log lines: a tool's ``?token=`` would be printed with its request.

uvicorn writes each request's path and query to ``uvicorn.access`` (HTTP) and
each websocket's to ``uvicorn.error`` (``"WebSocket /ws/...?token=..."
[accepted]``) when it logs at info level. A filter on both loggers replaces
the value of every ``token`` parameter before any handler formats the line.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote_plus

LOGGERS = ("uvicorn.access", "uvicorn.error")
HIDDEN = "[hidden]"

_PARAMETER = re.compile(r"(?P<lead>[?&;])(?P<name>[^=&;\s\"']*)=(?P<value>[^&;\s\"']*)")


def hide_tokens(text: str) -> str:
    """``text`` with the value of each ``token=`` query parameter (its name percent-encoded or not) hidden."""

    def hide(match: re.Match[str]) -> str:
        if unquote_plus(match["name"]).strip().lower() != "token":
            return match[0]
        return f"{match['lead']}{match['name']}={HIDDEN}"

    return _PARAMETER.sub(hide, text)


class RedactTokens(logging.Filter):
    """Hides seat tokens in a record's arguments and message; never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(hide_tokens(arg) if isinstance(arg, str) else arg for arg in record.args)
        elif not record.args and isinstance(record.msg, str):  # a format string keeps its placeholders
            record.msg = hide_tokens(record.msg)
        return True


def redact_tokens() -> None:
    """Put :class:`RedactTokens` on uvicorn's loggers, once (a logging configuration keeps a logger's filters)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, RedactTokens) for existing in logger.filters):
            logger.addFilter(RedactTokens())
