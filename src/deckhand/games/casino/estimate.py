"""Each seat's chance to win the tournament from the tallies between rounds: where search playouts stop.

A round hands out 11 points (8 when the cards split 26-26; the spades never
tie), and how they split varies a lot from round to round. The rounds still
to come are modelled as independent draws from the splits measured between
two equal players (the greedy player against itself, 10,754 rounds),
mirrored so that neither seat is favoured. From that the chance is exact by
recursion over the tallies; for targets far beyond the usual 21 the
recursion would be long, and a normal approximation stands in.
"""

from __future__ import annotations

import math
from functools import cache

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
