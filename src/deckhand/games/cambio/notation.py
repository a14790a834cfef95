"""Cambio notation: an action of a state to its string and back (docs/games/cambio.md, rules decisions).

The action codes and their writing are in :mod:`actions`; this reads them
back, and both check what the state's rules cannot see from an int alone.
"""

from __future__ import annotations

from deckhand.core.cards import Card
from deckhand.core.errors import IllegalActionError, NotationError, quote
from deckhand.core.numbers import is_whole_number
from deckhand.games.cambio.actions import BASE, WORDS, Kind, pos_action, slot_action, switch_action, to_string
from deckhand.games.cambio.state import CambioState

_WORD_ACTION = {word: BASE + kind for kind, word in enumerate(WORDS)}
_SLOT_VERBS = {"swap": Kind.SWAP, "give": Kind.GIVE}
_POS_VERBS = {"peek": Kind.PEEK, "stick": Kind.STICK}


def action_to_string(state: CambioState, action: int) -> str:
    """The canonical notation of ``action`` (a card code for a chance outcome)."""
    if type(action) is not int or action < 0:
        raise IllegalActionError(f"{quote(action, 40)} is not a Cambio action")
    return to_string(action)


def string_to_action(state: CambioState, text: str) -> int:
    """Parse notation; seats are checked against the game's."""
    return parse(text, state.game.players)


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
