"""The powers of a discarded 7 to K: which peeks and switches the seat that discarded it may make.

A power phase (``PEEK_OWN_P`` to ``KING_SWITCH``) lists its moves here, in
notation order, always with ``skip``; :func:`power_legal` answers for one move
without listing them where it can. The state passes its fields in, so that
these rules read as the state's own (compiled, they cost what its methods did).
"""

from __future__ import annotations

from deckhand.games.cambio.actions import A_SKIP, Kind, decode, pos_action, switch_action
from deckhand.games.cambio.options import CambioSetup
from deckhand.games.cambio.phases import EMPTY, KING_PEEK, KING_SWITCH, PEEK_OTHER_P, PEEK_OWN_P, SWITCH_P


def slots(hand: list[int]) -> list[int]:
    """The slots of ``hand`` that hold a card."""
    return [s for s, c in enumerate(hand) if c != EMPTY]


def locked_seat(game: CambioSetup, caller: int) -> int:
    """The seat whose cards cannot be switched: the caller's where the rules lock them, else -1."""
    return caller if game.caller_locked else -1


def power_actions(game: CambioSetup, hands: list[list[int]], caller: int, peeked: int, p: int, phase: int) -> list[int]:
    """Seat ``p``'s moves in power ``phase``, ``peeked`` being the position a king looked at (house rules)."""
    n = len(hands)
    locked = locked_seat(game, caller)
    out: list[int] = []
    if phase == PEEK_OWN_P:
        out = [pos_action(Kind.PEEK, p, s) for s in slots(hands[p])]
    elif phase == PEEK_OTHER_P or (phase == KING_PEEK and game.king_peeked):
        out = [pos_action(Kind.PEEK, q, s) for q in range(n) if q != p for s in slots(hands[q])]
    elif phase == KING_PEEK:
        out = [pos_action(Kind.PEEK, q, s) for q in range(n) for s in slots(hands[q])]
    elif phase == KING_SWITCH and game.king_peeked:
        q, t = peeked & 7, peeked >> 3
        if q != locked and hands[q][t] != EMPTY:
            out = [switch_action(p, s, q, t) for s in slots(hands[p])]
    elif (phase == SWITCH_P and not game.jq_any) or phase == KING_SWITCH:
        # own card with an opponent's, listed in notation order (lower position first)
        mine = slots(hands[p])
        sw = switch_action
        for q in range(p):
            if q != locked:
                for t in slots(hands[q]):
                    out += [sw(q, t, p, s) for s in mine]
        later = [(q, slots(hands[q])) for q in range(p + 1, n) if q != locked]
        for s in mine:
            for q, qs in later:
                out += [sw(p, s, q, t) for t in qs]
    else:  # SWITCH_P, any two cards of two different seats, in notation order
        free = [(q, slots(hands[q])) for q in range(n) if q != locked]
        sw = switch_action
        for i, (q, qs) in enumerate(free):
            for s in qs:
                for r, rs in free[i + 1 :]:
                    out += [sw(q, s, r, t) for t in rs]
    out.append(A_SKIP)
    return list(out)


def power_legal(
    game: CambioSetup, hands: list[list[int]], caller: int, peeked: int, p: int, phase: int, action: int
) -> bool:
    """Whether seat ``p`` may play ``action`` in power ``phase``, without listing the moves when the answer is plain."""
    if action == A_SKIP:
        return True
    kind, payload = decode(action)
    if kind == Kind.PEEK:
        q, s = payload & 7, payload >> 3
        if q >= len(hands) or s >= len(hands[q]) or hands[q][s] == EMPTY:
            return False
        if phase == PEEK_OWN_P:
            return q == p
        if phase == PEEK_OTHER_P or (phase == KING_PEEK and game.king_peeked):
            return q != p
        return phase == KING_PEEK
    if kind != Kind.SWITCH or phase not in (SWITCH_P, KING_SWITCH):
        return False
    return action in power_actions(game, hands, caller, peeked, p, phase)
