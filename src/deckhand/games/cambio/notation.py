"""Cambio actions as small ints, and their notation (RULES.md §1).

Chance outcomes are card indices (0..52), written as card codes. A player
action is ``64 + (payload << 4) + kind``; positions are ``slot * 8 + seat``
so that seats and slots stay readable and slots may grow (penalty cards).
"""

from __future__ import annotations

from deckhand.core.cards import CODES, Card
from deckhand.core.errors import IllegalActionError, NotationError, quote
from deckhand.core.numbers import is_whole_number

BASE = 64
CAMBIO, DRAW, TAKE, DISCARD, SKIP, PASS, KEEP, SWAP, GIVE, PEEK, STICK, SWITCH = range(12)
WORDS = ("cambio", "draw", "take", "discard", "skip", "pass", "keep")
A_CAMBIO, A_DRAW, A_TAKE, A_DISCARD, A_SKIP, A_PASS, A_KEEP = (BASE + k for k in range(7))
_WORD_ACTION = {word: BASE + kind for kind, word in enumerate(WORDS)}
_SLOT_VERBS = {"swap": SWAP, "give": GIVE}
_POS_VERBS = {"peek": PEEK, "stick": STICK}


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
    return BASE + ((((slot_a * 8 + seat_a) << 16) | (slot_b * 8 + seat_b)) << 4) + SWITCH


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
    if kind > SWITCH:
        raise IllegalActionError(f"{quote(action, 40)} is not a Cambio action")
    if kind < SWAP:
        if payload:
            raise IllegalActionError(f"{quote(action, 40)} is not a Cambio action")
        return WORDS[kind]
    if kind == SWAP:
        return f"swap {payload}"
    if kind == GIVE:
        return f"give {payload}"
    if kind == SWITCH:
        sa, ta, sb, tb = switch_positions(payload)
        return f"switch {sa}.{ta} {sb}.{tb}"
    return f"{'peek' if kind == PEEK else 'stick'} {payload & 7}.{payload >> 3}"


def _number(text: str, what: str, source: str) -> int:
    if not is_whole_number(text):
        raise NotationError(f"{quote(source, 40)}: {what} must be a number, not {quote(text, 40)}")
    return int(text)


def _position(text: str, players: int, source: str) -> tuple[int, int]:
    seat, dot, slot = text.partition(".")
    if not dot:
        raise NotationError(f"{quote(source, 40)}: expected a position P.S (seat.slot), not {quote(text, 40)}")
    p, s = _number(seat, "a seat", source), _number(slot, "a slot", source)
    if p >= players:
        raise IllegalActionError(f"{quote(source, 40)}: there is no seat {p} (seats are 0 to {players - 1})")
    if s > 8000:
        raise IllegalActionError(f"{quote(source, 40)}: there is no slot {s}")
    return p, s


def parse(text: str, players: int) -> int:
    """Read notation: a word, ``swap S``, ``peek P.S``, ``switch P.S Q.T``... or a card code."""
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action")
    verb, args = words[0], words[1:]
    if verb in _WORD_ACTION:
        if args:
            raise NotationError(f"{quote(text, 40)}: {quote(verb, 40)} takes no argument")
        return _WORD_ACTION[verb]
    if verb in _SLOT_VERBS:
        if len(args) != 1:
            raise NotationError(f"{quote(text, 40)}: expected '{verb} S' with one slot number")
        slot = _number(args[0], "the slot", text)
        if slot > 8000:
            raise IllegalActionError(f"{quote(text, 40)}: there is no slot {slot}")
        return slot_action(_SLOT_VERBS[verb], slot)
    if verb in _POS_VERBS:
        if len(args) != 1:
            raise NotationError(f"{quote(text, 40)}: expected '{verb} P.S' with one position")
        seat, slot = _position(args[0], players, text)
        return pos_action(_POS_VERBS[verb], seat, slot)
    if verb == "switch":
        if len(args) != 2:
            raise NotationError(f"{quote(text, 40)}: expected 'switch P.S Q.T' with two positions")
        a, b = _position(args[0], players, text), _position(args[1], players, text)
        if a == b:
            raise IllegalActionError(f"{quote(text, 40)}: a card cannot be switched with itself")
        return switch_action(a[0], a[1], b[0], b[1])
    if len(words) == 1:
        try:
            return Card.parse(verb).index
        except NotationError:
            pass
    raise NotationError(
        f"{quote(text, 40)} is not a Cambio action (cambio, draw, take, swap S, discard, peek P.S, "
        "switch P.S Q.T, skip, stick P.S, pass, give S, keep, or a card code)"
    )
