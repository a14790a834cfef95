"""The agents registry: it names no package outside its own, others register their agents, names resolve as before."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

import deckhand
from deckhand.agents import registry
from deckhand.agents.random_agent import RandomAgent
from deckhand.agents.registry import available_agents, make_agent
from deckhand.core.errors import ConfigError


def test_the_registry_names_no_deckhand_package_but_its_own() -> None:
    """The environments register their bots themselves: the registry does not name them."""
    tree = ast.parse(Path(registry.__file__).read_text(encoding="utf-8"))
    named = {
        node.value.partition(":")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("deckhand.")
    }
    outside = sorted(n for n in named if not n.startswith(("deckhand.agents", "deckhand.core")))
    assert not outside, f"agents/registry.py names {outside}"


def test_openspiel_bots_resolve_by_name_for_the_games_they_play() -> None:
    cambio, board = deckhand.load_game("cambio"), deckhand.load_game("three_trios")
    assert available_agents(cambio)[-1:] == ["openspiel-ismcts"] and "openspiel-mcts" not in available_agents(cambio)
    assert available_agents(board)[-1:] == ["openspiel-mcts"] and "openspiel-ismcts" not in available_agents(board)
    assert registry.agent_target("openspiel-ismcts", cambio) == "deckhand.envs.agents:OpenSpielISMCTSAgent"


def test_importing_the_registry_alone_registers_the_environments_agents() -> None:
    """Any import of deckhand runs the package's own registrations first, as for the built-in games."""
    code = "from deckhand.agents.registry import GENERIC_AGENTS as g; print(sorted(g))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "'openspiel-ismcts'" in out and "'openspiel-mcts'" in out


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    """Entry points the registry reads as if installed (``deckhand.agents``), its tables restored afterwards."""
    found: list[EntryPoint] = []
    monkeypatch.setattr(registry, "entry_points", lambda group: [e for e in found if e.group == group])
    monkeypatch.setattr(registry, "_plugins_loaded", False)
    monkeypatch.setattr(registry, "GENERIC_AGENTS", dict(registry.GENERIC_AGENTS))
    monkeypatch.setattr(registry, "INFORMATION", dict(registry.INFORMATION))
    yield found


def test_another_package_adds_agents_through_entry_points(plugins: list[EntryPoint]) -> None:
    plugins.append(EntryPoint("plugged", "deckhand.agents.random_agent:RandomAgent", "deckhand.agents"))
    plugins.append(EntryPoint("ismcts", "elsewhere:Agent", "deckhand.agents"))  # taken names stay as they are
    plugins.append(EntryPoint("games-only", "elsewhere:Agent", "deckhand.games"))
    game = deckhand.load_game("basra")
    assert available_agents(game)[-1] == "plugged" and "games-only" not in available_agents(game)
    assert isinstance(make_agent("plugged", game), RandomAgent)
    assert registry.agent_target("ismcts", game) == "deckhand.agents.ismcts:ISMCTSAgent"
    with pytest.raises(ConfigError, match="unknown agent 'games-only'"):
        make_agent("games-only", game)
