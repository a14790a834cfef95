"""Confidence intervals for arena results: Wilson score and a paired (deal-clustered) bootstrap.

A game's return is 1 for a win, 0 for a loss and 1/k for a win shared by k,
so an agent's score is a mean in [0, 1]. Wilson's interval treats it as a
proportion of ``n`` games; the bootstrap resamples whole deals (each deal is
played once per seating, and those games are not independent), which is the
honest interval when deals are paired.

>>> lo, hi = wilson(60, 100)
>>> round(lo, 3), round(hi, 3)
(0.502, 0.691)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for ``successes`` out of ``n`` (shared wins count fractionally)."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(max(successes / n, 0.0), 1.0)
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def bootstrap(
    groups: Sequence[Sequence[float]],
    rng: random.Random,
    resamples: int = 2000,
    level: float = 0.95,
) -> tuple[float, float]:
    """Percentile bootstrap of the mean, resampling ``groups`` (one per deal) with replacement.

    Each group holds an agent's returns in the games of one deal.
    """
    groups = [g for g in groups if g]
    if not groups:
        return (0.0, 1.0)
    sums = [sum(g) for g in groups]
    counts = [len(g) for g in groups]
    k = len(groups)
    means = []
    for _ in range(resamples):
        total = 0.0
        count = 0
        for _ in range(k):
            i = int(rng.random() * k)
            total += sums[i]
            count += counts[i]
        means.append(total / count)
    means.sort()
    tail = (1 - level) / 2
    lo = means[min(int(tail * resamples), resamples - 1)]
    hi = means[min(int((1 - tail) * resamples), resamples - 1)]
    return (lo, hi)


def separated(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two intervals do not overlap (a ladder's rungs are then told apart)."""
    return a[1] < b[0] or b[1] < a[0]
