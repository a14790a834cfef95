"""A standard terminal (80×24) holds each turn's whole screen: board, last moves, menu, moves list.

Whole games are played, with a person typing move numbers at random, so that
long hands (Cambio's penalties), full boards and round ends are all seen.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

import deckhand
from deckhand.terminal.reader import ScriptReader
from deckhand.terminal.session import Session

WIDTH, HEIGHT = 80, 24
PROMPT = re.compile(r"\nYou(?: \(Enter to pass\))? > ")
"""The question for the person's move (a stick window adds that Enter passes)."""

CASES = [
    ("three_trios", {"preset": "holes"}, 0),
    ("three_trios", {}, 0),
    ("cambio", {"preset": "house", "players": 3}, 1),
    ("cambio", {"preset": "house", "players": 4}, 1),
    ("cambio", {"preset": "house", "players": 6}, 1),
    ("cambio", {"preset": "classic"}, 8),
    ("cambio", {"preset": "classic", "players": 6}, 7),
    ("basra", {}, 5),
    ("casino", {}, 7),
    ("go_fish", {}, 3),
    ("go_fish", {"players": 6}, 4),
]


def rows(screen: str) -> int:
    """Rows on an 80-column terminal: a long line wraps."""
    return sum(max(1, -(-cell_len(line) // WIDTH)) for line in screen.splitlines())


def _play(name: str, options: dict[str, object], seed: int) -> str:
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=HEIGHT, color_system=None)
    game = deckhand.load_game(name, **options)
    pick = random.Random(seed)
    lines = (["heads"] if name == "casino" else []) + [str(pick.choice([1, 2, 2, 3, 4])) for _ in range(600)]
    Session(
        game,
        ["human"] + ["easy"] * (game.num_players - 1),
        console=console,
        reader=ScriptReader(lines, console),
        seed=seed,
    ).run()
    return out.getvalue()


@pytest.mark.parametrize(("name", "options", "seed"), CASES, ids=str)
def test_every_turn_fits_an_80_by_24_terminal(name: str, options: dict[str, object], seed: int) -> None:
    out = _play(name, options, seed)
    assert "Game over" in out, out[-2000:]
    turns = [PROMPT.split(part)[0] for part in out.split("\n──")[1:] if "to play ─" in part.splitlines()[0]]
    assert len(turns) > 3
    for screen in turns:
        assert rows("──" + screen + "\nYou > ") <= HEIGHT, screen


def test_a_move_list_breaks_between_moves_never_inside_one() -> None:
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=HEIGHT, color_system=None)
    game = deckhand.load_game("three_trios", preset="holes")
    Session(game, ["human", "easy"], console=console, reader=ScriptReader(["moves", "quit"], console)).run()
    listed = out.getvalue().split("You > moves\n")[1].split("\nYou > ")[0].splitlines()
    assert len(listed) > 5 and listed[0].startswith("Moves: ")
    numbers = []
    for line in listed:
        assert cell_len(line) <= WIDTH
        for item in line.removeprefix("Moves:").strip().split("   "):
            assert re.fullmatch(r"\d+ \S.*", item), (item, line)
            numbers.append(int(item.split()[0]))
    assert numbers == list(range(1, len(numbers) + 1))


def test_lines_left_out_under_the_board_are_printed_above_it() -> None:
    out = _play("cambio", {"preset": "classic", "players": 6}, 7)
    assert "earlier lines are above the board)" in out or "earlier line is above the board)" in out


@pytest.mark.parametrize("name", deckhand.games())
def test_help_fits_80_columns(name: str) -> None:
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=HEIGHT, color_system=None)
    game = deckhand.load_game(name)
    reader = ScriptReader(["heads", "help", "quit"] if name == "casino" else ["help", "quit"], console)
    Session(game, ["human"] + ["easy"] * (game.num_players - 1), console=console, reader=reader).run()
    shown = out.getvalue().split("You > help\n")[1].split("You > ")[0]
    assert "Commands:" in shown
    assert all(cell_len(line) <= WIDTH for line in shown.splitlines()), shown
