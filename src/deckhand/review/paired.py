"""Paired playouts: two or more moves played out in the same worlds with the same random numbers.

The difference between two moves measured this way is known far more
precisely than either move's chance alone, which is what grades a move. The
worlds are dealt from the seat's view (``View.sample_likely_world``), never
from the state. Cancelling (``CANCEL``) is checked between worlds.
"""

from __future__ import annotations

import math
import random

from deckhand.agents.search import CANCEL, SearchCancelled
from deckhand.core.protocol import Action, View
from deckhand.review.grading import GRADES

Z95 = 1.96
"""A 95% interval is this many standard errors either side."""

SCREEN = 4
"""Every legal move is played out in the budget's worlds divided by this, looking for one better than the
engine's (:func:`screened`)."""

MORE = 64
"""Where a move's grade hangs on the noise, its worlds are doubled up to this many times the budget's."""

SURE = 4
"""A move about to be graded is measured in at least this many times the budget's worlds: an interval from
the first worlds can look settled by luck, and a grade should not."""


def paired(
    view: View, played: Action, best: Action, worlds: int, rng: random.Random
) -> tuple[float, float, float, float]:
    """Both moves played out in the same worlds: (played's chance, best's, played's 95% error, the difference's
    standard error).

    ``worlds`` first; then, while the difference's 95% interval still holds a
    grade's threshold (the grade hangs on the noise), or a grade is to be
    given from fewer than :data:`SURE` times ``worlds``, as many again, up to
    :data:`MORE` times ``worlds``: the work goes where the flags are.
    """
    mine: list[float] = []
    theirs: list[float] = []
    play_pairs(view, played, best, worlds, rng, mine, theirs)
    while len(mine) < worlds * MORE and (
        unsettled(mine, theirs) or (len(mine) < worlds * SURE and graded(mine, theirs))
    ):
        play_pairs(view, played, best, len(mine), rng, mine, theirs)
    chance, best_chance = mean(mine), mean(theirs)
    diffs = [b - a for a, b in zip(mine, theirs, strict=True)]
    return chance, best_chance, Z95 * stderr(mine), stderr(diffs)


def play_pairs(
    view: View, played: Action, best: Action, worlds: int, rng: random.Random, mine: list[float], theirs: list[float]
) -> None:
    """Deal ``worlds`` more worlds and play each out after both moves with the same random numbers."""
    seat = view.player
    cancel = CANCEL.get()
    for _ in range(worlds):
        if cancel is not None and cancel.is_set():  # a world's playouts take milliseconds: stop between them
            raise SearchCancelled("the review was cancelled")
        world = view.sample_likely_world(rng)
        seed = rng.getrandbits(64)
        state = world.clone()
        state.apply_action(played)
        mine.append(state.play_out(random.Random(seed))[seat])
        if best == played:
            theirs.append(mine[-1])
            continue
        state = world.clone()
        state.apply_action(best)
        theirs.append(state.play_out(random.Random(seed))[seat])


def screened(view: View, best: Action, worlds: int, rng: random.Random) -> Action:
    """The engine's move, or a move that beats it: every legal move played out in the same ``worlds`` worlds.

    This is what puts the review's engine above the strongest level: the
    level's move is kept unless the best of the others does better again in
    new worlds, beyond the noise of the paired difference (the worlds that
    chose it favour it: :func:`confirmed`); the move that replaces it is then
    measured afresh against the move played.
    """
    actions = view.legal_actions()
    if len(actions) < 2:
        return best
    seat = view.player
    cancel = CANCEL.get()
    results: dict[Action, list[float]] = {action: [] for action in actions}
    for _ in range(worlds):
        if cancel is not None and cancel.is_set():
            raise SearchCancelled("the review was cancelled")
        world = view.sample_likely_world(rng)
        seed = rng.getrandbits(64)
        for action in actions:
            results[action].append(world.child(action).play_out(random.Random(seed))[seat])
    top = max(actions, key=lambda action: (mean(results[action]), action == best))
    if top == best:
        return best
    return top if confirmed(view, best, top, worlds, rng) > 0 else best  # the best of many is lucky in its worlds


def confirmed(view: View, best: Action, top: Action, worlds: int, rng: random.Random) -> float:
    """How much ``top`` beats ``best`` in new worlds, beyond the noise (0.0 if it does not surely).

    ``worlds`` pairs first, doubled while the gain's 95% interval holds both
    nothing and a grade's least loss (so that a better move by a few points is
    not missed for want of worlds), up to :data:`SURE` times ``worlds``: each
    look is one more chance for luck to pass, so there are few.
    """
    kept: list[float] = []
    challenger: list[float] = []
    play_pairs(view, best, top, worlds, rng, kept, challenger)
    while True:
        gains = [b - a for a, b in zip(kept, challenger, strict=True)]
        gain, half = mean(gains), Z95 * stderr(gains)
        if gain > half:
            return gain
        if (gain + half) * 100 < GRADES[-1][0] or len(kept) >= worlds * SURE:
            return 0.0
        play_pairs(view, best, top, len(kept), rng, kept, challenger)


def graded(mine: list[float], theirs: list[float]) -> bool:
    """Whether the best move surely beats the one played by a grade's least loss (the 95% interval's lower end)."""
    diffs = [b - a for a, b in zip(mine, theirs, strict=True)]
    return (mean(diffs) - Z95 * stderr(diffs)) * 100 >= GRADES[-1][0]


def unsettled(mine: list[float], theirs: list[float]) -> bool:
    """Whether the paired difference's 95% interval holds a grade's threshold: more worlds could change the grade."""
    diffs = [b - a for a, b in zip(mine, theirs, strict=True)]
    gap = mean(diffs) * 100
    half = Z95 * stderr(diffs) * 100
    return any(abs(gap - least) < half for least, _ in GRADES)


def mean(values: list[float]) -> float:
    return sum(values) / len(values)


def stderr(values: list[float]) -> float:
    n = len(values)
    middle = mean(values)
    return math.sqrt(sum((v - middle) ** 2 for v in values) / max(n - 1, 1) / n)
