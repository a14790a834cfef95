"""What a request from the web may ask of the server: options without files, bounded computers, fair deals.

The terminal, the library and the arena trust their user: they may name
files, seed the deal and let a search think for an hour. A request to
``deckhand serve`` comes from anyone, so the server checks it here first:

* options that name files take only shipped data or inline values, and no
  path is ever opened (:func:`web_options`);
* a seat, a stand-in or a host's level is a level of the game, or an agent
  whose thinking budget stays under :data:`CAPS` (:func:`web_agent`);
* a seed or a stacked deck is only for a table where no other person can
  sit (:func:`check_deal`): a table of people is dealt from the server's
  own entropy, so that no host can compute another person's cards.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Mapping, Sequence
from typing import Any

from deckhand.agents.registry import agent_target, is_human, make_agent, parse_spec
from deckhand.core.errors import ConfigError, quote
from deckhand.core.options import inline_only
from deckhand.core.protocol import Game
from deckhand.core.registry import game_class, import_object, load_game
from deckhand.web.seats import OPEN

CAPS: Mapping[str, float] = {
    "seconds": 5.0,
    "iterations": 20_000,
    "mcts": 20_000,
    "max_simulations": 20_000,
    "nodes": 200_000,
    "exact_nodes": 1_000_000,
    "rollouts": 16,
    "worlds": 2_000,
}
"""The most an agent made from the web may think, by setting: a few seconds of search at most.

Checked against the settings the agent would really use (its defaults
included), so a bare ``solver`` is held to its default node counts.
"""

STYLE: frozenset[str] = frozenset(
    {"c", "uct_c", "widen", "trust", "seed", "build_weight", "caution", "jack_keep", "cambio_at", "cambio_chance"}
    | {"exact_cells"}  # when the exact search starts; its work is held by ``exact_nodes``
)
"""The numeric settings that choose how an agent plays, not how long it thinks: any value is safe.

A number in neither this nor :data:`CAPS` is refused from the web, so a
new budget setting is held back until it has a cap.
"""


def web_options(name: str, preset: str | None, options: Mapping[str, Any]) -> Game:
    """The game a request's options make, with files refused unopened; ``ConfigError`` naming what is wrong."""
    if not isinstance(name, str):
        raise ConfigError(f"game name must be a string, not {type(name).__name__}")
    cls = game_class(name)
    given = inline_only(cls.name, cls.OPTIONS, options)
    if preset is not None:
        given["preset"] = preset
    return load_game(name, **given)


def web_agent(spec: str, game: Game, where: str = "seat") -> str:
    """``spec`` if the web may seat it: a level, or an agent within :data:`CAPS`; else ``ConfigError``."""
    name, params = parse_spec(spec)
    if name in game.LEVELS:
        if params:
            raise ConfigError(f"{where} {quote(spec, 40)}: a level takes no settings from the web")
        return spec
    target = agent_target(name, game)
    if target is None:
        make_agent(spec, game)  # names the agents there are
        raise ConfigError(f"{where} {quote(spec, 40)}: unknown agent")
    settings, takes_any = _settings(target)
    settings.update({key: value for key, value in params.items() if key in settings or takes_any})
    for key, value in settings.items():  # a setting the agent does not take: make_agent names it below
        if not isinstance(value, (int, float)) or isinstance(value, bool) or key in STYLE:
            continue
        cap = CAPS.get(key)
        if cap is None:
            raise ConfigError(f"{where} {quote(spec, 40)}: {quote(key, 40)} has no cap, so the web may not use it")
        if not value <= cap:
            raise ConfigError(f"{where} {quote(spec, 40)}: {key} is at most {cap:g} from the web")
    make_agent(spec, game)  # every other setting is checked as anywhere
    return spec


def _settings(target: str) -> tuple[dict[str, Any], bool]:
    """The settings an agent takes, with their defaults (None where it has none); whether it takes any other."""
    settings, takes_any = _read_settings(target)
    return dict(settings), takes_any


@functools.cache
def _read_settings(target: str) -> tuple[dict[str, Any], bool]:
    """:func:`_settings`, read once an agent (the caller copies the dict it changes)."""
    try:
        factory = import_object(target)
    except Exception:  # an optional extra that is not installed: make_agent names it
        return {}, False
    parameters = inspect.signature(factory).parameters.values()
    settings = {
        p.name: None if p.default is inspect.Parameter.empty else p.default
        for p in parameters
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY) and p.name != "game"
    }
    return settings, any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)


def check_deal(specs: Sequence[str], seed: int | None, game: Game, *, resumed: bool = False) -> None:
    """A chosen seed, a stacked deck or a saved game only where no other person can sit; else ``ConfigError``.

    A saved game is as known as a chosen deal: its file holds every hand.
    """
    stacked = game.options.get("deck") is not None
    if seed is None and not stacked and not resumed:
        return
    people = sum(1 for spec in specs if is_human(spec))
    if OPEN in specs or people > 1:
        chosen = "a seed" if seed is not None else "a stacked deck" if stacked else "a saved game"
        raise ConfigError(
            f"{chosen} is for practice alone: a table where another person can sit "
            "(an open seat, or two people) is dealt by the server"
        )
