"""Every file option of every game, saves, records and advisor sessions, given a file they must refuse.

``/dev/zero``, a FIFO, a directory, a file over the cap, a file that is not
UTF-8 and files of secrets: each is a ``ConfigError`` of one line that names
the file and repeats none of the secret. A regression may hang or fill the
memory, so the cases run in a process of their own (``deckhand.testing.files``)
under an alarm per case, a memory cap and a timeout for the whole.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from deckhand.testing.files import INPUTS, SECRET, loaders

CASES = [(loader.name, kind) for loader in loaders() for kind in INPUTS]


def run_checker(folder: Path) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "deckhand.testing.files", str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], dict[str, Any]]:
    return {(o["loader"], o["input"]): o for o in run_checker(tmp_path_factory.mktemp("inputs"))}


def test_every_game_with_a_file_option_is_checked() -> None:
    names = {name for name, _ in CASES}
    games = {"basra deck", "cambio deck", "casino deck", "go_fish deck", "three_trios board", "three_trios cards"}
    assert games <= names
    assert {"record", "saved game .json", "casino save .txt", "advisor session", "advisor load command"} <= names


@pytest.mark.parametrize(("loader", "kind"), CASES, ids=[f"{name}: {kind}" for name, kind in CASES])
def test_a_bad_file_is_one_config_error_line_that_keeps_its_secrets(
    outcomes: dict[tuple[str, str], dict[str, Any]], loader: str, kind: str
) -> None:
    outcome = outcomes.get((loader, kind))
    if outcome is None:
        pytest.skip(f"this system cannot make a {kind}")
    message = outcome["message"]
    assert outcome["error"] == "ConfigError", outcome
    assert "\n" not in message and len(message) < 300, message
    assert Path(outcome["path"]).name in message, message
    assert "hunter2" not in message and SECRET[8:] not in message, message
    assert outcome["seconds"] < 2, outcome


def test_the_checker_reports_a_loader_that_waits_instead_of_waiting(tmp_path: Path) -> None:
    script = (
        "import os, pathlib, json\n"
        "from deckhand.testing.files import Loader, run_case\n"
        f"fifo = pathlib.Path({str(tmp_path / 'fifo')!r}); os.mkfifo(fifo)\n"
        "naive = Loader('naive', '', 10, lambda p: p.read_text())\n"
        "print(json.dumps(run_case(naive, fifo, 0.5)))\n"
    )
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout)["error"] == "_Hung"
