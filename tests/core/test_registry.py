"""The game registry and agent specs."""

from __future__ import annotations

import pytest

import deckhand
from deckhand.agents import RandomAgent, make_agent, parse_spec
from deckhand.core.registry import game_class


def test_games_are_listed_sorted() -> None:
    names = deckhand.games()
    assert names == sorted(names) and "three_trios" in names


def test_names_are_forgiving_about_case_and_dashes() -> None:
    assert game_class("Three-Trios") is game_class("three_trios")


def test_an_unknown_game_gets_a_suggestion() -> None:
    with pytest.raises(deckhand.ConfigError, match="did you mean 'three_trios'"):
        deckhand.load_game("three_trio")


def test_errors_are_value_errors() -> None:
    for error in (
        deckhand.ConfigError,
        deckhand.NotationError,
        deckhand.IllegalActionError,
        deckhand.AmbiguousActionError,
    ):
        assert issubclass(error, deckhand.DeckhandError) and issubclass(error, ValueError)


@pytest.mark.parametrize(
    ("spec", "name", "params"),
    [
        ("random", "random", {}),
        ("ismcts:iterations=2000", "ismcts", {"iterations": 2000}),
        ("mcts:seconds=0.5, c=1.4,rollout=light", "mcts", {"seconds": 0.5, "c": 1.4, "rollout": "light"}),
        ("X:flag=true", "x", {"flag": True}),
    ],
)
def test_agent_specs_parse(spec: str, name: str, params: dict[str, object]) -> None:
    assert parse_spec(spec) == (name, params)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "no name"),
        ("mcts:iterations", "expected key=value"),
        ("randmo", "did you mean 'random'"),
        ("random:depth=3", "unknown setting 'depth'"),
    ],
)
def test_bad_agent_specs_are_named(spec: str, message: str) -> None:
    with pytest.raises(deckhand.ConfigError, match=message):
        make_agent(spec, deckhand.load_game("three_trios"))


def test_make_agent_builds_agents() -> None:
    assert isinstance(make_agent("random", deckhand.load_game("three_trios")), RandomAgent)


@pytest.mark.parametrize(
    ("name", "kind"),
    [(None, "NoneType"), (1, "int"), (10**5000, "int"), ([], "list"), (b"casino", "bytes"), ({}, "dict")],
    ids=["None", "int", "huge int", "list", "bytes", "dict"],
)
def test_a_game_name_that_is_not_a_string_is_one_config_error_line(name: object, kind: str) -> None:
    with pytest.raises(deckhand.ConfigError, match=f"^game name must be a string, not {kind}$"):
        deckhand.load_game(name)  # type: ignore[arg-type]
