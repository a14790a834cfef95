"""The examples of the README, CONTRIBUTING.md and the manual are true: their code runs, and what they show is printed.

* ``python`` blocks run, in order, in one namespace per page (in a scratch
  folder that holds the files they name);
* ``pycon`` blocks are doctests in that same namespace: each output shown is
  compared with what the line prints;
* ``console`` and ``text`` transcripts that start with ``$ deckhand ...`` are
  run, and their output compared line by line (``...`` stands for anything;
  the seconds an advice took are not compared).

A code block that uses an optional extra (the learning environments) runs
where the extra is installed; where it is not, it is skipped with the rest of
its page, since later blocks may use its names. A block with the HTML comment
``<!-- slow -->`` on the line before it runs in the slow tier only: a
transcript alone, a code block with the rest of its page (the default tier
runs the page up to it).
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from deckhand.cli import app

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
SLOW = "<!-- slow -->"


@dataclass(frozen=True)
class Block:
    """One fenced block of a page."""

    page: Path
    kind: str
    line: int
    text: str
    slow: bool

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path, *kinds: str) -> list[Block]:
    """The fenced blocks of these kinds on ``page``, in order; ``slow`` when the line before says so."""
    text = page.read_text(encoding="utf-8")
    found = []
    for m in FENCE.finditer(text):
        before = text[: m.start()].rstrip("\n").rpartition("\n")[2].strip()
        if m.group(1) in kinds:
            found.append(Block(page, m.group(1), text.count("\n", 0, m.start()) + 2, m.group(2), before == SLOW))
    return found


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the files the examples name, and a private data directory."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DECKHAND_DB", f"sqlite:///{tmp_path / 'deckhand.db'}")
    # The transcripts run `deckhand ...`: the lines that print the command to go on ("resume with:") name
    # it as the installed script on PATH does, not as the test runner's interpreter.
    script = Path(sys.executable).parent / "deckhand"
    if script.exists():
        monkeypatch.setattr(sys, "argv", [str(script)])
        monkeypatch.setenv("PATH", f"{script.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    (tmp_path / "my_board.txt").write_text("3 3\nCCC\nCCC\nCCC\n")
    (tmp_path / "my_cards.txt").write_text("\n".join(f"Card{i} {i % 9 + 1} 5 A {9 - i % 9}" for i in range(10)) + "\n")
    (tmp_path / "deck.txt").write_text("Deck: SA H9 DX CK\n")
    (tmp_path / "deal.txt").write_text("SA\nH9\nDX\nCK\n")
    return tmp_path


EXTRAS = {
    "deckhand.envs.pettingzoo": ("numpy", "gymnasium", "pettingzoo"),
    "deckhand.envs.openspiel": ("numpy", "pyspiel"),
    "pyspiel": ("numpy", "pyspiel"),
    "open_spiel": ("numpy", "pyspiel"),
    "numpy": ("numpy",),
}
"""What a block that names the key needs installed (the ``rl`` extra)."""


def installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a module blocked in sys.modules has no spec
        return False


def missing_extra(text: str) -> list[str]:
    """The modules of an optional extra that the block uses and that are not installed here."""
    needed = {module for key, modules in EXTRAS.items() if key in text for module in modules}
    return sorted(module for module in needed if not installed(module))


def code_pages() -> list[Any]:
    """Each page with code (id: its path), and again as a whole under ``slow`` when a code block is slow."""
    params = []
    for page in PAGES:
        code = blocks(page, "python", "pycon")
        name = str(page.relative_to(ROOT))
        if code:
            params.append(pytest.param(page, False, id=name))
        if any(block.slow for block in code):
            params.append(pytest.param(page, True, id=f"{name}, whole", marks=pytest.mark.slow))
    return params


@pytest.mark.parametrize(("doc", "whole"), code_pages())
def test_the_code_runs_and_shows_what_it_prints(scratch: Path, doc: Path, whole: bool) -> None:
    namespace: dict[str, object] = {"__name__": "docs_example"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    ran = 0
    for block in blocks(doc, "python", "pycon"):
        if block.slow and not whole:
            break
        if missing := missing_extra(block.text):
            if not ran:
                pytest.skip(f"{block.where} needs {', '.join(missing)} (the rl extra)")
            break
        ran += 1
        if block.kind == "python":
            exec(compile(block.text, block.where, "exec"), namespace)
            continue
        test = parser.get_doctest(block.text, namespace, block.where, str(doc), block.line - 1)
        runner.run(test, out=report.append, clear_globs=False)
        namespace.update(test.globs)  # a doctest runs in a copy of the namespace
    assert runner.failures == 0, "".join(report)


def transcripts() -> list[Any]:
    """Each ``$ deckhand`` transcript of every page (a slow one under ``slow``)."""
    return [
        pytest.param(block, id=block.where, marks=[pytest.mark.slow] if block.slow else [])
        for page in PAGES
        for block in blocks(page, "console", "text")
        if block.text.startswith("$ deckhand ")
    ]


SECONDS = re.compile(r", [0-9.]+ s\)")
"""An advice's seconds, which vary with the machine."""


def _same(shown: str, printed: str) -> bool:
    shown, printed = SECONDS.sub(", … s)", shown), SECONDS.sub(", … s)", printed)
    pattern = ".*".join(re.escape(part) for part in shown.split("..."))
    return re.fullmatch(pattern, printed) is not None


@pytest.mark.parametrize("block", transcripts())
def test_each_transcript_is_what_its_command_prints(scratch: Path, block: Block) -> None:
    command, *rest = block.text.rstrip("\n").split("\n")
    session = any(entry.startswith("  ") for entry in rest)  # typed lines flush left, answers indented
    typed = [entry.split("#", 1)[0].rstrip() for entry in rest if session and not entry.startswith("  ")]
    shown = [entry for entry in rest if entry.startswith("  ")] if session else rest
    result = CliRunner().invoke(app, shlex.split(command)[2:], input="".join(f"{t}\n" for t in typed))
    assert result.exit_code == 0, result.output
    printed = result.output.rstrip("\n").split("\n")
    assert len(printed) == len(shown), f"{block.where}:\n{result.output}"
    for want, got in zip(shown, printed, strict=True):
        assert _same(want, got), f"{block.where}: shows\n{want}\nbut the command prints\n{got}"
