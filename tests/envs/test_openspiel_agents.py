"""OpenSpiel's bots as deckhand agents: built by name with no import, deciding from the view alone, in the arena."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

import typer
from typer.testing import CliRunner

import deckhand
from deckhand.agents.registry import available_agents, make_agent
from deckhand.cli_arena import register
from deckhand.core.errors import ConfigError
from deckhand.play.runner import play_game


def first_decision(game: deckhand.Game, seed: int) -> deckhand.State:
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    return state


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    monkeypatch.delenv("DECKHAND_DB", raising=False)
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """The test's stand-in for the deckhand command."""

    register(app)
    return app


def test_the_agents_are_generic_and_say_their_settings() -> None:
    game = deckhand.load_game("cambio")
    # each is offered where it can play: ISMCTS where cards are hidden, MCTS where nothing is
    assert "openspiel-ismcts" in available_agents(game) and "openspiel-mcts" not in available_agents(game)
    board = deckhand.load_game("three_trios")
    assert "openspiel-mcts" in available_agents(board) and "openspiel-ismcts" not in available_agents(board)
    agent = make_agent("openspiel-ismcts:max_simulations=50,uct_c=1.5,rollouts=2,seed=3", game)
    assert agent.spec() == "openspiel-ismcts:iterations=50,uct_c=1.5,rollouts=2,seed=3"
    with pytest.raises(ConfigError, match="unknown setting 'depth'"):
        make_agent("openspiel-ismcts:depth=3", game)
    with pytest.raises(ConfigError, match="rollout must be one of"):
        make_agent("openspiel-ismcts:rollout=smart", game)


def test_mcts_refuses_hidden_cards_and_ismcts_a_game_without_them() -> None:
    with pytest.raises(ConfigError, match="perfect-information games only"):
        make_agent("openspiel-mcts", deckhand.load_game("cambio"))
    with pytest.raises(ConfigError, match="use openspiel-mcts"):
        make_agent("openspiel-ismcts", deckhand.load_game("three_trios"))
    with pytest.raises(ConfigError, match="use iterations"):
        make_agent("openspiel-mcts:seconds=1", deckhand.load_game("three_trios"))


def test_without_open_spiel_the_error_is_one_line_naming_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    with pytest.raises(ConfigError, match=r"pip install 'deckhand\[rl\]'") as caught:
        make_agent("openspiel-ismcts:iterations=10", deckhand.load_game("cambio"))
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("name", ["cambio", "basra", "casino", "go_fish"])
def test_ismcts_decides_from_the_view_alone_and_the_same_seed_chooses_the_same(name: str) -> None:
    game = deckhand.load_game(name)
    agent = make_agent("openspiel-ismcts:iterations=30", game)
    state = first_decision(game, 5)
    view = state.view(state.current_player())
    chosen = agent.explain(view, random.Random(9))
    assert chosen.action in state.legal_actions()
    assert chosen.candidates and chosen.data["search"] == "OpenSpiel ISMCTS"
    # Its reasons are words, as a player says them: the figures stay in the candidates and the data.
    assert chosen.reason and chosen.public
    assert not any(word in chosen.reason + chosen.public for word in ("simulation", "search", "%", "OpenSpiel"))
    # Another world the seat cannot tell from this one: the same view, so the same choice.
    other = view.sample_world(random.Random(1))
    assert other.view(view.player) == view
    assert agent.step(other.view(view.player), random.Random(9)) == chosen.action


def test_a_time_budget_stops_the_ismcts_search() -> None:
    game = deckhand.load_game("cambio")
    agent = make_agent("openspiel-ismcts:seconds=0.05", game)
    state = first_decision(game, 6)
    simulations = agent.explain(state.view(state.current_player()), random.Random(1)).data["iterations"]
    assert 1 <= simulations < 100_000


@pytest.mark.parametrize("name", ["basra", "casino"])
def test_a_time_budget_is_per_move_and_shared_among_a_composite_moves_tokens(name: str) -> None:
    game = deckhand.load_game(name)
    agent = make_agent("openspiel-ismcts:seconds=0.05", game)
    rng = random.Random(4)
    state = first_decision(game, 4)
    spent = []
    while len(spent) < 12 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        view = state.view(state.current_player())
        if len(view.legal_actions()) == 1:
            state.apply_action(view.legal_actions()[0])
            continue
        start = time.perf_counter()
        state.apply_action(agent.step(view, rng))
        spent.append(time.perf_counter() - start)
    # Each move stops on its budget, however many tokens it has (not the budget a token: a median,
    # and a wide margin for a busy machine).
    assert statistics.median(spent) < 0.05 * 4


def test_mcts_plays_three_trios_and_names_its_candidates() -> None:
    game = deckhand.load_game("three_trios")
    agent = make_agent("openspiel-mcts:iterations=40,seed=1", game)
    state = play_game(game, [agent, make_agent("random", game)], random.Random(2))
    assert state.is_terminal()
    chosen = agent.explain(first_decision(game, 0).view(0), random.Random(3))
    assert chosen.candidates and all(" ..." not in c.notation for c in chosen.candidates)


def test_arena_from_the_command_line_without_importing_anything(tmp_path: Path) -> None:
    env = {**os.environ, "DECKHAND_HOME": str(tmp_path)}
    env.pop("DECKHAND_DB", None)
    args = ["arena", "three_trios", "--agents", "openspiel-mcts:iterations=20,random", "-n", "2", "--json"]
    done = subprocess.run(
        [sys.executable, "-m", "deckhand.cli", *args], capture_output=True, text=True, timeout=300, env=env
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 2
    assert {a["name"] for a in data["agents"]} == {"openspiel-mcts:iterations=20", "random"}


@pytest.mark.parametrize("name", ["cambio", "basra", "casino", "go_fish"])
def test_arena_of_ismcts_against_random(cli: typer.Typer, name: str) -> None:
    spec = "openspiel-ismcts:iterations=8,rollouts=1"
    args = ["arena", name, "--agents", f"{spec},random", "-n", "2", "--json", "--no-store"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2
    assert sum(a["score"] * a["games"] for a in data["agents"]) == pytest.approx(2.0)


@pytest.mark.parametrize("spec", ["openspiel-ismcts:iterations=40,seed=3", "openspiel-ismcts:iterations=40"])
def test_one_view_and_one_rng_give_one_move_whatever_came_before(spec: str) -> None:
    game = deckhand.load_game("cambio")
    agent = make_agent(spec, game)
    view = first_decision(game, 6).view(0)
    first = agent.explain(view, random.Random(9))
    again = agent.explain(view, random.Random(9))
    assert (again.action, again.candidates) == (first.action, first.candidates)
    assert agent.step(view, random.Random(9)) == first.action


@pytest.mark.parametrize(
    ("setting", "named"),
    [
        ("iterations=true", "iterations"),
        ("uct_c=nan", "uct_c"),
        ("seconds=inf", "seconds"),
        ("rollouts=true", "rollouts"),
    ],
)
def test_settings_that_are_not_numbers_are_refused_by_name(setting: str, named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        make_agent(f"openspiel-ismcts:{setting}", deckhand.load_game("cambio"))
