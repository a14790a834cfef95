"""What a search needs from Basra beyond the rules: a playout move and a game estimate.

A game runs to about ten decks, some 900 actions; a search playout stops at
the next fresh deck instead and asks :func:`win_chance` what the totals are
worth. The model is a logistic of the score difference scaled by the square
root of the points still to play, fitted by maximum likelihood on the deck
boundaries of greedy self-play (``benchmarks/basra_estimate.py``): a 10-point
lead is worth about 58% at the start of a 151-point game and 68% with 20
points to go. Both presets fit the same two constants.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from typing import Final

from deckhand.core.deck import pile_sample
from deckhand.core.errors import IllegalActionError
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.games.basra.captures import ALONE, NO_GROUPINGS, BasraAction, Move, build_move, groupings, table_values
from deckhand.games.basra.cards import VALUE
from deckhand.games.basra.options import BasraSetup
from deckhand.games.basra.state import BasraState

SLOPE: Final = 0.39
"""Logistic slope per point of lead, for one point still to play."""

SPREAD: Final = 8.0
"""Points of play that remain even when a total has passed the target (a tie plays on)."""


def win_chance(lead: int, leader_total: int, target: int, last_deck: bool) -> float:
    """Chance that the seat ``lead`` points ahead (negative: behind) wins, at a fresh deck.

    >>> round(win_chance(10, 20, 151, False), 2), round(win_chance(10, 131, 151, False), 2)
    (0.58, 0.68)
    """
    left = 0 if last_deck else max(target - leader_total, 0)
    z = SLOPE * lead / math.sqrt(left + SPREAD)
    if z > 30.0:
        return 1.0
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


KEEP_SWEEPER: Final = 3
"""What a jack (or a special 7♦) is worth kept for a richer table, in points."""

RISK: Final = 0.5
"""The share of an easy basra (and the points with it) counted against leaving one."""

CARD = 1.0
"""What each card taken is worth beyond its points: fewer cards left, fewer chances for the reply."""


def rollout_move(game: BasraSetup, hand: list[int], table: list[int], rng: random.Random) -> Move:
    """A cheap, sensible move: the most points now, each card taken counted a little, a
    sweeper kept for a table worth it, less half of any easy basra left behind.

    An easy basra is a table of one card or of numerals summing to 10 or less,
    which one card clears. Ties, common among trails, go to a random one of the best.
    The moves are weighed in the order of ``hand_moves`` without being built
    (:func:`~deckhand.games.basra.captures.card_options`): only the chosen one is.
    """
    points = game.points
    bonus = game.bonus
    value_of = game.basra_value
    sweeper = game.sweeper
    count = len(table)
    table_sum = 0
    table_points = 0
    for t in table:
        table_sum += value_of[t]
        table_points += points[t]
    values = table_values(table)
    top = -1000.0
    ties = 0
    best: tuple[int, int, int, tuple[tuple[int, ...], ...] | None] = (hand[0], 0, 0, None)
    for card in hand:
        if sweeper[card] and count:
            # The sweeper's own points are won whenever it is played: only the table counts.
            score: float = table_points + CARD * (count + 1) - KEEP_SWEEPER
            if value_of[card] <= 10 and table_sum <= 10:
                score += bonus[card]  # the special 7♦ on a small table: a basra
            if score > top:
                top, ties, best = score, 1, (card, 0, 0, None)
            elif score == top:
                ties += 1
                if rng.random() * ties < 1.0:
                    best = (card, 0, 0, None)
            continue
        if sweeper[card]:  # on an empty table: a trail
            low = high = 0
            options = NO_GROUPINGS
        else:
            # card_options, written out: the policy's hot spot (the tests hold it to hand_moves).
            value = VALUE[card]
            low = bisect_left(values, value)
            high = bisect_right(values, value, low)
            options = NO_GROUPINGS if value > 10 or low < 2 else groupings(value, values[:low])
        for option in options:
            took = high - low
            if took or option:
                took_points = 0
                for t in table[low:high]:
                    took_points += points[t]
                for group in option:
                    for p in group:
                        took_points += points[table[p]]
                    took += len(group)
                score = points[card] + CARD * (took + 1) + took_points
                if took == count:
                    score += bonus[card]
                else:
                    # Each card of its rank, and each group that sums to it, is worth the card's value.
                    left_sum = table_sum - value_of[card] * (high - low + len(option))
                    if left_sum <= 10:
                        score -= RISK * (bonus[left_sum - 1] + table_points - took_points)
            else:
                # A trail: the card's points given away, a sweeper's more so, less half of any easy basra left.
                score = -points[card] - 2.0 * sweeper[card]
                left_sum = table_sum + value_of[card]
                if left_sum <= 10:
                    score -= RISK * (bonus[left_sum - 1] + table_points + points[card])
            if score > top:
                top, ties, best = score, 1, (card, low, high, option)
            elif score == top:
                ties += 1
                if rng.random() * ties < 1.0:
                    best = (card, low, high, option)
    card, low, high, chosen = best
    if chosen is None:
        return ALONE[card]
    return build_move(card, table, low, high, chosen)


def rollout_action(state: BasraState, rng: random.Random) -> BasraAction:
    """The playout policy (:func:`rollout_move`); a deal by its odds at a chance node."""
    if state.to_move == CHANCE:
        return state.sample_chance_outcome(rng)
    if state.to_move == TERMINAL:
        raise IllegalActionError("the game is over")
    return rollout_move(state.game, state.hands[state.to_move], state.table, rng)


def playout_estimate(state: BasraState) -> list[float] | None:
    """At a fresh deck, each seat's chance to win from the totals (:func:`win_chance`).

    A fresh deck is where the points of the last one are all counted and
    the next starts from nothing but the totals; elsewhere, None.
    """
    if state.to_move != CHANCE or len(state.pile) != len(state.game.deck_cards):
        return None
    return estimate(state)


def estimate(state: BasraState) -> list[float]:
    """:func:`win_chance` of the sides' totals, per seat; partners share their side's, as they share returns."""
    a, b = state.totals
    game = state.game
    p = win_chance(a - b, max(a, b), game.target, state.deck_no >= game.max_decks)
    if game.players == 2:
        return [p, 1.0 - p]
    return [p / 2, (1.0 - p) / 2, p / 2, (1.0 - p) / 2]


def play_out(state: BasraState, rng: random.Random) -> list[float]:
    """The playout loop without legality checks: the policy's moves and the drawn cards are legal."""
    game = state.game
    full = len(game.deck_cards)
    stack = game.stack
    hist = state.hist
    play = state.play_unchecked
    deal = state.deal_at
    deal_hands = state.deal_hands
    while True:
        p = state.to_move
        if p >= 0:
            move = rollout_move(game, state.hands[p], state.table, rng)
            hist.append(move)
            play(move)
        elif p == CHANCE:
            pile = state.pile
            if len(pile) == full:
                return estimate(state)
            if deal_hands(rng):
                continue
            if stack:
                card = pile_sample(pile, stack, state.drawn, rng)
                at = pile.index(card)
            else:
                at = int(rng.random() * len(pile))
                card = pile[at]
            hist.append(card)
            deal(card, at)
        else:
            return state.returns()
