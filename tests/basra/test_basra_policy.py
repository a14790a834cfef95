"""The playout policy weighs the moves without building them: it must choose as weighing the built moves does."""

from __future__ import annotations

import random

import pytest

import deckhand
from deckhand.games.basra.captures import Move, hand_moves
from deckhand.games.basra.options import BasraSetup
from deckhand.games.basra.playout import CARD, KEEP_SWEEPER, RISK, rollout_move
from deckhand.games.basra.state import BasraState


def reference_move(game: BasraSetup, moves: list[Move], table: list[int], rng: random.Random) -> Move:
    """The policy as first written: every legal move built by ``hand_moves``, then scored."""
    points, bonus, value_of, sweeper = game.points, game.bonus, game.basra_value, game.sweeper
    count = len(table)
    table_sum = sum(value_of[t] for t in table)
    table_points = sum(points[t] for t in table)
    best = moves[0]
    top = -1000.0
    ties = 0
    for move in moves:
        card, groups = move
        left_sum = table_sum
        left_points = table_points
        if groups:
            score: float = points[card] + CARD
            for group in groups:
                for t in group:
                    score += points[t] + CARD
                    left_sum -= value_of[t]
                    left_points -= points[t]
            left = count - sum(map(len, groups))
            if not left:
                score += bonus[card]
        elif sweeper[card] and count:
            score = table_points + CARD * (count + 1) - KEEP_SWEEPER
            if value_of[card] <= 10 and table_sum <= 10:
                score += bonus[card]
            left = 0
        else:
            score = -points[card] - 2 * sweeper[card]
            left = count + 1
            left_sum += value_of[card]
            left_points += points[card]
        if left and left_sum <= 10:
            score -= RISK * (bonus[left_sum - 1] + left_points)
        if score > top:
            top, best, ties = score, move, 1
        elif score == top:
            ties += 1
            if rng.random() * ties < 1.0:
                best = move
    return best


@pytest.mark.parametrize("preset", ["bazzi", "egyptian", "partners"])
def test_the_policy_chooses_as_the_reference_does(preset: str) -> None:
    game = deckhand.load_game("basra", preset=preset)
    assert isinstance(game, BasraSetup)
    rng = random.Random(preset)
    checked = 0
    for _ in range(30):
        state = game.new_initial_state()
        assert isinstance(state, BasraState)
        while not state.is_terminal() and checked < 4000:
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            hand, table = state.hands[state.to_move], state.table
            seed = rng.random()
            fast = rollout_move(game, hand, table, random.Random(seed))
            slow = reference_move(game, hand_moves(hand, table, game.seven_diamonds), table, random.Random(seed))
            assert fast == slow, (hand, table)
            checked += 1
            legal = state.legal_actions()
            state.apply_action(fast if rng.random() < 0.5 else legal[int(rng.random() * len(legal))])
    assert checked > 1000


@pytest.mark.parametrize("preset", ["bazzi", "egyptian", "partners"])
def test_a_deal_at_once_is_the_deal_card_by_card(preset: str) -> None:
    game = deckhand.load_game("basra", preset=preset)
    rng = random.Random(preset)
    state = game.new_initial_state()
    assert isinstance(state, BasraState)
    dealt = 0
    while not state.is_terminal() and dealt < 10:
        if state.is_chance_node():
            seed = rng.random()
            fast = state.clone()
            if fast.deal_hands(random.Random(seed)):
                slow = state.clone()
                one = random.Random(seed)
                while slow.is_chance_node():
                    slow.apply_action(slow.sample_chance_outcome(one))
                assert fast.to_json() == slow.to_json()
                assert fast.history() == slow.history()
                dealt += 1
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        state.apply_action(state.rollout_action(rng))
    assert dealt == 10
