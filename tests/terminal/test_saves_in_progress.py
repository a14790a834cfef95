"""A game in progress is on disk after every move, holds no seed, and replays as its player saw it."""

from __future__ import annotations

import io
import json
import random

from rich.console import Console
from typer.testing import CliRunner

import deckhand
from deckhand.cli import app
from deckhand.play.records import GameRecord
from deckhand.play.saves import list_saves
from deckhand.terminal.reader import Reader
from deckhand.terminal.session import Session
from deckhand.testing.secrets import cards_named, hidden_cards


class Checking(Reader):
    """Before each move, checks that the save on disk already holds every move made so far."""

    def __init__(self, moves: int) -> None:
        self.moves = moves
        self.session: Session | None = None
        self.checked = 0
        self.asked = False

    def read(self, prompt: str) -> str:
        assert self.session is not None
        state = self.session.state
        if self.asked:  # a move has been made since the first question
            (saved,) = list_saves()
            assert len(GameRecord.load(saved.path).actions) == len(state.history()), "every action is saved"
            self.checked += 1
        self.asked = True
        if self.moves == 0:
            raise KeyboardInterrupt  # as if the terminal were closed: nothing more is written
        self.moves -= 1
        return state.action_to_string(state.view(0).legal_actions()[0])


def test_the_game_is_saved_after_every_move_without_its_seed() -> None:
    game = deckhand.load_game("basra")
    reader = Checking(moves=6)
    session = Session(game, ["human", "easy"], console=Console(file=io.StringIO()), reader=reader, seed=4)
    reader.session = session
    session.run()
    assert reader.checked >= 5
    (saved,) = list_saves()
    record = GameRecord.load(saved.path)
    assert "seed" not in record.meta  # the seed would give away the rest of the deck
    assert not saved.path.with_name(saved.path.name + ".tmp").exists()


def test_a_finished_game_is_recorded_with_its_seed_and_its_autosave_removed() -> None:
    game = deckhand.load_game("three_trios")
    session = Session(game, ["human", "easy"], console=Console(file=io.StringIO()), reader=_FirstMove(), seed=4)
    session.run()
    assert session.state.is_terminal() and list_saves() == []


class _FirstMove(Reader):
    def read(self, prompt: str) -> str:
        return "1"


def test_replaying_an_unfinished_game_shows_only_what_its_player_saw() -> None:
    runner = CliRunner()
    for name, moves in (("basra", "1\n" * 6), ("casino", "1\n" * 6), ("cambio", "draw\nswap 0\ndraw\nswap 1\n")):
        result = runner.invoke(app, ["play", name, "--vs", "easy", "--seed", "3"], input=moves + "quit\n")
        assert result.exit_code == 0, result.output
        assert len(list_saves()) == 1, result.output[-800:]
        (saved,) = list_saves()
        record = GameRecord.load(saved.path)
        state = deckhand.play.replay(record)
        told = runner.invoke(app, ["replay", str(saved.path)]).output
        assert "   1. You " in told and "(game not finished)" in told  # in words, as the table told it
        out = runner.invoke(app, ["replay", "--notation", str(saved.path)]).output
        assert "as You saw it" in out and "(a card)" in out
        hidden = hidden_cards(state, 0, random.Random(0))
        seen = set().union(*(cards_named(json.dumps(state.view(0).to_json()), hidden) for _ in [0]))
        assert not cards_named(out, hidden - seen), out
        assert not cards_named(told, hidden - seen), told
        saved.path.unlink()
