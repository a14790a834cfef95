"""A game resumed from a file and finished is finished in that file, and counted once.

Left one move short of its end, the file replayed that move whenever it was
loaded again, ``deckhand replay`` said "(game not finished)", and the
statistics counted the game once per load.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import deckhand
from deckhand.cli import app
from deckhand.core.protocol import State
from deckhand.play.records import GameRecord

runner = CliRunner()


def deckhand_says(*args: str, input: str = "") -> str:
    result = runner.invoke(app, list(args), input=input)
    assert result.exit_code == 0, result.output
    return result.output


def one_move_from_the_end(name: str, seed: int = 3) -> State:
    """A seeded random game of ``name``, taken back to just before seat 0's last move."""
    game = deckhand.load_game(name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    movers = []
    while not state.is_terminal():
        movers.append(state.current_player())
        actions = state.legal_actions()
        state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(actions))
    last = max(i for i, seat in enumerate(movers) if seat == 0)
    start = game.new_initial_state()
    for action in state.history()[:last]:
        start.apply_action(action)
    return start


def played(name: str) -> int:
    levels = json.loads(deckhand_says("stats", "--json"))["levels"]
    return sum(level["played"] for level in levels if level["game"] == name)


@pytest.mark.parametrize("name", deckhand.games())
def test_a_resumed_game_finished_is_finished_in_its_file_and_counted_once(name: str, tmp_path: Path) -> None:
    target = tmp_path / f"{name}.json"
    GameRecord.from_state(one_move_from_the_end(name), seats=["human", "easy"]).save(target)
    out = deckhand_says("play", name, "--load", str(target), input="1\n" * 200)
    assert "Game over" in out and f"The finished game is in {target}." in " ".join(out.split())
    assert GameRecord.load(target).outcome is not None
    replayed = deckhand_says("replay", str(target))
    assert "Final scores:" in replayed and "not finished" not in replayed
    assert played(name) == 1

    again = deckhand_says("play", name, "--load", str(target), input="1\n" * 200)
    assert "This game is finished" in again and "You played" not in again
    assert played(name) == 1
