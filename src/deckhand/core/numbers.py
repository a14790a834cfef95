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
SETTING_DIGITS = 15
"""Digits a setting's number may have: a float holds every whole number of 15 digits exactly."""
_SIGNED = re.compile(rf"[-+]?[0-9]{{1,{SETTING_DIGITS}}}")
_DECIMAL = re.compile(
    rf"[-+]?(?:[0-9]{{1,{SETTING_DIGITS}}}(?:\.[0-9]{{0,{SETTING_DIGITS}}})?|\.[0-9]{{1,{SETTING_DIGITS}}})"
    r"(?:[eE][-+]?[0-9]{1,3})?"
)


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


def setting_number(text: str) -> int | float | None:
    """A setting's value as a person types a number (``300``, ``-2``, ``0.5``, ``1e-3``), or None if it is none.

    ASCII digits, at most :data:`SETTING_DIGITS` before and after the point:
    ``1_000``, ``٣`` and a number of a hundred digits are not numbers here,
    so that a setting never holds one too large to compare with a float.

    >>> setting_number("300"), setting_number("-0.5"), setting_number("1_000"), setting_number("9" * 16)
    (300, -0.5, None, None)
    """
    if _SIGNED.fullmatch(text):
        return int(text)
    if _DECIMAL.fullmatch(text):
        return float(text)
    return None


def is_setting_count(value: object) -> bool:
    """Whether an agent setting is a whole number (``true`` is not one, though Python counts it as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_setting_number(value: object) -> bool:
    """Whether an agent setting is a finite number: ``nan`` and ``inf`` read as floats but budget nothing."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float budgets nothing either
        return False
