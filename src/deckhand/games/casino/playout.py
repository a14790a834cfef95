"""What search playouts need: a cheap policy, a fast loop, and where a playout may stop early.

The policy plays the greedy player's priorities in a few integer operations
per move. A playout is only worth what its moves are like: uniformly random
Casino trails point cards and ignores captures, so a position's value says
little about the move that led there. This policy captures the most valuable
cards, else builds what it can take next turn, else trails its least useful
card; now and then (``EXPLORE``) it plays a random move instead, so that
playouts from one position still differ.

Between rounds a playout stops at an estimate: each seat's chance to win the
tournament from the tallies. A round hands out 11 points (8 when the cards
split 26-26; the spades never tie), and how they split varies a lot from
round to round. The rounds still to come are modelled as independent draws
from the splits measured between two equal players (the greedy player
against itself, 10,754 rounds), mirrored so that neither seat is favoured.
From that the chance is exact by recursion over the tallies; for targets far
beyond the usual 21 the recursion would be long, and a normal approximation
stands in.
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any, Final

from deckhand.core.protocol import Action
from deckhand.games.casino.phases import DEAL, OVER, PLAY
from deckhand.games.casino.state import DIAMOND_TEN, SPADE_TWO, CasinoState

WORTH: Final = tuple(
    4 + 8 * (c == DIAMOND_TEN) + 4 * (c == SPADE_TWO) + 4 * (c % 13 == 0) + (c < 13) for c in range(52)
)
"""A card in a pile, in quarter points: 4 for counting towards most cards, plus its scoring share."""

EXPLORE: Final = 0.1
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


def rollout_action(state: CasinoState, rng: random.Random) -> Action:
    """The policy's move in ``state``: uniform for the coin, ``rollout_choice`` for a play."""
    if state.phase != PLAY:
        actions = state.legal_actions()
        return actions[int(rng.random() * len(actions))]
    chosen: Action = rollout_choice(state.shared_legal_actions(), rng)
    return chosen


def play_out(state: CasinoState, rng: random.Random) -> list[float]:
    """Play ``state`` on in place with the policy (chance by its odds) to the end or an estimate; the returns.

    The estimate is the game's hook, looked up once, so that a search may be
    tried against another estimate; it is asked where a deal starts (the
    game's own answers nowhere else), and the deal's cards then follow.
    The policy is called directly and its moves, legal by construction,
    played without the checks (``apply_legal``).
    """
    estimate = state.game.playout_estimate
    apply = state.apply_legal
    legal = state.shared_legal_actions
    sample = state.sample_chance_outcome
    while True:
        phase = state.phase
        if phase == PLAY:
            apply(rollout_choice(legal(), rng))
        elif phase == DEAL:
            value = estimate(state)
            if value is not None:
                return value
            while state.phase == DEAL:
                apply(sample(rng))
        elif phase == OVER:
            return state.returns()
        else:  # the call and the coin, at the start of a game
            apply(rollout_action(state, rng))


def playout_estimate(state: CasinoState) -> list[float] | None:
    """Between rounds, each seat's chance to win the tournament from the tallies; None elsewhere.

    The first deal of a round is the chance node where the last round is
    scored and nothing of the next is known. A round that ends the
    tournament leads to no chance node: its returns are exact.
    """
    if state.phase != DEAL or state.drawn or state.last_points is None:
        return None
    p = win_chance(state.tally[0], state.tally[1], state.game.target)
    return [p, 1.0 - p]


SPLITS_PER_MILLE = {
    (6, 5): 168,
    (7, 4): 199,
    (8, 3): 214,
    (9, 2): 188,
    (10, 1): 115,
    (11, 0): 50,
    (4, 4): 15,
    (5, 3): 29,
    (6, 2): 16,
    (7, 1): 5,
    (8, 0): 1,
}
"""How often a round splits its points so (the larger share first), per thousand rounds."""


def _ordered() -> tuple[tuple[int, int, float], ...]:
    out: list[tuple[int, int, float]] = []
    for (hi, lo), n in SPLITS_PER_MILLE.items():
        if hi == lo:
            out.append((hi, lo, n / 1000))
        else:
            out += [(hi, lo, n / 2000), (lo, hi, n / 2000)]
    return tuple(out)


SPLITS = _ordered()
"""(points to seat 0, points to seat 1, probability) of one round."""

EXACT_UP_TO = 60
"""Targets up to this are solved exactly (a few thousand tallies at most)."""

_MEAN = sum(p * (x + y) for x, y, p in SPLITS) / 2
_SPREAD = math.sqrt(sum(p * (x - y) ** 2 for x, y, p in SPLITS))


@cache
def _exact(a: int, b: int, target: int) -> float:
    total = 0.0
    for x, y, p in SPLITS:
        na, nb = a + x, b + y
        if na >= target or nb >= target:
            total += p * (1.0 if na > nb else 0.5 if na == nb else 0.0)
        else:
            total += p * _exact(na, nb, target)
    return total


def win_chance(a: int, b: int, target: int) -> float:
    """Seat 0's chance to win with tallies ``a`` and ``b``, neither yet at ``target``, before a round."""
    if target <= EXACT_UP_TO:
        chance = _exact(a, b, target)
    else:
        rounds = max(1.0, (target - max(a, b)) / _MEAN)
        chance = 0.5 * (1.0 + math.erf((a - b) / (_SPREAD * math.sqrt(2.0 * rounds))))
    return min(1.0, max(0.0, chance))  # the split's rounding must not leave [0, 1]
