"""Whatever a command meets, the advisor says so on one line, keeps the table as it was, and goes on."""

from __future__ import annotations

import io
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from deckhand.advise.advisor import Advisor
from deckhand.advise.commands import _LONG, _META, _SHORT
from deckhand.advise.sessions import load_tracker
from deckhand.advise.tracker import Tracker
from deckhand.core.errors import ConfigError


def session() -> tuple[Advisor, io.StringIO]:
    out = io.StringIO()
    return Advisor(Tracker(players=3, known=["3", "rk"]), out, playouts=10, seed=1, engine="flat"), out


def answer(advisor: Advisor, out: io.StringIO, line: str) -> list[str]:
    """The lines ``line`` printed; the session must go on after it."""
    start = len(out.getvalue())
    assert advisor.handle(line) is True, line
    return out.getvalue()[start:].splitlines()


def one_error(lines: list[str]) -> str:
    assert len(lines) == 1 and lines[0].startswith("! "), lines
    return lines[0]


def within(seconds: float, work: Callable[[], None], fifo: Path | None = None) -> None:
    """Run ``work``; fail (instead of waiting for ever) when it takes longer than ``seconds``."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as exc:
            errors.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        if fifo is not None:  # release a reader that waits for a writer
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail(f"no answer within {seconds} s")
    if errors:
        raise errors[0]


def saved_session(tmp_path: Path) -> dict[str, Any]:
    advisor, out = session()
    for line in ("+ 5", "x0 8", "+", "- q", f"save {tmp_path / 'good.json'}"):
        answer(advisor, out, line)
    data: dict[str, Any] = json.loads((tmp_path / "good.json").read_text())
    return data


def test_save_with_a_nul_byte_in_the_name_is_one_line_and_the_table_stays(tmp_path: Path) -> None:
    advisor, out = session()
    answer(advisor, out, "+ 5")
    tracker, history = advisor.tracker, advisor.tracker.history()
    error = one_error(answer(advisor, out, f"save {tmp_path}/a\x00b.json"))
    assert "NUL" in error
    assert advisor.tracker is tracker and tracker.history() == history
    assert "you to move" in answer(advisor, out, "show")[-1]


def test_load_of_a_session_whose_players_is_infinity(tmp_path: Path) -> None:
    path = tmp_path / "infinite.json"
    path.write_text(json.dumps(saved_session(tmp_path)).replace('"players": 3', '"players": Infinity'))
    with pytest.raises(ConfigError, match="Infinity is not a number"):
        load_tracker(path)
    advisor, out = session()
    tracker = advisor.tracker
    assert "infinite.json" in one_error(answer(advisor, out, f"load {path}"))
    assert advisor.tracker is tracker
    answer(advisor, out, "+ 5")
    assert [text for text, _ in advisor.tracker.history()] == ["+ 5"]


BAD_FIELDS: list[tuple[str, Any]] = [
    ("players", "3"),
    ("players", 2.5),
    ("players", True),
    ("players", None),
    ("players", 10**30),
    ("players", -1),
    ("first", -1),
    ("first", 7),
    ("first", "0"),
    ("known", "3 rk"),
    ("known", [3]),
    ("known", ["zz", "rk"]),
    ("known", ["hunter2-very-secret"]),
    ("preset", "hunter2-very-secret"),
    ("preset", ["house"]),
    ("options", []),
    ("options", {"players": 3}),
    ("options", {"deck": "/dev/zero"}),
    ("options", {"jokers": "maybe"}),
    ("commands", "+ 5"),
    ("commands", [1]),
    ("commands", ["zz"]),
    ("commands", ["save x.json"]),
    ("rules_version", []),
    ("rules_version", "0"),
]


@pytest.mark.parametrize(("field", "value"), BAD_FIELDS, ids=[f"{f}={v!r:.20}" for f, v in BAD_FIELDS])
def test_a_session_field_of_the_wrong_type_or_value_is_one_line_naming_the_file(
    tmp_path: Path, field: str, value: Any
) -> None:
    data = saved_session(tmp_path)
    data[field] = value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ConfigError) as info:
        load_tracker(path)
    message = str(info.value)
    assert message.startswith(str(path)) and "\n" not in message and len(message) < 300, message
    assert "hunter2" not in message


def test_a_session_missing_a_field_names_it(tmp_path: Path) -> None:
    data = saved_session(tmp_path)
    for field in ("players", "first", "known", "preset", "commands"):
        path = tmp_path / f"no-{field}.json"
        path.write_text(json.dumps({k: v for k, v in data.items() if k != field}))
        with pytest.raises(ConfigError, match=f"field '{field}' is missing"):
            load_tracker(path)


COMMANDS = sorted({*_META, *_LONG, *_SHORT} - {"quit", "exit"})


def odd_arguments(tmp_path: Path) -> list[str]:
    folder = tmp_path / "folder"
    folder.mkdir()
    odd = ["", "\x00", "a\x00b", "9" * 5000, "99999999999", "-1", "Infinity", "-Infinity", "nan", "1e308", "²", "٣"]
    odd += ["1.\x00", "1.99999999999", "0.-1", "/dev/zero", str(folder)]
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        odd.append(str(tmp_path / "fifo"))
    return odd


def test_every_command_with_odd_arguments_answers_in_one_line_and_the_session_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # 'save -1' writes a file named -1: here
    advisor, out = session()
    answer(advisor, out, "+ 5")

    def feed_all() -> None:
        for command in COMMANDS:
            for arg in odd_arguments_list:
                if command == "save" and arg.endswith("fifo"):
                    continue  # writing to a FIFO waits for a reader: saving is not what this checks
                for line in (f"{command} {arg}", f"{command}{arg}", f"{command} {arg} {arg}"):
                    before = len(advisor.tracker.history())
                    lines = answer(advisor, out, line)
                    errors = [text for text in lines if text.startswith("! ")]
                    if errors:
                        one_error(lines)
                        assert len(advisor.tracker.history()) == before, line
                    if advisor.tracker.state.is_terminal():
                        answer(advisor, out, "undo")

    odd_arguments_list = odd_arguments(tmp_path)
    within(120, feed_all, tmp_path / "fifo")
    assert "to move" in answer(advisor, out, "show")[-1]
