"""docs/environments.md is true: its code runs and shows what it prints, and its size table is the encodings'."""

from __future__ import annotations

import doctest
import importlib.util
import re
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import deckhand
from deckhand.core.registry import game_class

DOC = Path(__file__).resolve().parents[2] / "docs" / "environments.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def test_the_code_runs_and_shows_what_it_prints() -> None:
    text = DOC.read_text(encoding="utf-8")
    namespace: dict[str, object] = {"__name__": "environments_doc"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: list[str] = []
    has_spiel = importlib.util.find_spec("pyspiel") is not None
    for match in FENCE.finditer(text):
        kind, body = match.group(1), match.group(2)
        line = text.count("\n", 0, match.start()) + 2
        if kind not in ("python", "pycon") or ("pyspiel" in body and not has_spiel):
            continue
        if kind == "python":
            exec(compile(body, f"environments.md, block at line {line}", "exec"), namespace)
            continue
        test = parser.get_doctest(body, namespace, f"environments.md:{line}", str(DOC), line - 1)
        runner.run(test, out=report.append, clear_globs=False)
    assert runner.failures == 0, "".join(report)


def test_the_size_table_is_what_the_encodings_say() -> None:
    rows = re.findall(
        r"^\| (\w+) \| ([\w-]+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| \((\d+),\) \| (\d+) \|$", DOC.read_text(), re.M
    )
    assert len(rows) == sum(len(game_class(g).PRESETS) for g in deckhand.games())
    for name, preset, seats, tokens, longest, chance, shape, with_prefix in rows:
        game = deckhand.load_game(name, preset=preset)
        e = game.encoding()
        assert (game.num_players, e.num_tokens, e.max_tokens, e.max_chance_outcomes) == (
            int(seats),
            int(tokens),
            int(longest),
            int(chance),
        ), name
        assert (e.observation_shape, e.observe_size) == ((int(shape),), int(with_prefix)), name
