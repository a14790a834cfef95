"""What search needs from Casino: the estimate between rounds, the playout policy and the information key."""

from __future__ import annotations

import json
import random

import pytest

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.core.protocol import State
from deckhand.games.casino.phases import DEAL
from deckhand.games.casino.playout import EXACT_UP_TO, win_chance
from deckhand.games.casino.state import CasinoState
from deckhand.play.runner import play_game
from tests.casino.helpers import position


def random_game(seed: int, **options: object) -> list[CasinoState]:
    """Every position of a seeded game played with the playout policy."""
    game = deckhand.load_game("casino", **options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen = [state.clone()]
    while not state.is_terminal():
        state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node() else state.rollout_action(rng))
        seen.append(state.clone())
    assert all(isinstance(s, CasinoState) for s in seen)
    return seen


def test_the_estimate_comes_between_rounds_only() -> None:
    answered = 0
    for state in random_game(3):
        estimate = state.playout_estimate()
        between = state.phase == DEAL and state.drawn == 0 and state.round > 1
        assert (estimate is not None) == between
        if estimate is not None:
            answered += 1
            assert len(estimate) == 2
            assert all(0.0 <= v <= 1.0 for v in estimate)
            assert sum(estimate) == pytest.approx(1.0)
            a, b = state.tally
            assert (estimate[0] > 0.5) == (a > b) or a == b
    assert answered >= 1  # a tournament to 21 takes more than one round
    assert random_game(3)[-1].playout_estimate() is None  # the game over is exact, never estimated


def test_a_save_dealt_afresh_is_not_between_rounds() -> None:
    state = position("", "")
    assert state.phase == DEAL
    assert state.playout_estimate() is None


@pytest.mark.parametrize("target", [11, 21, EXACT_UP_TO, 100])
def test_a_bigger_lead_is_a_better_chance(target: int) -> None:
    assert win_chance(0, 0, target) == pytest.approx(0.5)
    for b in range(0, target, 3):
        chances = [win_chance(a, b, target) for a in range(target)]
        assert chances == sorted(chances)
        for a in range(target):
            assert win_chance(a, b, target) + win_chance(b, a, target) == pytest.approx(1.0)
    assert win_chance(target - 1, 0, target) > 0.95


def test_near_the_target_the_next_round_decides() -> None:
    # 20 to 19 at 21: whoever takes more of the next round wins (or ties on equal totals)
    assert 0.5 < win_chance(20, 19, 21) < 0.6
    assert win_chance(20, 10, 21) == pytest.approx(1 - 0.025, abs=1e-3)  # an 11-0 round, or nearly, loses it


@pytest.mark.parametrize("options", [{}, {"ace": "1or14"}])
def test_the_policy_plays_legal_moves(options: dict[str, object]) -> None:
    for seed in range(3):
        for state in random_game(seed, **options):
            if not state.is_chance_node() and not state.is_terminal():
                assert state.rollout_action(random.Random(seed)) in state.legal_actions()


def test_the_policy_takes_the_ten_of_diamonds_and_keeps_its_point_cards() -> None:
    capture = position("DX S3", "HK", "CX H4")
    assert capture.rollout_action(random.Random(1)) == capture.string_to_action("capture DX CX")
    trail = position("DX SA H9", "HK", "C2")
    picks = {trail.action_to_string(trail.rollout_action(random.Random(s))) for s in range(40)}
    assert "trail H9" in picks
    assert "trail DX" not in picks or "trail SA" not in picks  # only an occasional random move trails them


def views_and_keys(states: list[State]) -> list[tuple[str, object]]:
    out = []
    for state in states:
        for seat in (0, 1):
            out.append((json.dumps(state.view(seat).to_json(), sort_keys=True), state.information_key(seat)))
    return out


def test_information_keys_are_equal_exactly_when_views_are() -> None:
    rng = random.Random(5)
    states: list[State] = []
    for state in random_game(5)[::7]:
        states.append(state)
        for seat in (0, 1):  # worlds that differ only where the seat cannot see
            states.append(state.view(seat).sample_world(rng))
    pairs = views_and_keys(states)
    by_view: dict[str, set[object]] = {}
    by_key: dict[object, set[str]] = {}
    for text, key in pairs:
        by_view.setdefault(text, set()).add(key)
        by_key.setdefault(key, set()).add(text)
    assert all(len(keys) == 1 for keys in by_view.values())
    assert all(len(texts) == 1 for texts in by_key.values())
    assert len(by_view) < len(pairs)  # the sampled worlds did share views


def test_the_search_level_beats_random() -> None:
    game = deckhand.load_game("casino", target=11)
    assert game.LEVELS["hard"].startswith("ismcts:")
    spec = "ismcts:iterations=30"  # the hard level's search on a small budget, to keep the test short
    wins = 0.0
    for seed in range(4):
        search, other = make_agent(spec, game), make_agent("random", game)
        seats = [search, other] if seed % 2 == 0 else [other, search]
        end = play_game(game, seats, random.Random(seed))
        wins += end.returns()[seed % 2]
    assert wins >= 3.5
