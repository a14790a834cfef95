"""The command line as a new user meets it: help without type tags, rules with their options, replays from the store."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import deckhand
from deckhand.cli import app
from deckhand.core.options import accepts
from deckhand.core.registry import game_class

runner = CliRunner()


def deckhand_says(*args: str, input: str = "") -> str:
    result = runner.invoke(app, list(args), input=input, env={"COLUMNS": "80"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    return result.output


def commands() -> list[list[str]]:
    """Every command of ``deckhand``, as typed before ``--help``."""
    found: list[list[str]] = [[]]
    for info in app.registered_commands:
        found.append([info.name or ""])
    for group in app.registered_groups:
        found.append([group.name or ""])
        found += [[group.name or "", info.name or ""] for info in group.typer_instance.registered_commands]
    return found


@pytest.mark.parametrize("command", commands(), ids=lambda c: " ".join(c) or "deckhand")
def test_help_shows_flags_as_flags(command: list[str]) -> None:
    out = deckhand_says(*command, "--help")
    assert "<bool>" not in out and "--help" in out


def test_version_is_one_line() -> None:
    out = deckhand_says("--version")
    assert out.startswith(f"deckhand {deckhand.__version__}") and out.count("\n") == 1


@pytest.mark.parametrize("name", deckhand.games())
def test_rules_explain_every_option(name: str) -> None:
    out = " ".join(deckhand_says("rules", name).split())
    assert "Options" in out and f"deckhand play {name} " in out
    for key, option in game_class(name).OPTIONS.items():
        assert f"{key} (default " in out
        assert accepts(option.parse) in out
    for preset in game_class(name).PRESETS:
        assert f"{preset}: " in out


def test_rules_cambio_says_what_king_power_means() -> None:
    out = " ".join(deckhand_says("rules", "cambio").split())
    assert "king_power (default any): Black K: peek any card then switch any own/opponent pair (any)" in out
    assert "Takes any, peeked." in out and "caller_locked (default false)" in out


def _finish_two_games() -> None:
    for seed in ("1", "2"):
        deckhand_says("play", "three_trios", "--seats", "human,easy", "--seed", seed, input="1\n" * 5)


def test_replay_last_needs_no_file() -> None:
    assert "No finished games are stored yet" in deckhand_says("replay", "--last")
    _finish_two_games()
    out = deckhand_says("replay", "--last")
    assert out.startswith("Three Trios (rules v") and "Final scores:" in out
    assert "   1. " in out and "(game not finished)" not in out
    moves = [line for line in out.splitlines() if re.match(r"^ +\d+\. ", line)]
    told = r"^ +\d+\. (You place|Computer places) \w+ in the [a-z]+"  # in words, where a player looks
    assert moves and [m for m in moves if not re.match(told, m) or re.search(r"\(|\d,\d", m)] == [], moves
    assert "Seat 1: You" in out.splitlines()[0], "seats named, counted from one"
    typed = deckhand_says("replay", "--last", "--notation")
    assert re.search(r"^ +\d+\. \w+ \d,\d$", typed, re.MULTILINE), "every action in notation, deals too"


def test_replay_without_a_file_lists_the_stored_games() -> None:
    assert "No finished games are stored yet" in deckhand_says("replay")
    _finish_two_games()
    out = deckhand_says("replay", input="2\n")
    listed = [line for line in out.splitlines() if "Three Trios, " in line]
    assert len(listed) == 2 and all("You " in line and "Computer (easy) " in line and "won" in line for line in listed)
    assert "Replay which game? (newest first)" in out and "Final scores:" in out
    assert "Final scores:" not in deckhand_says("replay", input="b\n")  # back: nothing replayed
    assert "Final scores:" not in deckhand_says("replay")  # end of input at the question: nothing either


def test_replay_takes_a_file_or_last_not_both() -> None:
    result = runner.invoke(app, ["replay", "x.json", "--last"])
    assert isinstance(result.exception, deckhand.DeckhandError) and "not both" in str(result.exception)
