"""The OpenSpiel adapter: every game loads in pyspiel, passes OpenSpiel's random simulation test, and plays
with OpenSpiel's MCTS and ISMCTS bots; information states never show a card their player cannot see."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import deckhand  # noqa: E402
from deckhand.core.encoding import encoding_of  # noqa: E402
from deckhand.core.registry import game_class  # noqa: E402
from deckhand.envs import openspiel as adapter  # noqa: E402

HIDDEN = [g for g in adapter.GAMES if not game_class(g).perfect_information]


CASES = [
    pytest.param(g, p, id=f"{g}-{p or 'default'}")
    for g in adapter.GAMES
    for p in [None, *list(game_class(g).PRESETS)[1:]]
]


def load(name: str, preset: str | None = None, **params: Any) -> Any:
    if preset is not None:
        params["preset"] = preset
    return pyspiel.load_game(adapter.PREFIX + name, params)


def play_randomly(state: Any, rng: np.random.RandomState, until: int | None = None) -> Any:
    """Play ``state`` on with random moves and chance by its odds, to the end or to ``until`` decisions."""
    decisions = 0
    while not state.is_terminal() and (until is None or decisions < until):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    return state


# -- registration and parameters -------------------------------------------------------


def test_every_game_is_registered_once_and_importing_again_changes_nothing() -> None:
    importlib.reload(adapter)
    names = pyspiel.registered_names()
    for name in adapter.GAMES:
        assert names.count(adapter.PREFIX + name) == 1


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_each_game_and_preset_loads_with_the_deckhand_options(name: str, preset: str | None) -> None:
    game = load(name, preset)
    expected = deckhand.load_game(name, **({"preset": preset} if preset else {}))
    assert game.deckhand.options == expected.options
    assert game.num_players() == expected.num_players
    assert game.num_distinct_actions() == encoding_of(expected).num_tokens
    # The game's parameters say every option, so they load the same game again.
    again = pyspiel.load_game(adapter.PREFIX + name, game.get_parameters())
    assert again.deckhand.options == expected.options


def test_a_preset_gives_its_lines_and_a_parameter_other_than_its_default_overrides_one() -> None:
    house = load("cambio", "house")
    assert house.deckhand.options["jokers"] is True and house.deckhand.options["known_slots"] == [2, 3]
    three = pyspiel.load_game("python_deckhand_cambio(preset=house,players=3,known_slots=0 1 2)")
    assert three.deckhand.options["players"] == 3 and three.num_players() == 3
    assert three.deckhand.options["known_slots"] == [0, 1, 2] and three.deckhand.options["jokers"] is True
    assert pyspiel.load_game(str(three)).deckhand.options == three.deckhand.options


def test_lists_are_words_and_a_stacked_deck_is_no_parameter() -> None:
    spec = adapter.parameter_specification(game_class("three_trios"))
    assert spec["rules"] == "greater" and spec["preset"] == "classic"
    assert "deck" not in adapter.parameter_specification(game_class("cambio"))
    game = pyspiel.load_game("python_deckhand_three_trios(rules=reverse plus)")
    assert game.deckhand.options["rules"] == ["reverse", "plus"]


def test_a_bad_option_is_named() -> None:
    with pytest.raises(ValueError, match="option players takes a whole number from 2 to 6, not 9"):
        load("cambio", players=9)
    with pytest.raises(ValueError, match="unknown preset 'nope'"):
        load("cambio", "nope")


def test_from_game_wraps_any_options_even_a_stacked_deck() -> None:
    game = adapter.load("cambio", preset="house", sticking=False, deck=["SA", "H2"])
    assert game.deckhand.options["sticking"] is False and game.deckhand.options["jokers"] is True
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1
    assert state.action_to_string(state.chance_outcomes()[0][0]).find("SA") >= 0


# -- OpenSpiel's own checks ---------------------------------------------------------------


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_random_simulation_test_passes(name: str, preset: str | None) -> None:
    sims = 3 if name in ("cambio", "three_trios", "go_fish") else 1
    pyspiel.random_sim_test(load(name, preset), num_sims=sims, serialize=False, verbose=False)


def test_a_state_clones_independently_and_replays_its_history() -> None:
    game = load("cambio")
    state = play_randomly(game.new_initial_state(), np.random.RandomState(3), until=4)
    copy = state.clone()
    assert str(copy) == str(state) and copy.history() == state.history()
    play_randomly(copy, np.random.RandomState(4))
    assert copy.is_terminal() and not state.is_terminal()
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert str(replay) == str(state)


def test_returns_are_deckhands_at_the_end_and_nothing_before() -> None:
    game = load("cambio")
    state = game.new_initial_state()
    assert state.returns() == [0.0, 0.0]
    play_randomly(state, np.random.RandomState(5))
    assert state.returns() == state.world.returns() and sum(state.returns()) == pytest.approx(1.0)


# -- OpenSpiel's bots ------------------------------------------------------------------------


def test_mcts_bot_plays_a_whole_three_trios_game() -> None:
    game = load("three_trios", "file-order")  # dealt from the file: no chance node, as MCTSBot wants
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, 1.0, 30, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        assert not state.is_chance_node()
        state.apply_action(bot.step(state))
    assert state.world.is_terminal() and sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


@pytest.mark.parametrize("name", HIDDEN)
def test_ismcts_bot_plays_whole_games_through_resample_from_infostate(name: str) -> None:
    game = load(name)
    rng = np.random.RandomState(11)
    # Short random rollouts keep a long game (Basra plays to 151 points) quick.
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=20)
    bot = ismcts.ISMCTSBot(game, evaluator, 1.0, 4, random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 0 and sum(state.returns()) == pytest.approx(1.0)


# -- what the information states show --------------------------------------------------------


class Sampler:
    """A float in [0, 1) on each call, from a seeded rng (as pyspiel's UniformProbabilitySampler)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def __call__(self) -> float:
        return self.rng.random()


def observed(state: Any, player: int) -> tuple[str, list[float], str, list[float]]:
    return (
        state.information_state_string(player),
        state.information_state_tensor(player),
        state.observation_string(player),
        state.observation_tensor(player),
    )


@pytest.mark.parametrize("name", HIDDEN)
def test_information_states_are_the_same_in_every_world_the_player_cannot_tell_apart(name: str) -> None:
    game = load(name)
    rng = np.random.RandomState(13)
    tested = 0
    for depth in (0, 3, 8, 15, 30):
        state = play_randomly(game.new_initial_state(), rng, until=depth)
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        if state.is_terminal():
            continue
        for player in range(game.num_players()):
            mine = observed(state, player)
            for seed in range(6):
                other = state.resample_from_infostate(player, Sampler(seed))
                assert observed(other, player) == mine, f"{name}: seat {player} sees a difference after {depth}"
            tested += 1
    assert tested >= 2


@pytest.mark.parametrize("name", HIDDEN)
def test_resampled_worlds_do_deal_the_hidden_cards_differently(name: str) -> None:
    game = load(name)
    state = play_randomly(game.new_initial_state(), np.random.RandomState(17), until=2)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    seen = {json_of(state.resample_from_infostate(player, Sampler(seed)).world) for seed in range(8)}
    assert len(seen) > 1


def json_of(world: Any) -> str:
    return repr(sorted(world.to_json().items(), key=lambda kv: kv[0]))


def composite_state(name: str, seed: int = 19) -> Any:
    """A state of ``name`` in the middle of a composite move (a pending prefix), or None if none came up."""
    game = load(name)
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        legal = state.legal_actions()
        for token in legal:
            after = state.child(token)
            if after.prefix:
                return state, after
        state.apply_action(int(rng.choice(legal)))
    return None


@pytest.mark.parametrize("name", ["basra", "casino"])
def test_a_pending_prefix_is_the_movers_alone_and_survives_resampling(name: str) -> None:
    found = composite_state(name)
    assert found is not None, f"{name}: no composite move came up"
    before, after = found
    mover = before.current_player()
    others = [p for p in range(before.num_players()) if p != mover]
    assert after.current_player() == mover and after.prefix
    assert after.information_state_string(mover) != before.information_state_string(mover)
    assert after.information_state_tensor(mover) != before.information_state_tensor(mover)
    for p in others:
        assert after.information_state_string(p) == before.information_state_string(p)
        assert after.information_state_tensor(p) == before.information_state_tensor(p)
    again = after.resample_from_infostate(mover, Sampler(1))
    assert again.prefix == after.prefix
    assert observed(again, mover) == observed(after, mover)
    assert again.legal_actions() == after.legal_actions()


@pytest.mark.slow  # solves a board to its end: the slow tier
def test_the_three_trios_example_proves_the_small_board_a_draw_and_plays_it_out() -> None:
    example = Path(__file__).parents[2] / "examples" / "openspiel_three_trios.py"
    done = subprocess.run([sys.executable, str(example)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "MCTS-Solver proves it" in done.stdout and "a draw" in done.stdout
    assert done.stdout.count(" plays ") == 5 and "Result: a draw" in done.stdout
    assert "deckhand's solver on the opening" in done.stdout and "it ends in a draw" in done.stdout
