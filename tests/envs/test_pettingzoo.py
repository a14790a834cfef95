"""The PettingZoo environments: PettingZoo's own API and seed tests for every game and preset, games played
through the mask to the end with deckhand's returns as rewards, composite moves token by token, clear errors."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import deckhand
from deckhand.core.registry import game_class
from deckhand.envs.pettingzoo import DeckhandEnv, env, raw_env


def configs() -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for name in deckhand.games():
        presets = list(game_class(name).PRESETS) or [None]
        out.extend((name, preset) for preset in presets)
    return out


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns about every Dict observation space (the action mask's), as for its own card games
    warnings.filterwarnings("ignore", message=".*(NumPy array|gymnasium.spaces.box).*")


@pytest.mark.parametrize(("name", "preset"), configs())
def test_pettingzoo_api_test(name: str, preset: str | None) -> None:
    api_test(env(name, preset), num_cycles=300)


@pytest.mark.parametrize(("name", "preset"), configs())
def test_pettingzoo_seed_test(name: str, preset: str | None) -> None:
    seed_test(lambda: env(name, preset), num_cycles=300)


def play(table: DeckhandEnv, rng: random.Random) -> dict[str, float]:
    """Random legal tokens through the mask to the end; each agent's reward when it is told the game is over."""
    final: dict[str, float] = {}
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        assert not truncated
        if terminated:
            final[agent] = float(reward)
            table.step(None)
            continue
        assert reward == 0.0
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0
        table.step(int(legal[int(rng.random() * legal.size)]))
    return final


@pytest.mark.parametrize(("name", "preset"), configs())
def test_masked_agents_finish_games_and_the_rewards_are_the_returns(name: str, preset: str | None) -> None:
    table = raw_env(name, preset)
    for seed in range(3):
        table.reset(seed=seed)
        final = play(table, random.Random(seed))
        state = table.state
        assert state.is_terminal()
        assert final == {f"player_{i}": r for i, r in enumerate(state.returns())}
        again = table.game.new_initial_state()  # the game played is a deckhand game: its history replays
        for action in state.history():
            again.apply_action(action)
        assert again.returns() == state.returns()
        assert table.agents == []


def test_a_composite_move_is_the_movers_tokens_one_step_at_a_time() -> None:
    table = raw_env("basra", "bazzi")
    encoding = table.encoding
    rng = random.Random(5)
    seen_long = 0
    for seed in range(20):
        table.reset(seed=seed)
        while table.agents and seen_long < 5:
            agent = table.agent_selection
            if table.terminations[agent]:
                table.step(None)
                continue
            mover_obs = table.observe(agent)
            legal = np.flatnonzero(mover_obs["action_mask"])
            token = int(legal[int(rng.random() * legal.size)])
            table.step(token)
            if table.pending():  # the move is not whole: the same agent goes on, and only it sees the prefix
                seen_long += 1
                assert table.agent_selection == agent
                prefix = table.observe(agent)["observation"][encoding.observation_size :]
                assert prefix[token] == 1.0 and prefix.sum() == len(table.pending())
                for other in table.agents:
                    if other != agent:
                        obs = table.observe(other)
                        assert obs["action_mask"].sum() == 0
                        assert obs["observation"][encoding.observation_size :].sum() == 0
    assert seen_long == 5


def test_an_illegal_token_is_refused_with_the_legal_ones() -> None:
    table = env("three_trios", "file-order")  # red holds Griffin first
    table.reset(seed=0)
    mask = table.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(deckhand.IllegalActionError, match=r"token .* is not legal here; legal: \d+ \(Griffin"):
        table.step(illegal)


def test_the_same_seed_deals_the_same_game() -> None:
    first, second = raw_env("casino"), raw_env("casino")
    first.reset(seed=11)
    second.reset(seed=11)
    play(first, random.Random(1))
    play(second, random.Random(1))
    assert first.state.history() == second.state.history()


def test_options_and_a_game_object_are_accepted_and_bad_ones_named() -> None:
    table = raw_env("cambio", "house", players=3)
    assert table.possible_agents == ["player_0", "player_1", "player_2"]
    assert len(raw_env(deckhand.load_game("go_fish", players=3)).possible_agents) == 3
    with pytest.raises(deckhand.ConfigError, match="unknown game"):
        raw_env("chess")
    with pytest.raises(deckhand.ConfigError, match="render_mode"):
        raw_env("basra", render_mode="human")


def test_ansi_render_draws_the_movers_view_then_the_end() -> None:
    table = raw_env("basra", "bazzi", render_mode="ansi")
    table.reset(seed=2)
    text = table.render()
    assert isinstance(text, str) and "to move: player_" in text
    play(table, random.Random(2))
    assert "over: returns" in str(table.render())
    assert raw_env("basra").render() is None


def test_without_the_extra_a_one_line_error_names_the_install() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "try:\n    import deckhand.envs.pettingzoo\n"
        "except Exception as exc:\n    print(type(exc).__name__, exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert done.stdout.startswith("ConfigError ") and "pip install 'deckhand[rl]'" in done.stdout
    assert len(done.stdout.strip().splitlines()) == 1


def test_the_core_and_the_encodings_import_without_numpy() -> None:
    code = (
        "import sys\n"
        "for name in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel'): sys.modules[name] = None\n"
        "import deckhand\n"
        "from deckhand.core.encoding import encoding_of\n"
        "for name in deckhand.games():\n"
        "    game = deckhand.load_game(name)\n"
        "    assert len(encoding_of(game).observation(game.new_initial_state().view(0))) > 0\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "ok", done.stderr
