"""The exact search gives the same answers on every build: fixed positions, their solutions written down.

The solutions were found by the pure-Python search; ``benchmarks/compiled.py
--tests`` runs this file against the compiled build too, where ``exact`` is
compiled. Run this file as a script to write the solutions again (only when
the rules change, never to make a failing build pass).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import deckhand
from deckhand.games.three_trios.exact import ExactSearch
from deckhand.games.three_trios.state import ThreeTriosState

GOLDEN = Path(__file__).parent / "exact_solutions.json"  # not under golden/: those are playthroughs
RULES = (["greater"], ["greater", "same"], ["greater", "plus"], ["reverse", "fallen-ace"], ["reverse", "same"])
BOARDS = ("classic", "holes")
SEEDS = 8


def positions() -> list[tuple[str, ThreeTriosState]]:
    """A random deal played at random to 4-8 empty cells, per rule set, board and seed: (name, state)."""
    out = []
    for rules in RULES:
        for board in BOARDS:
            game = deckhand.load_game("three_trios", board=board, rules=rules, shuffle=True)
            for seed in range(SEEDS):
                empty = 4 + seed % (5 if board == "classic" else 4)
                rng = random.Random(f"{'+'.join(rules)} {board} {seed}")
                state = game.new_initial_state()
                assert isinstance(state, ThreeTriosState)
                while state.is_chance_node() or len(state.empty_cells()) > empty:
                    actions = state.legal_actions()
                    state.apply_action(actions[rng.randrange(len(actions))])
                out.append((f"{'+'.join(rules)} {board} {seed}", state))
    return out


def solutions() -> dict[str, list[int]]:
    """Each position's [card id, cell, result] as the exact search gives it."""
    found = {}
    for name, state in positions():
        (card, cell), value = ExactSearch(state, 10**8).solve()
        found[name] = [card, cell, value]
    return found


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def test_solutions_are_the_written_ones(golden: dict[str, Any]) -> None:
    assert solutions() == golden["solutions"]


def test_the_positions_cover_every_result(golden: dict[str, Any]) -> None:
    """Wins, draws and losses all come up, so a search that answers one of them always would fail."""
    assert {value for _, _, value in golden["solutions"].values()} == {-1, 0, 1}


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit(f"usage: python {Path(__file__).name} --write")
    rows = [f"  {json.dumps(name)}: {json.dumps(solution)}" for name, solution in solutions().items()]
    about = json.dumps("[card id, cell, result] per position of test_exact_solutions.py")
    GOLDEN.write_text(f'{{"about": {about},\n"solutions": {{\n' + ",\n".join(rows) + "\n}}\n", encoding="utf-8")
