"""The playout policy of search: the greedy player's priorities in a few integer operations per move.

A playout is only worth what its moves are like: uniformly random Casino
trails point cards and ignores captures, so a position's value says little
about the move that led there. This policy captures the most valuable cards,
else builds what it can take next turn, else trails its least useful card;
now and then (``EXPLORE``) it plays a random move instead, so that playouts
from one position still differ.
"""

from __future__ import annotations

import random
from typing import Any

DIAMOND_TEN = 35
SPADE_TWO = 1

WORTH = tuple(4 + 8 * (c == DIAMOND_TEN) + 4 * (c == SPADE_TWO) + 4 * (c % 13 == 0) + (c < 13) for c in range(52))
"""A card in a pile, in quarter points: 4 for counting towards most cards, plus its scoring share."""

EXPLORE = 0.1
"""How often the policy plays a uniformly random move."""


def rollout_choice(actions: list[Any], rng: random.Random) -> Any:
    """The policy's move among ``actions`` (a player's legal moves)."""
    if rng.random() < EXPLORE:
        return actions[int(rng.random() * len(actions))]
    worth = WORTH
    best = actions[0]
    top = -1 << 30
    for a in actions:
        kind = a[0]
        if kind == "capture":
            w = worth[a[1]]
            for c in a[2]:
                w += worth[c]
            for group in a[3]:
                for c in group:
                    w += worth[c]
            for parts in a[4]:
                for part in parts:
                    for c in part:
                        w += worth[c]
            score = 5 * w
        elif kind == "trail":
            c = a[1]
            score = c % 13 - 16 * worth[c]  # the least useful card; of equal ones the highest rank
        else:
            # a build or an increase: its cards and the card that will take it, a turn later
            w = worth[a[1]] + 4
            if kind == "build":
                for c in a[3]:
                    w += worth[c]
            else:
                for c in a[3][0]:
                    w += worth[c]
                w += 2
            score = 4 * w
        if score > top:
            top = score
            best = a
    return best
