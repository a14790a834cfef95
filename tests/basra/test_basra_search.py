"""What the search reads from Basra: the estimate at a fresh deck, the playout policy, the key."""

from __future__ import annotations

import random

import pytest

from deckhand import load_game
from deckhand.agents.registry import make_agent
from deckhand.games.basra import BasraGame, BasraState
from deckhand.games.basra.playout import win_chance
from deckhand.play.runner import play_game
from tests.basra.helpers import arrange, deal


def next_deck(preset: str, seed: int) -> BasraState:
    """A game played by the rollout policy up to the start of its second deck."""
    state = deal(preset, seed=seed)
    rng = random.Random(seed)
    while state.deck_no == 1 and not state.is_terminal():
        state.apply_action(state.rollout_action(rng))
    assert state.is_chance_node()
    return state


@pytest.mark.parametrize("preset", ["bazzi", "egyptian"])
def test_estimate_at_a_fresh_deck_only(preset: str) -> None:
    state = next_deck(preset, 3)
    estimate = state.playout_estimate()
    assert estimate is not None and len(estimate) == 2
    assert all(0.0 <= v <= 1.0 for v in estimate) and sum(estimate) == pytest.approx(1.0)
    a, b = state.totals
    assert (estimate[0] > 0.5) == (a > b) or a == b
    rng = random.Random(0)
    while state.deck_no == 2 and not state.is_terminal():
        if state.current_player() >= 0 or state.deal_left != state.deal_hand * 2 + state.deal_table:
            assert state.playout_estimate() is None  # moves, later cards, later deals of the deck
        state.apply_action(state.rollout_action(rng))


def test_a_bigger_lead_is_worth_more_and_more_so_near_the_target() -> None:
    leads = [win_chance(d, 60, 151, False) for d in range(-40, 41, 5)]
    assert leads == sorted(leads) and len(set(leads)) == len(leads)
    assert win_chance(0, 60, 151, False) == pytest.approx(0.5)
    assert win_chance(-12, 60, 151, False) == pytest.approx(1 - win_chance(12, 60, 151, False))
    closer = [win_chance(10, total, 151, False) for total in (0, 50, 100, 140, 151)]
    assert closer == sorted(closer) and closer[-1] > 0.75
    assert win_chance(10, 20, 151, True) == win_chance(10, 151, 151, False)  # the last deck decides
    assert win_chance(2000, 0, 151, False) == 1.0 and win_chance(-2000, 0, 151, False) == 0.0


@pytest.mark.parametrize("preset", ["bazzi", "egyptian"])
def test_the_playout_policy_plays_legal_moves_to_the_end(preset: str) -> None:
    game = load_game("basra", preset=preset)
    for seed in range(3):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            action = state.rollout_action(rng)
            assert action in state.legal_actions()
            state.apply_action(action)


POLICY = [
    ("a basra", "H9 S3", "C4 D5", "play H9 {C4 D5}"),
    ("the most points", "D2 S6", "C2 H6 S8 D9", "play D2 {C2}"),
    ("no trail that leaves a small sum", "H2 C9", "S3", "play C9"),
    ("the jack kept off a poor table", "SJ H8", "S4 D7", "play H8"),
    ("the jack on a rich table", "SJ H8", "S4 DX CA", "play SJ"),
]


@pytest.mark.parametrize(("why", "hand", "table", "expected"), POLICY)
def test_the_playout_policy_is_sensible(why: str, hand: str, table: str, expected: str) -> None:
    state = arrange("bazzi", hand=hand, table=table, other="S8 H6")
    assert state.action_to_string(state.rollout_action(random.Random(0))) == expected, why


def test_information_key_equal_exactly_when_views_are() -> None:
    state = deal("bazzi", seed=4)
    rng = random.Random(4)
    seen: dict[object, str] = {}
    for _ in range(60):
        for p in (0, 1):
            key, view = state.information_key(p), str(state.view(p).to_json())
            assert seen.setdefault(key, view) == view
            assert view_world_key(state, p, rng) == key
        state.apply_action(state.rollout_action(rng))
    assert len(set(seen.values())) == len(seen)


def view_world_key(state: BasraState, player: int, rng: random.Random) -> object:
    """The key of a world sampled from ``player``'s view: the same information set."""
    return state.view(player).sample_world(rng).information_key(player)


def paired_score(game: BasraGame, spec: str, other: str, deals: int) -> float:
    """``spec``'s mean return against ``other``, each deal played from both seats."""
    agent, opponent = make_agent(spec, game), make_agent(other, game)
    total = 0.0
    for seed in range(deals):
        total += play_game(game, [agent, opponent], random.Random(seed)).returns()[0]
        total += play_game(game, [opponent, agent], random.Random(seed)).returns()[1]
    return total / (2 * deals)


def test_search_beats_random() -> None:
    game = load_game("basra", target=30)  # two or three decks
    assert paired_score(game, "ismcts:iterations=40", "random", 4) >= 0.75


def test_the_hard_level_is_the_search_and_beats_the_seed_strategy() -> None:
    game = load_game("basra", target=30)
    assert make_agent("hard", game).spec().startswith("ismcts:")
    # the hard level's search on a smaller budget, to keep the test short
    assert paired_score(game, "ismcts:iterations=200", "classic", 4) >= 0.75
