"""How a move's cost becomes a grade and an accuracy: lichess's, in win chances.

lichess (lila's ``AccuracyPercent``) grades a move by the win chance it gives
up: ``103.1668·exp(−0.04354·Δ) − 3.1669`` for Δ in percentage points, plus 1
(its "uncertainty bonus", for an analysis that is never perfect) when the move
gave anything up, clipped to 0..100. In a card game chance moves the position
between two of a seat's decisions (the next card, the others' hidden hands), so
Δ here is not "before" against "after" but the move played against the best
move found *at the same decision*, both estimated from what the seat knew then.

The grades are lila's (``Advice``): a blunder gives up at least 15 points, a
mistake 10, an inaccuracy 5. A loss counts only beyond its own noise (the
review's significance test), so a grade is never noise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

GRADES: tuple[tuple[float, str], ...] = ((15.0, "blunder"), (10.0, "mistake"), (5.0, "inaccuracy"))
"""(least Δ in points, grade), worst first: lila's 0.3/0.2/0.1 of winning chances (−1..1), in win-% points."""

BONUS = 1.0
"""lila's "uncertainty bonus": what a move that gave something up gets back, since no analysis is perfect."""


def move_accuracy(loss: float) -> float:
    """A move's accuracy (0..100) from the win chance it gave up, ``loss`` in percentage points (lila's curve)."""
    if loss <= 0:
        return 100.0
    value = 103.1668100711649 * math.exp(-0.04354415386753951 * loss) - 3.166924740191411 + BONUS
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
