"""A cheap playout policy: better than uniform, still a handful of int operations.

It keeps low drawn cards, drops high ones, calls cambio when the seat's own
estimate (unknown cards count 6, as the seed's configuration value) is low
or the game has run long, and passes stick windows; peeks look at a card the
seat does not know yet, switches are chosen at random.
"""

from __future__ import annotations

import random

from deckhand.core.protocol import Action
from deckhand.games.cambio import notation as N
from deckhand.games.cambio.phases import EMPTY, HOLD, KING_PEEK, PEEK_OTHER_P, PEEK_OWN_P, START, STICK
from deckhand.games.cambio.state import CambioState

UNKNOWN_VALUE = 6
CAMBIO_AT = 12
"""Call cambio once the seat's own estimate is this low..."""
CAMBIO_BY_ROUND = 6
"""...or, to keep playouts short, from this round on."""


def rollout_action(state: CambioState, rng: random.Random) -> Action:
    """A playout move for the player to move (chance nodes are sampled)."""
    phase = state.phase
    if phase == START:
        if state.caller < 0 and state.turns >= state.game.players and (
                state.turns >= CAMBIO_BY_ROUND * state.game.players or _estimate(state, state.mover) <= CAMBIO_AT):
            return N.A_CAMBIO
        return N.A_DRAW
    if phase == HOLD:
        p = state.mover
        value = state.game.value
        mine = 1 << p
        worst, worst_slot = -99, -1
        for s, (c, m) in enumerate(zip(state.hands[p], state.known[p], strict=True)):
            if c != EMPTY:
                v = value[c] if m & mine else UNKNOWN_VALUE
                if v > worst:
                    worst, worst_slot = v, s
        if worst_slot >= 0 and (state.took or value[state.drawn] < worst):
            return N.slot_action(N.SWAP, worst_slot)
        if not state.took:
            return N.A_DISCARD
    if phase == STICK:
        return N.A_PASS
    if phase in (PEEK_OWN_P, PEEK_OTHER_P, KING_PEEK):
        # look at a card this seat does not know yet (the first one found from a random seat)
        n = state.game.players
        p = state.mover
        start = p if phase == PEEK_OWN_P else p + 1 + int(rng.random() * (n - 1))
        mine = 1 << p
        for k in range(1 if phase == PEEK_OWN_P else n - 1):
            q = (start + k) % n
            for s, (c, m) in enumerate(zip(state.hands[q], state.known[q], strict=True)):
                if c != EMPTY and not m & mine:
                    return N.pos_action(N.PEEK, q, s)
        return N.A_SKIP
    actions = state.legal_actions()
    return actions[int(rng.random() * len(actions))]


def _estimate(state: CambioState, p: int) -> int:
    value = state.game.value
    mine = 1 << p
    return sum(value[c] if m & mine else UNKNOWN_VALUE
               for c, m in zip(state.hands[p], state.known[p], strict=True) if c != EMPTY)
