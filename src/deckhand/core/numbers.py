"""Whole numbers typed by people, read one way everywhere.

``str.isdigit`` lets ``²`` through to a ``ValueError`` and ``int`` reads
Arabic-Indic digits (``٣``) as if they were ``3``; a number of thousands
of digits costs seconds to convert. Every place that reads a number from a
person or a file (notation, menus, files, budgets) goes through here:
ASCII digits only, at most nine of them.

>>> whole_number("12", "a slot")
12
>>> is_whole_number("²"), is_whole_number("٣"), is_whole_number("-1")
(False, False, False)
"""

from __future__ import annotations

import math
import re

from deckhand.core.errors import DeckhandError, NotationError, quote

MAX_DIGITS = 9
_WHOLE = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")


def is_whole_number(text: str) -> bool:
    """Whether ``text`` is a whole number written in ASCII digits (at most nine)."""
    return _WHOLE.fullmatch(text) is not None


def whole_number(
    text: str,
    what: str,
    *,
    low: int = 0,
    high: int | None = None,
    error: type[DeckhandError] = NotationError,
) -> int:
    """``text`` as a whole number from ``low`` to ``high``; ``error`` naming ``what`` otherwise."""
    if not is_whole_number(text):
        raise error(f"{what} must be a whole number, not {quote(text)}")
    value = int(text)
    if value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise error(f"{what} must be {bounds}, not {value}")
    return value


def is_setting_count(value: object) -> bool:
    """Whether an agent setting is a whole number (``true`` is not one, though Python counts it as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_setting_number(value: object) -> bool:
    """Whether an agent setting is a finite number: ``nan`` and ``inf`` read as floats but budget nothing."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
