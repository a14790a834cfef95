"""Cambio actions as small ints (docs/games/cambio.md, rules decisions): pure constants and functions the rules index.

Chance outcomes are card indices (0..52), written as card codes. A player
action is ``64 + (payload << 4) + kind``; positions are ``slot * 8 + seat``
so that seats and slots stay readable and slots may grow (penalty cards).
Writing an action sits here, before the rules, because their error messages
quote moves; :mod:`notation` reads them.
"""

from __future__ import annotations

from typing import Final

from deckhand.core.cards import CODES
from deckhand.core.errors import IllegalActionError, quote

BASE = 64


class Kind:
    """The kind of a player action, its low four bits (a namespace: phases and powers share some names)."""

    CAMBIO: Final = 0
    DRAW: Final = 1
    TAKE: Final = 2
    DISCARD: Final = 3
    SKIP: Final = 4
    PASS: Final = 5
    KEEP: Final = 6
    SWAP: Final = 7
    GIVE: Final = 8
    PEEK: Final = 9
    STICK: Final = 10
    SWITCH: Final = 11


WORDS = ("cambio", "draw", "take", "discard", "skip", "pass", "keep")
A_CAMBIO, A_DRAW, A_TAKE, A_DISCARD, A_SKIP, A_PASS, A_KEEP = (BASE + k for k in range(7))


def pos(seat: int, slot: int) -> int:
    """The position code of slot ``slot`` of ``seat``."""
    return slot * 8 + seat


def slot_action(kind: int, slot: int) -> int:
    return BASE + (slot << 4) + kind


def pos_action(kind: int, seat: int, slot: int) -> int:
    return BASE + ((slot * 8 + seat) << 4) + kind


def switch_action(seat_a: int, slot_a: int, seat_b: int, slot_b: int) -> int:
    """``switch P.S Q.T`` with the two positions in canonical (seat, slot) order."""
    if (seat_b, slot_b) < (seat_a, slot_a):
        seat_a, slot_a, seat_b, slot_b = seat_b, slot_b, seat_a, slot_a
    return BASE + ((((slot_a * 8 + seat_a) << 16) | (slot_b * 8 + seat_b)) << 4) + Kind.SWITCH


def decode(action: int) -> tuple[int, int]:
    """(kind, payload) of a player action."""
    a = action - BASE
    return a & 15, a >> 4


def switch_positions(payload: int) -> tuple[int, int, int, int]:
    a, b = payload >> 16, payload & 0xFFFF
    return a & 7, a >> 3, b & 7, b >> 3


def to_string(action: int) -> str:
    """The canonical notation of an action (or a card code for a chance outcome)."""
    if action < BASE:
        return CODES[action]
    kind, payload = decode(action)
    if kind > Kind.SWITCH:
        raise IllegalActionError(f"{quote(action, 40)} is not a Cambio action")
    if kind < Kind.SWAP:
        if payload:
            raise IllegalActionError(f"{quote(action, 40)} is not a Cambio action")
        return WORDS[kind]
    if kind == Kind.SWAP:
        return f"swap {payload}"
    if kind == Kind.GIVE:
        return f"give {payload}"
    if kind == Kind.SWITCH:
        sa, ta, sb, tb = switch_positions(payload)
        return f"switch {sa}.{ta} {sb}.{tb}"
    return f"{'peek' if kind == Kind.PEEK else 'stick'} {payload & 7}.{payload >> 3}"
