"""The runnable examples run: a few small games each, as a user would start them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "casino", "--games", "1", "--seed", "3"],
        ["--game", "basra", "--preset", "partners", "--games", "1", "--policy", "greedy"],
        ["--game", "cambio", "--preset", "house", "--games", "2"],
    ],
)
def test_pettingzoo_random_plays_and_prints_the_results(args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "pettingzoo_random.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    games = int(args[args.index("--games") + 1])
    assert len(lines) == games + 1
    assert all(line.startswith(f"game {i + 1}: ") and "rewards: player_0" in line for i, line in enumerate(lines[:-1]))
    assert lines[-1].startswith("wins")
