"""A cheap playout policy: better than uniform, still a handful of int operations.

It keeps low drawn cards, drops high ones, calls cambio when the seat's own
estimate (unknown cards count 6, as the seed's configuration value) is low
or the game has run long, and passes stick windows; powers are used at random.
"""

from __future__ import annotations

import random

from deckhand.core.protocol import Action
from deckhand.games.cambio import notation as N
from deckhand.games.cambio.phases import EMPTY, HOLD, START, STICK
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
    actions = state.legal_actions()
    return actions[int(rng.random() * len(actions))]


def _estimate(state: CambioState, p: int) -> int:
    value = state.game.value
    mine = 1 << p
    return sum(value[c] if m & mine else UNKNOWN_VALUE
               for c, m in zip(state.hands[p], state.known[p], strict=True) if c != EMPTY)
