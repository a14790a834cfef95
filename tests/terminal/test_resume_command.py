"""The "Resume with: …" line works as printed, also where deckhand's environment is not activated.

The line once said ``deckhand play …`` whatever had started deckhand; with
the environment's scripts off ``PATH`` the shell did not find ``deckhand``.
The tests start deckhand with a ``PATH`` that does not lead to it, as a
module and as its script, and run the line it prints.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from deckhand.command import deckhand_command, play_command

SYSTEM_PATH = "/usr/bin:/bin"
"""A ``PATH`` without the environment deckhand is installed into."""


def environment(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "PATH": SYSTEM_PATH,
        "DECKHAND_HOME": str(home),
        "DECKHAND_DB": f"sqlite:///{home / 'db.sqlite'}",
    }


def run(args: list[str] | str, stdin: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=environment(home),
        shell=isinstance(args, str),
        executable="/bin/sh" if isinstance(args, str) else None,
    )


def launchers() -> list[list[str]]:
    found = [[sys.executable, "-m", "deckhand"]]
    script = Path(sys.executable).parent / "deckhand"
    if script.is_file():
        found.append([str(script)])
    return found


@pytest.mark.parametrize("launcher", launchers(), ids=lambda words: Path(words[-1]).name)
def test_the_printed_resume_line_runs_as_printed(launcher: list[str], tmp_path: Path) -> None:
    home = tmp_path / "a home with spaces"
    first = run([*launcher, "play", "three_trios", "--vs", "easy", "--seed", "3"], "Griffin 0,0\nquit\n", home)
    assert first.returncode == 0, first.stderr
    (line,) = re.findall(r"Resume with: (.*)", first.stdout)
    resumed = run(line, "quit\n", home)
    assert resumed.returncode == 0, f"{line}\n{resumed.stderr}"
    assert "Leaving: game saved to" in resumed.stdout and "Griffin" in resumed.stdout


def test_the_command_is_the_bare_name_only_where_path_finds_that_script(tmp_path: Path) -> None:
    bin_dir = tmp_path / "env bin"
    bin_dir.mkdir()
    script = bin_dir / "deckhand"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    assert deckhand_command(str(script), "/usr/bin/python3", path=str(bin_dir)) == "deckhand"
    assert deckhand_command(str(script), "/usr/bin/python3", path=SYSTEM_PATH) == f"'{script}'"
    module = str(tmp_path / "src" / "deckhand" / "__main__.py")
    assert (
        deckhand_command(module, "/opt/my python/bin/python", path=SYSTEM_PATH)
        == "'/opt/my python/bin/python' -m deckhand"
    )
    assert deckhand_command("/usr/bin/pytest", "/usr/bin/python3", path=SYSTEM_PATH) == "/usr/bin/python3 -m deckhand"


def test_the_game_and_the_file_are_quoted_for_the_shell() -> None:
    assert play_command("cambio", "/tmp/my saves/it's.json").endswith(
        """ play cambio --load '/tmp/my saves/it'"'"'s.json'"""
    )
