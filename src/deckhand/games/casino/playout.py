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

from deckhand.games.casino.moves import ORDER, Build, CasinoAction, Parts, Play, legal_plays
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
    return greedy_choice(actions)


def greedy_choice(actions: list[Play]) -> Play:
    """The policy's move among ``actions`` when it does not explore: the best-scoring one, the first of equals."""
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


def policy_move(state: CasinoState, rng: random.Random) -> Play:
    """``rollout_choice`` among the legal plays of ``state`` (in the play phase), with the same random numbers.

    Only an exploring move needs every legal play listed; otherwise
    :func:`best_play` finds the policy's choice without them.
    """
    if rng.random() < EXPLORE:
        actions: list[Play] = state.shared_legal_actions()
        return actions[int(rng.random() * len(actions))]
    g = state.game
    p = state.to_move
    return best_play(state.hands[p], state.loose, state.builds, p, g.vals, g.rank, g.maxv)


TRAIL: Final = 0
CAPTURE: Final = 1
BUILD: Final = 2
INCREASE: Final = 3
"""The kinds of play, as ``best_play`` keeps its best so far: it builds the play's tuple only at the end."""


def best_play(
    hand: list[int],
    loose: list[int],
    builds: list[Build],
    player: int,
    vals: tuple[tuple[int, ...], ...],
    rank: tuple[int, ...],
    maxv: int,
) -> Play:
    """The play ``rollout_choice`` picks when it does not explore, without listing every legal play.

    ``legal_plays`` builds a tuple per legal play and per subset of the loose
    cards; a playout wants only the best-scoring play. This walks the same
    plays in the same order (per hand card: trail, captures, builds,
    increases) but scores only the best candidate of each card and kind (a
    play's score grows with the worth it takes), with the subsets of the
    loose cards as bit masks enumerated in ``subset_sums``' order, so the
    first of equal scores wins as in ``rollout_choice``; only the winner is
    built. A hand or table with an ace worth 1 or 14 goes the long way round.
    """
    if len(vals[0]) > 1:  # aces worth 1 or 14 (card 0 is an ace): their plays are deduplicated and sorted
        for c in hand:
            if len(vals[c]) > 1:
                return greedy_choice(legal_plays(hand, loose, builds, player, vals, rank, maxv))
        for c in loose:
            if len(vals[c]) > 1:
                return greedy_choice(legal_plays(hand, loose, builds, player, vals, rank, maxv))
    worth = WORTH
    n = len(loose)
    if n > 1:  # subsets name the cards in the canonical order, as legal_plays does (a short insertion sort)
        order = ORDER
        loose = loose[:]
        for i in range(1, n):
            card = loose[i]
            key = order[card]
            j = i - 1
            while j >= 0 and order[loose[j]] > key:
                loose[j + 1] = loose[j]
                j -= 1
            loose[j + 1] = card
    # every subset of the loose cards summing to maxv at most, in subset_sums' order: sum, mask, worth;
    # and which sums a subset makes, and which a set of two or more cards (bits), so that a card whose
    # value none makes does not look through the subsets
    totals: list[int] = []
    masks: list[int] = []
    worths: list[int] = []
    made = 0
    made_by_sets = 0
    for i in range(n - 1, -1, -1):
        card = loose[i]
        x = vals[card][0]
        w = worth[card]
        bit = 1 << i
        room = maxv - x
        known = len(totals)
        totals.append(x)
        masks.append(bit)
        worths.append(w)
        made |= 1 << x
        for j in range(known):
            t = totals[j]
            if t <= room:
                t += x
                totals.append(t)
                masks.append(masks[j] | bit)
                worths.append(worths[j] + w)
                made_by_sets |= 1 << t
    made |= made_by_sets
    held = 0  # how many cards of each value the hand holds, 3 bits a value (an int: no list to make)
    for d in hand:
        held += 1 << 3 * vals[d][0]
    owned = 0  # the values of the player's builds, as bits
    for b in builds:
        if b[1] == player:
            owned |= 1 << b[0]
    top = -1 << 30
    kind = -1
    chosen = 0  # the winner's hand card,
    target = 0  # the value it builds,
    picked = 0  # the loose cards it takes or builds with (a mask)
    for c in hand:
        x = vals[c][0]
        wc = worth[c]
        r = rank[c]
        ws = 0
        singles = False
        for d in loose:
            if rank[d] == r:
                ws += worth[d]
                singles = True
        if not owned and not singles:
            score = c % 13 - 16 * wc
            if score > top:
                top, kind, chosen = score, TRAIL, c
        must = owned >> x & 1 == 1 and held >> 3 * x & 7 == 1
        # the captured sets: groups of two or more loose cards summing to x (mostly none or one)
        wu, groups = 0, 0
        if made_by_sets >> x & 1:
            for j in range(len(totals)):
                if totals[j] == x and masks[j] & (masks[j] - 1):
                    groups += 1
                    if groups == 1:
                        wu = worths[j]
            if groups > 1:
                wu = _best_union(_groups(x, totals, masks), masks, worths)[0]
        wt = 0
        if builds:
            for b in builds:
                if b[0] == x:
                    for part in b[2]:
                        for d in part:
                            wt += worth[d]
        if singles or wu or wt:
            score = 5 * (wc + ws + wu + wt)
            if score > top:
                top, kind, chosen = score, CAPTURE, c
        if must:
            continue
        for v in range(max(x, 2), maxv + 1):
            count = held >> 3 * v & 7
            if not count or count - (v == x) < 1:
                continue
            t = v - x if x < v else v
            best_w, best_m = -1, 0
            if made >> t & 1:
                for j in range(len(totals)):
                    if totals[j] == t and worths[j] > best_w:
                        best_w, best_m = worths[j], masks[j]
            if best_w < 0 and x == v and owned >> v & 1:
                best_w = 0
            if best_w >= 0:
                score = 4 * (wc + 4 + best_w)
                if score > top:
                    top, kind, chosen, target, picked = score, BUILD, c, v, best_m
        for value, owner, parts in builds:
            if owner == player or len(parts) != 1:
                continue
            v = value + x
            if v <= maxv and held >> 3 * v & 7:
                w = wc + 6
                for d in parts[0]:
                    w += worth[d]
                score = 4 * w
                if score > top:
                    top, kind, chosen, target, picked = score, INCREASE, c, v, value
    if kind == TRAIL:
        return ("trail", chosen)
    if kind == BUILD:
        return ("build", chosen, target, _cards(picked, loose))
    if kind == INCREASE:
        for value, owner, parts in builds:
            if value == picked and owner != player and len(parts) == 1:
                return ("increase", chosen, target, parts)
    if kind == CAPTURE:
        x = vals[chosen][0]
        singles_cards = tuple([d for d in loose if rank[d] == rank[chosen]])
        taken: list[Parts] = []
        if builds:  # every build of the value is taken: the forced (the player's own) first when it must
            must = owned >> x & 1 == 1 and held >> 3 * x & 7 == 1
            for b in builds:
                if b[0] == x and (not must or b[1] == player):
                    taken.append(b[2])
            if must:
                for b in builds:
                    if b[0] == x and b[1] != player:
                        taken.append(b[2])
        found = _groups(x, totals, masks)
        path = found if len(found) < 2 else _best_union(found, masks, worths)[1]
        sets = tuple([_cards(g, loose) for g in path])
        return ("capture", chosen, singles_cards, sets, tuple(taken))
    # only a save that breaks the keep rule: legal_plays lets any card trail
    return greedy_choice(legal_plays(hand, loose, builds, player, vals, rank, maxv))


