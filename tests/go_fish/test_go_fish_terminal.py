"""Go Fish plays at the terminal from its first day: moves typed on standard input, its rules shown."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def deckhand(tmp_path: Path, *args: str, lines: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DECKHAND_HOME": str(tmp_path / "home"), "DECKHAND_DB": f"sqlite:///{tmp_path / 'd.db'}"}
    return subprocess.run(
        [sys.executable, "-m", "deckhand.cli", *args],
        input=lines,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def test_a_person_plays_typed_moves_against_the_computer(tmp_path: Path) -> None:
    out = deckhand(
        tmp_path, "play", "go_fish", "--seats", "human,easy", "--seed", "3", lines="ask 1 Z\nask 1 7\n1\nquit\n"
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert "'Z' is not a rank" in out.stdout
    assert "You ask Computer for 7s." in out.stdout
    assert "Computer (easy) asks you for " in out.stdout and "ask 0" not in out.stdout.split("Moves:")[-1]


def test_computers_play_a_whole_game(tmp_path: Path) -> None:
    out = deckhand(tmp_path, "play", "go_fish", "players=3", "--seats", "easy,medium,easy", "--seed", "4")
    assert out.returncode == 0, out.stderr
    assert "All 13 books are down" in out.stdout


def test_the_rules_are_there(tmp_path: Path) -> None:
    out = deckhand(tmp_path, "rules", "go_fish")
    assert out.returncode == 0 and "Go fish!" in out.stdout
