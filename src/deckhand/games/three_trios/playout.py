"""Three Trios search playouts: uniform random placements, played without the legality checks.

Uniform: playout policies that prefer flipping cards (greedy, or sampled
candidates, or only for the last moves) all made UCT weaker than uniform
moves on the 5x5 board. The fast loop works on the state's own lists, as
``apply_action`` does, because playouts are the searches' hot path.
"""

from __future__ import annotations

import random

from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.games.three_trios.state import ThreeTriosState, place


def rollout_action(state: ThreeTriosState, rng: random.Random) -> int:
    """A random card of the mover's hand on a random empty cell (a random card dealt at chance)."""
    if state._player < 0:
        return state.sample_chance_outcome(rng)
    hand = state._hands[state._player]
    empty = state._empty
    return hand[int(rng.random() * len(hand))] * state.game.ncells + empty[int(rng.random() * len(empty))]


def play_out(state: ThreeTriosState, rng: random.Random) -> list[float]:
    """The moves of ``rollout_action`` without ``apply_action``'s checks, which they always pass."""
    while state._player == CHANCE:  # the deal first (no estimate stops a playout here)
        state.apply_legal(state.sample_chance_outcome(rng))
    if state._player == TERMINAL:
        return state.returns()
    game, hands, empty, board, owner = state.game, state._hands, state._empty, state._board, state._owner
    history, ncells, rand = state._history, game.ncells, rng.random
    player = state._player
    while empty:
        hand = hands[player]
        card = hand.pop(int(rand() * len(hand)))
        cell = empty.pop(int(rand() * len(empty)))
        place(game, board, owner, cell, card, player)
        history.append(card * ncells + cell)
        player = 1 - player
    state._player = TERMINAL
    return state.returns()
