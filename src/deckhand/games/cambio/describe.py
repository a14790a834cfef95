"""Words for Cambio states: why an action is illegal, and the table as JSON (RULES.md §5).

Kept apart from the rules so that :mod:`state` stays the hot path only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckhand.core.cards import CARDS, CODES
from deckhand.games.cambio import notation as N
from deckhand.games.cambio.options import KING, PEEK_OTHER, PEEK_OWN, SWITCH
from deckhand.games.cambio.phases import (
    EMPTY,
    GIVE,
    HOLD,
    KING_PEEK,
    KING_SWITCH,
    PEEK_OTHER_P,
    PEEK_OWN_P,
    PENALTY,
    PHASE_NAMES,
    START,
    STICK,
    SWITCH_P,
    UNKNOWN,
)

if TYPE_CHECKING:
    from deckhand.games.cambio.state import CambioState


def say(action: int) -> str:
    """An action's notation in quotes, or its repr when it is not one."""
    try:
        return repr(N.to_string(action))
    except (IndexError, ValueError):
        return repr(action)


def explain_illegal(state: CambioState, action: int) -> str:
    """A sentence saying why ``action`` is illegal in ``state``: the phase, the slot, the lock."""
    kind, payload = N.decode(action)
    what = say(action)
    phase = PHASE_NAMES[state.phase]
    p = state.mover
    if kind in (N.SWAP, N.GIVE):
        hand = state.hands[p]
        if (kind == N.SWAP and state.phase == HOLD) or (kind == N.GIVE and state.phase == GIVE):
            if payload >= len(hand):
                return f"{what}: seat {p} has no slot {payload}"
            return f"{what}: slot {p}.{payload} is empty"
    if kind in (N.PEEK, N.STICK):
        q, s = payload & 7, payload >> 3
        if (
            q < len(state.hands)
            and (s >= len(state.hands[q]) or state.hands[q][s] == EMPTY)
            and (
                (kind == N.PEEK and state.phase in (PEEK_OWN_P, PEEK_OTHER_P, KING_PEEK))
                or (kind == N.STICK and state.phase == STICK)
            )
        ):
            return f"{what}: there is no card at {q}.{s}"
        if kind == N.STICK and state.phase == STICK and q == state.caller:
            return f"{what}: the caller's cards cannot be stuck"
    if kind == N.SWITCH and state.phase in (SWITCH_P, KING_SWITCH):
        sa, ta, sb, tb = N.switch_positions(payload)
        for q, s in ((sa, ta), (sb, tb)):
            if q >= len(state.hands) or s >= len(state.hands[q]) or state.hands[q][s] == EMPTY:
                return f"{what}: there is no card at {q}.{s}"
            if state.locked(q):
                return f"{what}: seat {q} called cambio, its cards are locked"
        return f"{what}: this power cannot switch those two cards"
    if kind == N.CAMBIO and state.phase == START:
        return f"{what}: seat {state.caller} has already called cambio"
    if kind == N.TAKE and state.phase == START:
        return f"{what}: cannot take the top discard now"
    if kind == N.DISCARD and state.phase == HOLD:
        return f"{what}: a card taken from the discard pile must be swapped in"
    return f"{what} is not allowed in the {phase} phase (seat {p} to move)"


def table_json(state: CambioState, viewer: int | None) -> dict[str, Any]:
    """RULES.md §5 fields and the rest of the table, hiding what ``viewer`` cannot see."""

    def code(card: int) -> str | None:
        return None if card == EMPTY else "??" if card == UNKNOWN else CODES[card]

    n = state.game.players
    drawn = None if state.drawn == EMPTY else code(state.drawn)
    window: dict[str, Any] | None = None
    if state.phase in (STICK, PENALTY, GIVE):
        window = {
            "played": state.turn,
            "seat": state.mover,
            "give_to": None if state.target < 0 else f"{state.target & 7}.{state.target >> 3}",
        }
    return {
        "hands": [[code(c) for c in hand] for hand in state.hands],
        "discard": [CODES[c] for c in state.discard],
        "caller": None if state.caller < 0 else state.caller,
        "known": [[[q for q in range(n) if m >> q & 1] for m in ks] for ks in state.known],
        "phase": PHASE_NAMES[state.phase],
        "turn": state.turn,
        "turns_played": state.turns,
        "drawn": drawn,
        "drawn_from": None if state.drawn == EMPTY else ("discard" if state.took else "deck"),
        "peeked": None if state.peeked < 0 else f"{state.peeked & 7}.{state.peeked >> 3}",
        "stick_window": window,
        "draw_pile": len(state.pile) if viewer is not None else sorted(CODES[c] for c in state.pile),
        "cards_drawn": state.ndrawn,
    }


POWER_WORDS = {
    PEEK_OWN: "a look at one's own card",
    PEEK_OTHER: "a look at another seat's card",
    SWITCH: "a blind switch",
    KING: "a look, then a switch",
}


def _the(card: int) -> str:
    """``the 8 of Hearts``, ``the Joker``: a card every seat has just seen."""
    return f"the {CARDS[card].name}"


def describe_action(state: CambioState, action: int) -> str:
    """A player's move in words every seat may read once it is played (``state`` is before it).

    It names a card only where the move shows it to the whole table: the top
    discard taken, the card a swap brings out, a discard, a stuck card. The
    words have no subject, so they read after "You played" and "Computer plays" alike.
    """
    if action < N.BASE:
        return "a card is dealt"
    kind, payload = N.decode(action)
    p = state.mover
    if kind == N.CAMBIO:
        return "cambio is called: everyone else plays one more turn"
    if kind == N.DRAW:
        return "a card is drawn from the deck"
    if kind == N.TAKE:
        return f"{_the(state.discard[-1])} is taken from the discard pile"
    if kind == N.SWAP:
        what = _the(state.drawn) if state.took else "the drawn card"
        return f"{what} goes into slot {payload}; out comes {_the(state.hands[p][payload])}"
    if kind == N.DISCARD:
        card = state.drawn
        power = state.game.power[card]
        return f"{_the(card)} is discarded" + (f", for its power: {POWER_WORDS[power]}" if power else "")
    if kind == N.PEEK:
        q, s = payload & 7, payload >> 3
        return f"a look at seat {q}'s slot {s}" + (" (its own)" if q == p else "")
    if kind == N.SWITCH:
        sa, ta, sb, tb = N.switch_positions(payload)
        return f"{sa}.{ta} and {sb}.{tb} change places, unseen"
    if kind == N.SKIP:
        return "the power goes unused"
    if kind == N.STICK:
        q, s = payload & 7, payload >> 3
        card, top = state.hands[q][s], state.discard[-1]
        if state.game.rank[card] == state.game.rank[top]:
            return f"{q}.{s} is stuck: right, {_the(card)} goes onto the discard pile"
        return f"{q}.{s} is stuck: wrong, it is {_the(card)}, not a match for {_the(top)}; a penalty card follows"
    if kind == N.PASS:
        return "no stick"
    if kind == N.GIVE:
        q, t = state.target & 7, state.target >> 3
        return f"slot {payload} goes to seat {q}, into the gap at {q}.{t}"
    return "no card is given"
