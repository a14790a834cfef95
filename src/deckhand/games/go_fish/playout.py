"""The playout policy for searches: a memory player, and a fast loop that plays it to the end.

The policy reads only what the seat to move could know (its own hand and the
public facts kept in the state), so the other seats in a playout play as a
player with a good memory would, not as if they saw every hand: ask a seat
known to hold one of its ranks, else fish for a rank it holds most of from a
seat not known to lack it.
"""

from __future__ import annotations

import random

from deckhand.core.deck import pile_sample
from deckhand.games.go_fish.state import ASK, ASK_BASE, OVER, GoFishState


def rollout_action(state: GoFishState, rng: random.Random) -> int:
    """A cheap, sensible ask (or a chance outcome, at a chance node)."""
    if state.phase != ASK:
        return state.sample_chance_outcome(rng)
    return _policy(state, rng)


def _policy(state: GoFishState, rng: random.Random) -> int:
    p = state.player
    hands = state.hands
    counts = [0] * 13
    for c in hands[p]:
        counts[c % 13] += 1
    sure = []
    fresh: list[tuple[int, int]] = []
    best = 0
    for q, hand in enumerate(hands):
        if q == p or not hand:
            continue
        known = state.holds[q]
        seen = state.seen[q]
        if seen:
            for c in hand:
                if seen >> c & 1:
                    known |= 1 << c % 13
        lacks = state.lacks[q]
        for r in range(13):
            n = counts[r]
            if not n:
                continue
            if known >> r & 1:
                sure.append(ASK_BASE + 13 * q + r)
            elif not lacks >> r & 1:
                if n > best:
                    best, fresh = n, []
                if n == best:
                    fresh.append((q, r))
    if sure:
        return sure[int(rng.random() * len(sure))]
    if fresh:
        q, r = fresh[int(rng.random() * len(fresh))]
        return ASK_BASE + 13 * q + r
    asks = state.asks()
    return asks[int(rng.random() * len(asks))]


def play_out(state: GoFishState, rng: random.Random) -> list[float]:
    """Play on in place with the policy to the end; the returns. Its moves are legal, so they skip the checks."""
    ask, draw, stack = state.ask, state.draw, state.game.stack
    while state.phase != OVER:
        if state.phase == ASK:
            ask(_policy(state, rng))
        else:
            draw(pile_sample(state.stock, stack, state.drawn, rng))
    return state.returns()
