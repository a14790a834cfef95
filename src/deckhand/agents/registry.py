"""Agents by name: ``name[:key=value,...]``, e.g. ``random``, ``hard``, ``ismcts:iterations=2000``.

A name is looked up first among the game's difficulty levels
(``Game.LEVELS``), then its own agents (``Game.AGENTS``), then the generic
agents. A factory is called as ``factory(game, **params)``.

The generic agents are this package's own (below) and those that other
packages register: deckhand's environments register OpenSpiel's bots
(:mod:`deckhand.envs`) when deckhand is imported, as the built-in games
register themselves; a distribution outside deckhand adds its agents through
the ``deckhand.agents`` entry-point group (``name = "module:factory"``), read
on first use. The registry itself names no package but its own.
"""

from __future__ import annotations

import difflib
import functools
import inspect
from collections.abc import Iterable
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from deckhand.agents.base import Agent
from deckhand.core.errors import ConfigError, quote
from deckhand.core.numbers import setting_number
from deckhand.core.protocol import Game
from deckhand.core.registry import import_object

GENERIC_AGENTS: dict[str, str] = {
    "random": "deckhand.agents.random_agent:RandomAgent",
    "mcts": "deckhand.agents.mcts:MCTSAgent",
    "ismcts": "deckhand.agents.ismcts:ISMCTSAgent",
    "openloop": "deckhand.agents.openloop:OpenLoopAgent",
}
"""Agents that play any game: name -> ``"module:factory"`` (imported on first use)."""

INFORMATION: dict[str, bool] = {}
"""Generic agents that play only games of perfect (True) or of hidden (False) information."""

_plugins_loaded = False


def register_agent(name: str, target: str, *, information: bool | None = None) -> None:
    """Add a generic agent: ``"module:factory"``, imported on first use.

    ``information`` says which games it plays: perfect-information ones only
    (True), those with hidden cards only (False), or every game (None).
    """
    GENERIC_AGENTS[name] = target
    if information is None:
        INFORMATION.pop(name, None)
    else:
        INFORMATION[name] = information


def register_plugins(entries: Iterable[EntryPoint]) -> None:
    """Register the agents that entry points name (``name = "module:factory"``), keeping those registered already."""
    for entry in entries:
        if entry.name not in GENERIC_AGENTS:
            register_agent(entry.name, entry.value)


def _load_plugins() -> None:
    global _plugins_loaded
    if not _plugins_loaded:
        _plugins_loaded = True
        register_plugins(entry_points(group="deckhand.agents"))


def generic_agents() -> dict[str, str]:
    """Every generic agent: name -> ``"module:factory"``, the entry points' included."""
    _load_plugins()
    return GENERIC_AGENTS


def agent_target(name: str, game: Game) -> str | None:
    """The ``"module:factory"`` that ``name`` names for ``game`` (its own agents first), or None."""
    return game.AGENTS.get(name) or generic_agents().get(name)


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
    """A setting's value: a number as people type one (:func:`~deckhand.core.numbers.setting_number`), a
    truth value, or the text itself (which the agent refuses where it wants a number)."""
    number = setting_number(text)
    if number is not None:
        return number
    return {"true": True, "false": False}.get(text.lower(), text)


def available_agents(game: Game) -> list[str]:
    """Every agent name (and level) that can play ``game``."""
    plays = game.perfect_information
    generic = [a for a in generic_agents() if INFORMATION.get(a, plays) == plays]
    return list(dict.fromkeys([*game.LEVELS, *game.AGENTS, *generic]))


def agent_name(spec: str, game: Game) -> str:
    """The name of the agent ``spec`` builds for ``game``: a level's own agent, else the spec's name."""
    name = parse_spec(spec)[0]
    return parse_spec(game.LEVELS[name])[0] if name in game.LEVELS else name


def is_rule(spec: str, game: Game) -> bool:
    """Whether ``spec`` names a rule for ``game`` (:attr:`Agent.rule`), not a search; False if it names nothing."""
    target = agent_target(agent_name(spec, game), game)
    return target is not None and _rule_target(target)


@functools.cache
def _parameters(factory: Any) -> tuple[tuple[str, ...], bool]:
    """The names a factory takes, and whether it takes any other (read once: a server makes agents all day)."""
    parameters = inspect.signature(factory).parameters.values()
    return tuple(p.name for p in parameters), any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)


@functools.cache
def _rule_target(target: str) -> bool:
    factory = import_object(target)
    return isinstance(factory, type) and issubclass(factory, Agent) and factory.rule


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
    target = agent_target(name, game)
    if target is None:
        names = available_agents(game)
        close = difflib.get_close_matches(name, names, n=1)
        hint = f"did you mean {quote(close[0], 40)}?" if close else "agents: " + ", ".join(names)
        raise ConfigError(f"unknown agent {quote(name, 40)} for {game.name}; {hint}")
    factory = import_object(target)
    accepted, takes_any = _parameters(factory)
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
