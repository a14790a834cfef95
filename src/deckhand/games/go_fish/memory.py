"""What a perfect memory knows of the cards in other hands, read from the public history of a game.

Every card a seat draws unseen is a *slot*: when it was drawn, and the rank
it cannot be (a go-fish draw that was not shown is not of the rank asked).
For each seat and rank, the history cuts time at every moment the seat's
unseen cards of that rank were counted: "go fish" (none), a hand-over or a
book (exactly so many, and none after). Between two cuts, exactly that many
slots drawn in between are of the rank; after the last cut, the seat may
hold only slots drawn since. A deal of the unseen cards agrees with the
whole history exactly when every slot can be given a rank so that all these
counts hold (a matching, checked by :func:`fits`). The rules do not keep
this: the view reads it from the history once (:func:`read_memory`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from deckhand.core.errors import IllegalActionError
from deckhand.games.go_fish.options import RANK_COUNT
from deckhand.games.go_fish.state import ASK, DEAL, FISH, GoFishState, ask_parts

ALL_RANKS = (1 << RANK_COUNT) - 1
"""A bit mask of every rank."""

NEVER = -1.0
"""The time of a cut that never happened: every slot is after it."""


@dataclass
class SeatMemory:
    """One seat's unseen draws and the counts the history fixed, in time order."""

    slots: list[tuple[float, int]] = field(default_factory=list)
    """Each unseen draw: (time, the rank it cannot be or -1)."""
    counts: list[tuple[int, float, float, int]] = field(default_factory=list)
    """(rank, from, to, how many): exactly that many slots drawn between the two times are of the rank."""
    since: list[float] = field(default_factory=lambda: [NEVER] * RANK_COUNT)
    """Per rank, the time of its last count: the seat's unseen cards of it were drawn after."""

    def cut(self, rank: int, time: float, count: int) -> None:
        """The seat's unseen cards of ``rank`` numbered ``count`` at ``time``, and none are left."""
        self.counts.append((rank, self.since[rank], time, count))
        self.since[rank] = time

    def masks(self, slots: Sequence[tuple[float, int]]) -> tuple[int, ...]:
        """The ranks each of ``slots`` may be now (drawn after the rank's last count, not ruled out when drawn)."""
        since = self.since
        return tuple(sum(1 << r for r in range(RANK_COUNT) if since[r] < t and r != no) & ALL_RANKS for t, no in slots)


def read_memory(state: GoFishState) -> list[SeatMemory] | None:
    """Every seat's memory, replaying the state's history; None when the history does not lead to its hands."""
    try:
        return _replay(state)
    except IllegalActionError:  # a position set up by hand: its actions are not how it came about
        return None


def _replay(state: GoFishState) -> list[SeatMemory] | None:
    game = state.game
    replay = GoFishState(game)
    seats = [SeatMemory() for _ in state.hands]
    for i, action in enumerate(state.actions):
        phase, p, asking, booked = replay.phase, replay.player, replay.asking, replay.booked
        parts = ask_parts(action) if phase == ASK else None
        before: list[int] = []
        if parts is not None:
            q, r = parts
            seats_hidden = _unseen_of(replay, q, r)
            before = [_unseen_of(replay, p, rank) for rank in range(RANK_COUNT)]
            replay.apply_action(action)
            seats[q].cut(r, i + 0.25, seats_hidden)
        else:
            drawer = (replay.drawn // game.hand_size) if phase == DEAL else p
            before = [_unseen_of(replay, drawer, rank) for rank in range(RANK_COUNT)]
            replay.apply_action(action)
            assert isinstance(action, int)
            if not (phase == FISH and action % RANK_COUNT == asking):  # a card asked for is shown
                seats[drawer].slots.append((float(i), asking if phase == FISH else -1))
                before[action % RANK_COUNT] += 1
            p = drawer
        if replay.booked != booked:
            r = replay.books[p][-1]
            seats[p].cut(r, i + 0.5, before[r])
    if [len(h) for h in replay.hands] != [len(h) for h in state.hands] or replay.seen != state.seen:
        return None
    return seats


def _unseen_of(state: GoFishState, seat: int, rank: int) -> int:
    """How many cards of ``rank`` in ``seat``'s hand the table has not seen."""
    seen = state.seen[seat]
    return sum(1 for c in state.hands[seat] if c % RANK_COUNT == rank and not seen >> c & 1)


def fits(memory: SeatMemory, ranks: Sequence[int]) -> bool:
    """Whether the seat holding unseen cards of ``ranks`` agrees with every count of its history."""
    held = [0] * RANK_COUNT
    for r in ranks:
        held[r] += 1
    units = [(r, a, b) for r, a, b, k in memory.counts for _ in range(k)]
    units += [(r, memory.since[r], float("inf")) for r in range(RANK_COUNT) for _ in range(held[r])]
    if len(units) != len(memory.slots):
        return False
    return _match(memory.slots, units, None) is not None


def spare_slots(memory: SeatMemory, rng: random.Random | None) -> list[tuple[float, int]] | None:
    """The slots left once every past count has its cards (oldest first, or in ``rng``'s order); None if none can."""
    units = [(r, a, b) for r, a, b, k in memory.counts for _ in range(k)]
    taken = _match(memory.slots, units, rng)
    if taken is None:
        return None
    used = set(taken)
    return [s for j, s in enumerate(memory.slots) if j not in used]


def _match(
    slots: Sequence[tuple[float, int]], units: Sequence[tuple[int, float, float]], rng: random.Random | None
) -> list[int] | None:
    """A slot for every unit (rank, from, to), each slot used once; the slots chosen, or None."""
    order = list(range(len(slots)))
    if rng is not None:
        rng.shuffle(order)
    owner: dict[int, int] = {}  # slot -> unit

    def place(u: int, tried: set[int]) -> bool:
        r, a, b = units[u]
        for j in order:
            t, no = slots[j]
            if j in tried or not a < t < b or no == r:
                continue
            tried.add(j)
            if j not in owner or place(owner[j], tried):
                owner[j] = u
                return True
        return False

    for u in range(len(units)):
        if not place(u, set()):
            return None
    return list(owner)
