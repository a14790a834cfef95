"""Why a Cambio move is illegal, in one sentence: what ``IllegalActionError`` says.

The state passes its fields in (:meth:`~.state.CambioState.why_illegal`), so
that the sentence can name the phase, the slot or the lock that forbids the move.
"""

from __future__ import annotations

from deckhand.games.cambio.actions import Kind, decode, switch_positions, to_string
from deckhand.games.cambio.options import CambioSetup
from deckhand.games.cambio.phases import (
    EMPTY,
    GIVE,
    HOLD,
    KING_PEEK,
    KING_SWITCH,
    PEEK_OTHER_P,
    PEEK_OWN_P,
    START,
    STICK,
    SWITCH_P,
)
from deckhand.games.cambio.powers import locked_seat

NOW = {
    START: "your turn starts with a draw from the pile, the top discard (where the rules allow it) or a call of cambio",
    HOLD: "swap the card you drew into one of your slots, or discard it",
    PEEK_OWN_P: "the card you discarded lets you peek at one of your own cards (or skip)",
    PEEK_OTHER_P: "the card you discarded lets you peek at another player's card (or skip)",
    SWITCH_P: "the card you discarded lets you switch two cards without looking (or skip)",
    KING_PEEK: "the king lets you peek at a card first (or skip)",
    KING_SWITCH: "the king now lets you switch two cards (or skip)",
    STICK: "the stick window is open: stick a card that matches the top discard, or pass",
    GIVE: "you stuck another player's card: give them one of yours",
}
"""What happens now, by phase: the fallback reason says what the player may do instead."""


def say(action: int) -> str:
    """An action's notation in quotes, or its repr when it is not one."""
    try:
        return repr(to_string(action))
    except (IndexError, ValueError):
        return repr(action)


def explain_illegal(game: CambioSetup, hands: list[list[int]], caller: int, p: int, phase: int, action: int) -> str:
    """A sentence saying why ``action`` is illegal for seat ``p`` in ``phase``: the phase, the slot, the lock."""
    kind, payload = decode(action)
    what = say(action)
    if kind in (Kind.SWAP, Kind.GIVE):
        hand = hands[p]
        if (kind == Kind.SWAP and phase == HOLD) or (kind == Kind.GIVE and phase == GIVE):
            if payload >= len(hand):
                return f"{what}: you have no slot {payload}; your slots are 0 to {len(hand) - 1}"
            return f"{what}: slot {p}.{payload} is empty"
    if kind in (Kind.PEEK, Kind.STICK):
        q, s = payload & 7, payload >> 3
        if (
            q < len(hands)
            and (s >= len(hands[q]) or hands[q][s] == EMPTY)
            and (
                (kind == Kind.PEEK and phase in (PEEK_OWN_P, PEEK_OTHER_P, KING_PEEK))
                or (kind == Kind.STICK and phase == STICK)
            )
        ):
            return f"{what}: there is no card at {q}.{s}"
        if kind == Kind.STICK and phase == STICK and q == caller:
            return f"{what}: the caller's cards cannot be stuck"
    if kind == Kind.SWITCH and phase in (SWITCH_P, KING_SWITCH):
        sa, ta, sb, tb = switch_positions(payload)
        for q, s in ((sa, ta), (sb, tb)):
            if q >= len(hands) or s >= len(hands[q]) or hands[q][s] == EMPTY:
                return f"{what}: there is no card at {q}.{s}"
            if q == locked_seat(game, caller):
                return f"{what}: {q}.{s} is locked, as its owner called cambio"
        return f"{what}: this power cannot switch those two cards"
    if kind == Kind.CAMBIO and phase == START:
        return f"{what}: cambio has already been called"
    if kind == Kind.TAKE and phase == START:
        return f"{what}: cannot take the top discard now"
    if kind == Kind.DISCARD and phase == HOLD:
        return f"{what}: a card taken from the discard pile must be swapped in"
    now = NOW.get(phase)
    return f"{what} cannot be played now: {now}" if now else f"{what} cannot be played now"
