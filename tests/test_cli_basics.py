"""The command line's basics: version, games, replay, and one-line errors."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import deckhand
from deckhand.agents import RandomAgent
from deckhand.compiled import build_name
from deckhand.play import GameRecord, play_game
from deckhand.play.records import replay


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "deckhand.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def test_version() -> None:
    out = run("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"deckhand {deckhand.__version__} ({build_name()})"


def test_games_lists_every_game() -> None:
    out = run("games", "--json")
    assert out.returncode == 0
    assert [row["game"] for row in json.loads(out.stdout)] == deckhand.games()


def test_replay_prints_a_record(tmp_path: Path) -> None:
    game = deckhand.load_game("three_trios")
    final = play_game(game, [RandomAgent(), RandomAgent()], random.Random(3))
    GameRecord.from_state(final, seats=["random", "random"]).save(tmp_path / "g.json")
    out = run("replay", str(tmp_path / "g.json"))
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    seats = "Seat 1: Computer 1 (random), Seat 2: Computer 2 (random)"
    assert lines[0] == f"Three Trios (rules v{game.rules_version}). {seats}"
    assert "Final scores: Computer 1 " in lines[-1] and "three_trios" not in out.stdout


def test_replay_names_the_people_by_their_seats_counted_from_one(tmp_path: Path) -> None:
    game = deckhand.load_game("go_fish")
    final = play_game(game, [RandomAgent(), RandomAgent()], random.Random(3))
    GameRecord.from_state(final, seats=["human:Ann", "hard"]).save(tmp_path / "g.json")
    out = run("replay", str(tmp_path / "g.json"))
    lines = out.stdout.splitlines()
    assert lines[0] == f"Go Fish (rules v{game.rules_version}). Seat 1: Ann, Seat 2: Computer (hard)"
    assert lines[-1].startswith(("Ann wins.", "Computer wins.")) and "Final scores: Ann " in lines[-1]


def test_a_broken_record_is_one_line_and_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{oops", encoding="utf-8")
    out = run("replay", str(tmp_path / "bad.json"))
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.strip().count("\n") == 0 and "not valid JSON" in out.stderr


def test_replay_refuses_a_negative_upto(tmp_path: Path) -> None:
    game = deckhand.load_game("three_trios")
    final = play_game(game, [RandomAgent(), RandomAgent()], random.Random(3))
    record = GameRecord.from_state(final, seats=["random", "random"])
    record.save(tmp_path / "g.json")
    out = run("replay", str(tmp_path / "g.json"), "--upto", "-1")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "--upto must be a number of actions, 0 or more, not -1" in out.stderr
    with pytest.raises(deckhand.ConfigError, match="not -1"):
        replay(record, upto=-1)


def test_vs_names_a_computer_player() -> None:
    out = run("play", "cambio", "--vs", "human")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip() == (
        "deckhand: --vs names the computer's level or agent; for people only, give --seats human,human"
    )
