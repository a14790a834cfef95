"""The README's examples are true: its code runs, and every output it shows is what its command prints.

* ``python`` blocks run, in order, in one namespace (in a scratch folder that
  holds the files they name); a block that uses an optional extra (the
  learning environments) runs where the extra is installed;
* ``pycon`` blocks are doctests in that same namespace: each output shown is
  compared with what the line prints;
* ``console`` and ``text`` transcripts that start with ``$ deckhand ...`` are
  run, and their output compared line by line (``...`` stands for anything;
  the seconds an advice took are not compared).
"""

from __future__ import annotations

import doctest
import importlib.util
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckhand.cli import app

README = Path(__file__).resolve().parents[1] / "README.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def blocks(*kinds: str) -> list[tuple[str, int, str]]:
    """(kind, line number, text) of each fenced block of these kinds, in order."""
    text = README.read_text(encoding="utf-8")
    return [
        (m.group(1), text.count("\n", 0, m.start()) + 2, m.group(2))
        for m in FENCE.finditer(text)
        if m.group(1) in kinds
    ]


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the files the examples name, and a private data directory."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DECKHAND_DB", f"sqlite:///{tmp_path / 'deckhand.db'}")
    (tmp_path / "my_board.txt").write_text("3 3\nCCC\nCCC\nCCC\n")
    (tmp_path / "my_cards.txt").write_text("\n".join(f"Card{i} {i % 9 + 1} 5 A {9 - i % 9}" for i in range(10)) + "\n")
    (tmp_path / "deck.txt").write_text("Deck: SA H9 DX CK\n")
    return tmp_path


EXTRAS = {"deckhand.envs.pettingzoo": ("numpy", "gymnasium", "pettingzoo"), "pyspiel": ("numpy", "pyspiel")}
"""What a block that names the key needs installed (the ``rl`` extra)."""


def missing_extra(text: str) -> bool:
    """Whether the block uses a module of an optional extra that is not installed here."""
    needed = [module for key, modules in EXTRAS.items() if key in text for module in modules]
    return any(importlib.util.find_spec(module) is None for module in needed)


def test_the_code_runs_and_shows_what_it_prints(scratch: Path) -> None:
    namespace: dict[str, object] = {"__name__": "readme"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    for kind, line, text in blocks("python", "pycon"):
        if kind == "python":
            if missing_extra(text):
                continue
            exec(compile(text, f"README.md, block at line {line}", "exec"), namespace)
            continue
        test = parser.get_doctest(text, namespace, f"README.md:{line}", str(README), line - 1)
        runner.run(test, out=report.append, clear_globs=False)
        namespace.update(test.globs)  # a doctest runs in a copy of the namespace
    assert runner.failures == 0, "".join(report)
    assert runner.tries > 20


def transcripts() -> list[tuple[int, str]]:
    return [(line, text) for _, line, text in blocks("console", "text") if text.startswith("$ deckhand ")]


SECONDS = re.compile(r", [0-9.]+ s\)")
"""An advice's seconds, which vary with the machine."""


def _same(shown: str, printed: str) -> bool:
    shown, printed = SECONDS.sub(", … s)", shown), SECONDS.sub(", … s)", printed)
    pattern = ".*".join(re.escape(part) for part in shown.split("..."))
    return re.fullmatch(pattern, printed) is not None


@pytest.mark.parametrize(("line", "text"), transcripts(), ids=lambda v: str(v).split("\n")[0][:40])
def test_each_transcript_is_what_its_command_prints(scratch: Path, line: int, text: str) -> None:
    command, *rest = text.rstrip("\n").split("\n")
    session = any(entry.startswith("  ") for entry in rest)  # typed lines flush left, answers indented
    typed = [entry.split("#", 1)[0].rstrip() for entry in rest if session and not entry.startswith("  ")]
    shown = [entry for entry in rest if entry.startswith("  ")] if session else rest
    result = CliRunner().invoke(app, shlex.split(command)[2:], input="".join(f"{t}\n" for t in typed))
    assert result.exit_code == 0, result.output
    printed = result.output.rstrip("\n").split("\n")
    assert len(printed) == len(shown), f"README line {line}:\n{result.output}"
    for want, got in zip(shown, printed, strict=True):
        assert _same(want, got), f"README line {line}: shows\n{want}\nbut the command prints\n{got}"