def _groups(x: int, totals: list[int], masks: list[int]) -> list[int]:
    """The subsets (masks) of two or more loose cards summing to ``x``, in ``subset_sums``' order."""
    return [masks[j] for j in range(len(totals)) if totals[j] == x and masks[j] & (masks[j] - 1)]


def _best_union(groups: list[int], masks: list[int], worths: list[int]) -> tuple[int, list[int]]:
    """Among the unions of disjoint ``groups`` (masks, two or more), the first found (as ``set_unions`` finds
    them) taking the most worth: (its worth, the groups that make it)."""
    gw = [worths[masks.index(g)] for g in groups]
    seen: set[int] = set()
    best: list[Any] = [0, _NO_GROUPS]

    def walk(start: int, used: int, w: int, path: list[int]) -> None:
        for j in range(start, len(groups)):
            g = groups[j]
            if not used & g:
                union = used | g
                extended = [*path, g]
                if union not in seen:
                    seen.add(union)
                    if w + gw[j] > best[0]:
                        best[0], best[1] = w + gw[j], extended
                walk(j + 1, union, w + gw[j], extended)

    walk(0, 0, 0, [])
    return best[0], best[1]


_NO_GROUPS: list[int] = []


def _cards(mask: int, loose: list[int]) -> tuple[int, ...]:
    """The loose cards of ``mask``, in order."""
    return tuple([card for i, card in enumerate(loose) if mask >> i & 1])


def rollout_action(state: CasinoState, rng: random.Random) -> CasinoAction:
    """The policy's move in ``state``: uniform for the coin, ``rollout_choice`` for a play."""
    if state.phase != PLAY:
        actions = state.legal_actions()
        return actions[int(rng.random() * len(actions))]
    chosen: CasinoAction = policy_move(state, rng)
    return chosen


def play_out(state: CasinoState, rng: random.Random) -> list[float]:
    """Play ``state`` on in place with the policy (chance by its odds) to the end or an estimate; the returns.

    The estimate is the game's hook, looked up once, so that a search may be
    tried against another estimate; it is asked where a deal starts (the
    game's own answers nowhere else), and the deal's cards then follow
    (``deal_by_chance``). The policy is ``policy_move`` written out, with the
    game's tables looked up once: it lists the legal plays only for an
    exploring move, and its moves, legal by construction, are played without
    the checks (``apply_legal``).
    """
    g = state.game
    estimate = g.playout_estimate
    vals, rank, maxv = g.vals, g.rank, g.maxv
    draw = rng.random
    apply = state.apply_legal
    while True:
        phase = state.phase
        if phase == PLAY:
            if draw() < EXPLORE:
                actions: list[Play] = state.shared_legal_actions()
                apply(actions[int(draw() * len(actions))])
            else:
                p = state.to_move
                apply(best_play(state.hands[p], state.loose, state.builds, p, vals, rank, maxv))
        elif phase == DEAL:
            value = estimate(state)
            if value is not None:
                return value
            state.deal_by_chance(rng)
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
