"""Three Trios search agents: the fast playout, the solver's evaluation and its UCT midgame."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.core.errors import ConfigError
from deckhand.core.protocol import Game
from deckhand.games.three_trios.solver import THREAT, DepthLimitedSearch
from deckhand.games.three_trios.state import ThreeTriosState


def dealt(preset: str, seed: int, empty: int | None = None) -> ThreeTriosState:
    """A shuffled deal, played at random until ``empty`` card cells are left (default: none played)."""
    game = deckhand.load_game("three_trios", preset=preset, shuffle=True)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or (empty is not None and len(state.empty_cells()) > empty):
        state.apply_action(state.rollout_action(rng))
    assert isinstance(state, ThreeTriosState)
    return state


@pytest.mark.parametrize("preset", ["classic", "holes"])
def test_play_out_is_rollout_action_without_the_checks(preset: str) -> None:
    for seed in range(5):
        fast = dealt(preset, seed, empty=seed + 3)
        slow = fast.clone()
        returns = fast.play_out(random.Random(seed))
        rng = random.Random(seed)
        while not slow.is_terminal():
            slow.apply_action(slow.rollout_action(rng))
        assert returns == slow.returns() and fast.history() == slow.history()
        assert fast.to_json() == slow.to_json() and fast.is_terminal()
        generic = dealt(preset, seed)  # the core's loop with the game's rollout_action: the same moves
        assert Game.play_out(generic.game, generic, random.Random(0)) == dealt(preset, seed).play_out(random.Random(0))


def test_solver_plays_uct_where_it_cannot_search_to_the_end() -> None:
    agent = make_agent("solver:exact_nodes=40000,mcts=300", dealt("holes", 0).game)
    midgame = dealt("holes", 1, empty=15)
    explanation = agent.explain(midgame.view(midgame.current_player()), random.Random(2))
    assert explanation.action in midgame.legal_actions()
    assert explanation.data["exact"] is False and explanation.data["iterations"] == 300
    again = agent.explain(midgame.view(midgame.current_player()), random.Random(2))
    assert again.action == explanation.action  # an iteration budget is reproducible
    endgame = dealt("holes", 1, empty=6)
    explanation = agent.explain(endgame.view(endgame.current_player()), random.Random(2))
    assert explanation.data["exact"] is True and explanation.data["result"] in ("win", "draw", "loss")


def test_solver_specs_round_trip() -> None:
    game = dealt("classic", 0).game
    for spec in ("solver", "solver:exact_nodes=40000,nodes=40000", "solver:exact_nodes=40000,mcts=5000"):
        assert make_agent(spec, game).spec() == spec
    with pytest.raises(ConfigError):
        make_agent("solver:mcts=-1", game)


def test_evaluation_counts_the_cards_that_can_beat_an_open_side(tmp_path: Path) -> None:
    (tmp_path / "board.txt").write_text("1 3\nCCC\n")
    (tmp_path / "cards.txt").write_text("R 1 1 5 1\nB 1 1 1 9\nR2 1 1 1 1\nB2 1 1 1 1\nSpare 1 1 1 1")
    game = deckhand.load_game(
        "three_trios", board=str(tmp_path / "board.txt"), cards=str(tmp_path / "cards.txt"), shuffle=False
    )
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("R 0,0"))  # its 5 faces an empty cell, and blue holds a 9 there
    assert isinstance(state, ThreeTriosState)
    search = DepthLimitedSearch(state, 1000)
    assert search.evaluate(0) == -THREAT and search.evaluate(1) == THREAT
