"""Agents by name: ``name[:key=value,...]``, e.g. ``random``, ``hard``, ``ismcts:iterations=2000``.

A name is looked up first among the game's difficulty levels
(``Game.LEVELS``), then its own agents (``Game.AGENTS``), then the generic
agents below. A factory is called as ``factory(game, **params)``.
"""

from __future__ import annotations

import difflib
import inspect
from typing import Any

from deckhand.agents.base import Agent
from deckhand.core.errors import ConfigError, quote
from deckhand.core.protocol import Game
from deckhand.core.registry import import_object

GENERIC_AGENTS: dict[str, str] = {
    "random": "deckhand.agents.random_agent:RandomAgent",
    "mcts": "deckhand.agents.mcts:MCTSAgent",
    "ismcts": "deckhand.agents.ismcts:ISMCTSAgent",
    "openloop": "deckhand.agents.openloop:OpenLoopAgent",
    # OpenSpiel's bots (the `rl` extra): a one-line error names the extra when it is missing.
    "openspiel-mcts": "deckhand.envs.agents:OpenSpielMCTSAgent",
    "openspiel-ismcts": "deckhand.envs.agents:OpenSpielISMCTSAgent",
}
"""Agents that play any game: name -> ``"module:factory"``."""


def register_agent(name: str, target: str) -> None:
    """Add a generic agent (one that plays every game)."""
    GENERIC_AGENTS[name] = target


def is_human(spec: str) -> bool:
    """Seats named ``human`` (or ``human:NAME``) are people; any other seat spec names an agent."""
    return spec.strip().lower().split(":", 1)[0] == "human"


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``name:key=value,...`` into the name and typed parameters."""
    name, _, rest = spec.strip().partition(":")
    if not name:
        raise ConfigError(f"agent {quote(spec, 40)}: no name")
    params: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"agent {quote(spec, 40)}: expected key=value, got {quote(item, 40)}")
        params[key.strip().replace("-", "_")] = _typed(value.strip())
    return name.strip().lower(), params


def _typed(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


INFORMATION: dict[str, bool] = {"openspiel-mcts": True, "openspiel-ismcts": False}
"""Generic agents that play only games of perfect (True) or of hidden (False) information."""


def available_agents(game: Game) -> list[str]:
    """Every agent name (and level) that can play ``game``."""
    generic = [a for a in GENERIC_AGENTS if INFORMATION.get(a, game.perfect_information) == game.perfect_information]
    return list(dict.fromkeys([*game.LEVELS, *game.AGENTS, *generic]))


def make_agent(spec: str, game: Game) -> Agent:
    """Build the agent that ``spec`` names for ``game``; ``ConfigError`` if it cannot."""
    name, params = parse_spec(spec)
    if name in game.LEVELS:
        level_name, level_params = parse_spec(game.LEVELS[name])
        agent = make_agent_from(level_name, {**level_params, **params}, game, spec)
        agent.name = name if not params else spec
        return agent
    return make_agent_from(name, params, game, spec)


def make_agent_from(name: str, params: dict[str, Any], game: Game, spec: str) -> Agent:
    target = game.AGENTS.get(name) or GENERIC_AGENTS.get(name)
    if target is None:
        names = available_agents(game)
        close = difflib.get_close_matches(name, names, n=1)
        hint = f"did you mean {quote(close[0], 40)}?" if close else "agents: " + ", ".join(names)
        raise ConfigError(f"unknown agent {quote(name, 40)} for {game.name}; {hint}")
    factory = import_object(target)
    accepted = inspect.signature(factory).parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values())
    for key in params:
        if key not in accepted and not takes_any:
            options = ", ".join(k for k in accepted if k != "game") or "none"
            raise ConfigError(f"agent {quote(spec, 40)}: unknown setting {quote(key, 40)} (settings: {options})")
    try:
        agent = factory(game, **params)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"agent {quote(spec, 40)}: {exc}") from None
    if not isinstance(agent, Agent):
        raise ConfigError(f"agent {quote(spec, 40)} is not an agent")
    return agent
