"""How a move's cost becomes a grade and an accuracy: lichess's accuracy, in win chances.

lichess (its "Accuracy metric" page) grades a move by the win chance it
gives up: ``103.1668·exp(−0.04354·Δ) − 3.1669`` for Δ in percentage
points, clipped to 0..100. In a card game chance moves the position between
two of a seat's decisions (the next card, the others' hidden hands), so Δ here
is not "before" against "after" but the move played against the best move
found *at the same decision*, both estimated from what the seat knew then.

The grades follow the same scale as lichess's labels: an inaccuracy gives up at
least 5 points, a mistake 10, a blunder 20. Below 5 points a card game's
estimates are within their own noise at a review's budget, so nothing is said.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

GRADES: tuple[tuple[float, str], ...] = ((20.0, "blunder"), (10.0, "mistake"), (5.0, "inaccuracy"))
"""(least Δ in points, grade), worst first."""


def move_accuracy(loss: float) -> float:
    """A move's accuracy (0..100) from the win chance it gave up, ``loss`` in percentage points (lichess)."""
    value = 103.1668 * math.exp(-0.04354 * max(loss, 0.0)) - 3.1669
    return min(100.0, max(0.0, value))


def grade(loss: float) -> str:
    """``blunder``, ``mistake``, ``inaccuracy``, or "" for a move that gave up less than 5 points."""
    for least, name in GRADES:
        if loss >= least:
            return name
    return ""


def game_accuracy(losses: Sequence[float]) -> float | None:
    """A game's accuracy from its moves' losses: the mean of the moves' arithmetic and harmonic means.

    lichess blends a volatility-weighted mean with the harmonic mean so that one
    blunder pulls the figure down more than an average would; a card game's
    position has no volatility between decisions that the seat could see, so
    the plain mean stands in for the weighted one. ``None`` for no decisions.
    """
    if not losses:
        return None
    scores = [move_accuracy(loss) for loss in losses]
    mean = sum(scores) / len(scores)
    # A move of 0 accuracy would make the harmonic mean 0: lichess floors each term at a small value likewise.
    harmonic = len(scores) / sum(1.0 / max(s, 1.0) for s in scores)
    return (mean + harmonic) / 2
