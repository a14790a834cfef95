"""Leaving the advisor in any way keeps the tracked table, says where, and ``--load`` resumes it."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from deckhand.advise.advisor import Advisor
from deckhand.advise.sessions import autosaves_dir, load_tracker, write_session
from deckhand.advise.tracker import Tracker
from deckhand.cli_advise import register
from deckhand.command import deckhand_command
from deckhand.core.errors import ConfigError

SCRIPT = ["+ 5", "x0 8", "+", "- q", "n"]
"""You swap a 5 in for an 8; seat 1 discards a queen and skips its power: a stick window is open."""

RESUMED = re.compile(r"saved (\d+) commands? to (.+)\n  resume with: (.+ advise cambio --load .+)$")


def lines_then(ending: str, lines: list[str]) -> Iterator[str]:
    """The lines typed, then the way the person leaves: ``quit``, the end of input or Ctrl-C at the prompt."""
    yield from (line + "\n" for line in lines)
    if ending == "quit":
        yield "quit\n"
        yield "+ 9\n"  # never read
    elif ending == "interrupt":
        raise KeyboardInterrupt


def leave(ending: str, lines: list[str], *, prompt: bool = False) -> tuple[Advisor, str]:
    out = io.StringIO()
    advisor = Advisor(Tracker(players=2, known=["3", "rk"]), out, playouts=10, seed=1, engine="flat")
    advisor.run(lines_then(ending, lines), prompt=prompt)
    return advisor, out.getvalue()


def resumed(out: str) -> tuple[int, Path, str]:
    """The count, file and command of the last two lines."""
    found = RESUMED.search("\n".join(out.rstrip("\n").splitlines()[-2:]))
    assert found is not None, out
    return int(found.group(1)), Path(found.group(2)), found.group(3)


def after_deckhand(command: str) -> list[str]:
    """The words of a printed command after what starts deckhand (``deckhand``, its path, ``python -m deckhand``)."""
    words = shlex.split(command)
    return words[words.index("advise") :]


def app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """The test's own app."""

    register(app)
    return app


@pytest.mark.parametrize("ending", ["quit", "end of input", "interrupt"])
@pytest.mark.parametrize("prompt", [False, True])
def test_leaving_saves_the_table_and_says_how_to_resume_it(ending: str, prompt: bool) -> None:
    advisor, out = leave(ending, SCRIPT, prompt=prompt)
    count, path, command = resumed(out)
    assert count == len(SCRIPT)
    assert path.parent == autosaves_dir()
    assert command == f"{deckhand_command()} advise cambio --load {shlex.quote(str(path))}"
    if ending != "quit":
        assert out.splitlines()[-2].startswith(f"  {'interrupted' if ending == 'interrupt' else 'end of input'}: ")
    assert load_tracker(path).view() == advisor.tracker.view()
    assert [text for text, _ in load_tracker(path).history()] == SCRIPT


@pytest.mark.parametrize("ending", ["quit", "end of input", "interrupt"])
def test_the_printed_command_resumes_the_same_table_and_keeps_it_in_the_same_file(ending: str) -> None:
    advisor, out = leave(ending, SCRIPT)
    _, path, command = resumed(out)
    result = CliRunner().invoke(
        app(), [*after_deckhand(command), "--playouts", "10", "--engine", "flat"], input="show\n+ 9\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"  loaded {len(SCRIPT)} commands from {path}\n  -- stick window: you may stick")
    assert "pass; pass; draw; 9  -- you to move" in result.output
    assert resumed(result.output)[:2] == (len(SCRIPT) + 1, path)
    assert os.listdir(autosaves_dir()) == [path.name]
    assert [text for text, _ in load_tracker(path).history()] == [*SCRIPT, "+ 9"]
    assert load_tracker(path).view() != advisor.tracker.view()


def test_the_table_is_on_disk_after_every_command_before_anyone_leaves() -> None:
    out = io.StringIO()
    advisor = Advisor(Tracker(players=2, known=["3", "rk"]), out, playouts=10, seed=1, engine="flat")
    for number, line in enumerate(SCRIPT, start=1):
        advisor.handle(line)
        assert advisor.save_path is not None
        assert len(json.loads(advisor.save_path.read_text())["commands"]) == number
    advisor.handle("undo")
    assert advisor.save_path is not None
    assert json.loads(advisor.save_path.read_text())["commands"] == SCRIPT[:-1]


def test_nothing_is_saved_before_the_first_command() -> None:
    _, out = leave("quit", ["show", "history"])
    assert "saved" not in out
    assert os.listdir(autosaves_dir()) == []


def test_a_finished_game_is_not_kept_in_the_saves_folder() -> None:
    _, out = leave("quit", ["c", "+", "- 4", "+"])
    assert "game over" in out.splitlines()[-1]
    assert os.listdir(autosaves_dir()) == []


def test_a_session_loaded_from_a_file_is_kept_in_that_file(tmp_path: Path) -> None:
    mine = tmp_path / "table.json"
    _, out = leave("quit", [*SCRIPT, f"save {mine}"])
    assert f"saved {len(SCRIPT)} commands to {mine}" in out
    _, out = leave("end of input", [f"load {mine}", "+ 9"])
    assert resumed(out)[:2] == (len(SCRIPT) + 1, mine)
    assert json.loads(mine.read_text())["commands"] == [*SCRIPT, "+ 9"]


def test_a_table_that_cannot_be_saved_says_so_once_and_the_session_goes_on(tmp_path: Path) -> None:
    blocked = autosaves_dir()
    blocked.rmdir()
    blocked.write_text("a file where the folder should be\n")
    advisor, out = leave("quit", SCRIPT)
    errors = [line for line in out.splitlines() if line.startswith("! ")]
    assert len(errors) == 2, out  # once as it goes, once on leaving
    assert errors[0].startswith("! the table cannot be saved as it goes: ")
    assert [text for text, _ in advisor.tracker.history()] == SCRIPT


def test_saving_into_a_device_or_a_folder_is_refused(tmp_path: Path) -> None:
    tracker = Tracker(players=2, known=["3", "rk"])
    targets = [tmp_path] + ([Path(os.devnull)] if os.path.exists(os.devnull) else [])
    for target in targets:
        with pytest.raises(ConfigError, match="cannot save"):
            write_session(target, tracker)
    assert not any(name.endswith(".tmp") for name in os.listdir(tmp_path))
