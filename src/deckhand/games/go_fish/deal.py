"""Dealing the cards a seat cannot see so that everything the table knows stays true.

A view knows, for every other seat, how many unseen cards it holds, the ranks
it holds at least one of (it asked for them), the ranks it holds none of, and
that it holds no four of a rank (it would have laid them down). A world for a
search must deal the unseen cards at random under those facts. A few plain
shuffles are tried first (a valid one is a uniform draw); when the facts are
too tight for that, a valid deal is built (each needed rank first, then a
small flow over ranks so that no seat is left short of cards it may hold)
and mixed by random swaps that keep it valid: a Markov chain whose
stationary distribution is uniform over the valid deals.

>>> import random
>>> caps = (3, 3, 3, 3, 3, 0, 3, 3, 3, 3, 3, 3, 3)   # no sixes
>>> hands, stock = deal_hidden(list(range(13)), [(3, 1 << 4, caps)], random.Random(1))
>>> 4 in hands[0], 5 in hands[0], len(hands[0]), len(stock)
(True, False, 3, 10)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

RANKS = 13
SHUFFLES = 3
"""Plain shuffles tried before a deal is built."""
MIXING = 4
"""Swap proposals per unseen card when a deal is built."""

Seat = tuple[int, int, tuple[int, ...]]
"""A seat's unseen cards: how many, the ranks among them (bit mask), the most of each rank."""


def deal_hidden(cards: Sequence[int], seats: Sequence[Seat], rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Deal ``cards`` to ``seats`` (each its count, needed ranks and caps per rank); the rest is the stock."""
    pool = list(cards)
    for _ in range(SHUFFLES):
        rng.shuffle(pool)
        hands, start = [], 0
        for count, _, _ in seats:
            hands.append(pool[start : start + count])
            start += count
        if all(_keeps(hand, seat) for hand, seat in zip(hands, seats, strict=True)):
            return hands, pool[start:]
    hands, stock = _valid_deal(pool, seats, rng)
    return _mix(hands, stock, seats, rng)


def _keeps(hand: list[int], seat: Seat) -> bool:
    """Whether ``hand`` keeps the seat's facts."""
    counts = [0] * RANKS
    for c in hand:
        counts[c % RANKS] += 1
    _, need, caps = seat
    return all(n <= cap for n, cap in zip(counts, caps, strict=True)) and all(
        counts[r] for r in range(RANKS) if need >> r & 1
    )


def _valid_deal(pool: list[int], seats: Sequence[Seat], rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Some deal that keeps every fact: needed ranks first, then a flow from ranks to the room left."""
    hands: list[list[int]] = [[] for _ in seats]
    order = list(range(len(seats)))
    rng.shuffle(order)
    for i in order:
        for r in range(RANKS):
            if seats[i][1] >> r & 1:
                at = next((k for k, c in enumerate(pool) if c % RANKS == r), None)
                if at is None:
                    raise ValueError("the view's facts cannot all hold: a needed rank has no unseen card left")
                hands[i].append(pool.pop(at))
    by_rank: list[list[int]] = [[] for _ in range(RANKS)]
    for c in pool:
        by_rank[c % RANKS].append(c)
    room = [count - len(hands[i]) for i, (count, _, _) in enumerate(seats)]
    caps = [
        [cap - sum(1 for c in hands[i] if c % RANKS == r) for r, cap in enumerate(s[2])] for i, s in enumerate(seats)
    ]
    flow = _flow([len(cards) for cards in by_rank], room, caps, rng)
    for i, taken in enumerate(flow):
        for r, k in enumerate(taken):
            hands[i] += by_rank[r][:k]
            del by_rank[r][:k]
    return hands, [c for cards in by_rank for c in cards]


def _flow(supply: list[int], room: list[int], caps: list[list[int]], rng: random.Random) -> list[list[int]]:
    """How many cards of each rank each seat takes: every seat's room filled, no cap passed."""
    flow = [[0] * RANKS for _ in room]
    spare = supply[:]
    ranks = list(range(RANKS))
    for i, n in enumerate(room):
        for _ in range(n):
            rng.shuffle(ranks)
            if not _augment(i, flow, spare, caps, ranks):
                raise ValueError("the view's facts cannot all hold: a seat cannot be dealt enough cards")
    return flow


def _augment(seat: int, flow: list[list[int]], spare: list[int], caps: list[list[int]], ranks: list[int]) -> bool:
    """One more card for ``seat``, moving other seats' cards between ranks if need be (breadth first)."""
    came: dict[int, tuple[int, int]] = {}  # rank -> (seat that takes one more, rank it gives up or -1)
    frontier = [(seat, -1)]
    seen = {seat}
    while frontier:
        nxt = []
        for s, given_up in frontier:
            for r in ranks:
                if r in came or flow[s][r] >= caps[s][r]:
                    continue
                came[r] = (s, given_up)
                if spare[r] > 0:
                    spare[r] -= 1
                    while r >= 0:  # walk back: each seat on the path takes r and gives up its own
                        s, back = came[r]
                        flow[s][r] += 1
                        if back >= 0:
                            flow[s][back] -= 1
                        r = back
                    return True
                for t in range(len(flow)):
                    if t not in seen and flow[t][r] > 0:
                        seen.add(t)
                        nxt.append((t, r))
        frontier = nxt
    return False


def _mix(
    hands: list[list[int]], stock: list[int], seats: Sequence[Seat], rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """Random swaps between places, each kept only if every fact still holds."""
    cards = [c for hand in hands for c in hand] + stock
    where = [i for i, hand in enumerate(hands) for _ in hand] + [-1] * len(stock)
    need = [s[1] for s in seats]
    caps = [s[2] for s in seats]
    counts = [[0] * RANKS for _ in seats]
    for c, i in zip(cards, where, strict=True):
        if i >= 0:
            counts[i][c % RANKS] += 1
    size = len(cards)
    draw = rng.random
    for _ in range(MIXING * size):
        a, b = int(draw() * size), int(draw() * size)
        pa, pb = where[a], where[b]
        if pa == pb:
            continue
        ra, rb = cards[a] % RANKS, cards[b] % RANKS
        if ra != rb:
            if pa >= 0 and (counts[pa][rb] >= caps[pa][rb] or (need[pa] >> ra & 1 and counts[pa][ra] == 1)):
                continue
            if pb >= 0 and (counts[pb][ra] >= caps[pb][ra] or (need[pb] >> rb & 1 and counts[pb][rb] == 1)):
                continue
            if pa >= 0:
                counts[pa][ra] -= 1
                counts[pa][rb] += 1
            if pb >= 0:
                counts[pb][rb] -= 1
                counts[pb][ra] += 1
        cards[a], cards[b] = cards[b], cards[a]
    out: list[list[int]] = [[] for _ in seats]
    rest: list[int] = []
    for c, i in zip(cards, where, strict=True):
        (out[i] if i >= 0 else rest).append(c)
    return out, rest
