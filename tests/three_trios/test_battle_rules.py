"""Every battle rule of Three Trios, case by case (docs/games/three_trios.md): one placed card and its neighbours.

Each row places a red card on the centre of a 3×3 board whose neighbours
(north, east, south, west, and the north-west corner for combos) hold the
given cards, then reads who owns each neighbour. Values are ``N S E W``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import deckhand
from deckhand.games.three_trios.game import ThreeTriosGame
from deckhand.games.three_trios.state import place

CELLS = {"nw": 0, "n": 1, "w": 3, "e": 5, "s": 7}
CENTRE = 4


def battle(tmp_path: Path, rules: list[str], placed: str, around: dict[str, tuple[str, str]]) -> dict[str, str]:
    """Owners ('R'/'B') of the neighbours after red places ``placed`` in the centre."""
    names = list(around)
    lines = [f"P {placed}"] + [f"{name} {values}" for name, (values, _) in around.items()]
    lines += [f"Spare{i} 1 1 1 1" for i in range(10 - len(lines))]
    (tmp_path / "board.txt").write_text("3 3\nCCC\nCCC\nCCC\n")
    (tmp_path / "cards.txt").write_text("\n".join(lines) + "\n")
    game = deckhand.load_game(
        "three_trios", board=str(tmp_path / "board.txt"), cards=str(tmp_path / "cards.txt"), rules=rules
    )
    assert isinstance(game, ThreeTriosGame)
    board, owner = [-1] * 9, [-1] * 9
    for i, name in enumerate(names, start=1):
        board[CELLS[name]] = i
        owner[CELLS[name]] = 0 if around[name][1] == "R" else 1
    place(game, board, owner, CENTRE, 0, 0)
    return {name: "RB"[owner[CELLS[name]]] for name in names}


CASES = [
    # rules, placed, neighbours {cell: (N S E W, owner)}, owners after
    ("greater beats a lower side", ["greater"], "6 1 1 1", {"n": ("1 5 1 1", "B")}, "R"),
    ("greater: equal never flips", ["greater"], "5 1 1 1", {"n": ("1 5 1 1", "B")}, "B"),
    ("greater: own cards stay", ["greater"], "9 1 1 1", {"n": ("1 5 1 1", "R")}, "R"),
    ("reverse: the lower side wins", ["reverse"], "2 1 1 1", {"n": ("1 5 1 1", "B")}, "R"),
    ("reverse: a higher side loses", ["reverse"], "6 1 1 1", {"n": ("1 5 1 1", "B")}, "B"),
    ("fallen ace: 1 beats A under greater", ["greater", "fallen-ace"], "1 1 1 1", {"n": ("1 A 1 1", "B")}, "R"),
    ("no fallen ace: 1 loses to A", ["greater"], "1 1 1 1", {"n": ("1 A 1 1", "B")}, "B"),
    ("fallen ace: A beats 1 under reverse", ["reverse", "fallen-ace"], "A 1 1 1", {"n": ("1 1 1 1", "B")}, "R"),
    ("reverse alone: A does not beat 1", ["reverse"], "A 1 1 1", {"n": ("1 1 1 1", "B")}, "B"),
]


@pytest.mark.parametrize(("rules", "placed", "around", "after"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_comparison(
    tmp_path: Path, rules: list[str], placed: str, around: dict[str, tuple[str, str]], after: str
) -> None:
    assert "".join(battle(tmp_path, rules, placed, around).values()) == after


SPECIAL = [
    (
        "same: two equal sides flip both",
        ["same"],
        "5 5 5 5",
        {"n": ("1 5 1 1", "B"), "e": ("1 1 1 5", "B")},
        {"n": "R", "e": "R"},
    ),
    (
        "same: one equal side is not enough",
        ["same"],
        "5 5 5 5",
        {"n": ("1 5 1 1", "B"), "e": ("1 1 1 6", "B")},
        {"n": "B", "e": "B"},
    ),
    (
        "same: an own card counts as a match but stays",
        ["same"],
        "5 5 5 5",
        {"n": ("1 5 1 1", "R"), "e": ("1 1 1 5", "B")},
        {"n": "R", "e": "R"},
    ),
    (
        "same: a flipped card combos with the comparison",
        ["same"],
        "5 5 5 5",
        {"n": ("1 5 1 9", "B"), "e": ("1 1 1 5", "B"), "nw": ("1 1 2 1", "B")},
        {"n": "R", "e": "R", "nw": "R"},
    ),
    (
        "plus: equal sums flip both",
        ["plus"],
        "3 1 2 1",
        {"n": ("1 4 1 1", "B"), "e": ("1 1 1 5", "B")},
        {"n": "R", "e": "R"},
    ),
    (
        "plus: different sums flip nothing",
        ["plus"],
        "3 1 2 1",
        {"n": ("1 4 1 1", "B"), "e": ("1 1 1 6", "B")},
        {"n": "B", "e": "B"},
    ),
    (
        "plus: only the pair with equal sums",
        ["plus"],
        "3 3 2 1",
        {"n": ("1 4 1 1", "B"), "e": ("1 1 1 5", "B"), "s": ("9 1 1 1", "B")},
        {"n": "R", "e": "R", "s": "B"},
    ),
    (
        "without same, equal sides do nothing",
        ["greater"],
        "5 5 5 5",
        {"n": ("1 5 1 1", "B"), "e": ("1 1 1 5", "B")},
        {"n": "B", "e": "B"},
    ),
    (
        "combo: a card flipped by comparison flips its neighbours",
        ["greater"],
        "6 1 1 1",
        {"n": ("1 5 1 9", "B"), "nw": ("1 1 2 1", "B")},
        {"n": "R", "nw": "R"},
    ),
]


@pytest.mark.parametrize(("rules", "placed", "around", "after"), [c[1:] for c in SPECIAL], ids=[c[0] for c in SPECIAL])
def test_same_plus_and_combos(
    tmp_path: Path, rules: list[str], placed: str, around: dict[str, tuple[str, str]], after: dict[str, str]
) -> None:
    assert battle(tmp_path, rules, placed, around) == after
