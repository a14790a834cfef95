"""A turn as a person lives it: computer moves at a pace, Enter to pass, no save of an unstarted game, wrapping."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

import pytest
from rich.cells import cell_len
from rich.console import Console

import deckhand
from deckhand.core.protocol import State
from deckhand.play.records import GameRecord
from deckhand.play.saves import list_saves
from deckhand.terminal import session as session_module
from deckhand.terminal.reader import Reader, ScriptReader
from deckhand.terminal.session import PACE, Session


def _sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    waited: list[float] = []
    monkeypatch.setattr(session_module.time, "sleep", waited.append)
    return waited


def _cambio(console: Console, reader: Reader, pace: float | None) -> Session:
    game = deckhand.load_game("cambio", players=3)
    return Session(game, ["human", "easy", "easy"], console=console, reader=reader, seed=3, pace=pace)


@pytest.mark.parametrize(
    ("terminal", "person", "pace", "wait"),
    [
        (True, True, None, PACE),  # a person reading a terminal: the default pace
        (True, True, 1.5, 1.5),
        (True, True, 0, None),  # --pace 0: no wait
        (False, True, 2.0, None),  # output to a file: never
        (True, False, 2.0, None),  # a script typing: never
    ],
)
def test_computer_moves_come_one_by_one_at_a_pace_for_a_person_only(
    monkeypatch: pytest.MonkeyPatch, terminal: bool, person: bool, pace: float | None, wait: float | None
) -> None:
    waited = _sleeps(monkeypatch)
    console = Console(file=io.StringIO(), force_terminal=terminal, color_system=None, width=80)
    s = _cambio(console, ScriptReader(["draw", "swap 0", "quit"], console, interactive=person), pace=pace)
    s.run()
    computer_moves = sum(1 for player, _ in _moves(s.state) if player != 0)
    assert computer_moves >= 2
    assert waited == ([] if wait is None else [wait] * computer_moves)


def _moves(state: State) -> list[tuple[int, int]]:
    """Who made each move of ``state`` (chance left out), replayed from the start."""
    replay = state.game.new_initial_state()
    made = []
    for action in state.history():
        if not replay.is_chance_node():
            made.append((replay.current_player(), action))
        replay.apply_action(action)
    return made


def test_watching_computers_is_paced_too(monkeypatch: pytest.MonkeyPatch) -> None:
    waited = _sleeps(monkeypatch)
    console = Console(file=io.StringIO(), force_terminal=True, color_system=None, width=80)
    game = deckhand.load_game("three_trios")
    Session(game, ["easy", "easy"], console=console, reader=ScriptReader([], console, interactive=True), pace=0.5).run()
    assert waited == [0.5] * 9  # one a move, the 3×3 board's nine


def test_the_command_line_takes_a_pace() -> None:
    from typer.testing import CliRunner

    from deckhand.cli import app

    runner = CliRunner()
    done = runner.invoke(app, ["play", "basra", "--seats", "easy,easy", "--seed", "1", "--pace", "0.5"])
    assert done.exit_code == 0 and "Game over" in done.output  # a script's output: no wait
    for wrong in ("-1", "abc", "fast", "11", "1_0", "nan"):
        refused = runner.invoke(app, ["play", "basra", "--pace", wrong])
        said = str(refused.exception)
        assert isinstance(refused.exception, deckhand.DeckhandError), (wrong, refused.output)
        assert said == f"--pace takes seconds from 0 to 10, not '{wrong}'", said  # one line, not Typer's parser


class _Passer(Reader):
    """Answers Enter where the prompt says Enter passes, else plays on (never calling cambio)."""

    def __init__(self, turns: int) -> None:
        self.turns = turns
        self.prompts: list[str] = []
        self.session: Session | None = None

    def read(self, prompt: str) -> str:
        assert self.session is not None
        self.prompts.append(prompt)
        self.turns -= 1
        if self.turns < 0:
            raise EOFError
        if "(Enter to pass)" in prompt:
            return ""
        state = self.session.state
        return next(m for m in map(state.action_to_string, state.legal_actions()) if m != "cambio")


def test_a_stick_window_passes_on_enter() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    game = deckhand.load_game("cambio", preset="house")
    reader = _Passer(30)
    s = Session(game, ["human", "easy"], console=console, reader=reader, seed=4)
    reader.session = s
    s.run()
    windows = [p for p in reader.prompts if p == "You (Enter to pass) > "]
    assert windows, reader.prompts
    mine = [s.state.action_to_string(action) for player, action in _moves(s.state) if player == 0]
    assert mine.count("pass") == len(windows)
    assert all(p in ("You > ", "You (Enter to pass) > ") for p in reader.prompts)
    assert "You do not stick." in out.getvalue()


def test_enter_elsewhere_plays_nothing(session: Callable[..., tuple[Session, io.StringIO]]) -> None:
    s, out = session("cambio", "human,easy", ["", "", "draw", "quit"], preset="house")
    s.run()
    assert out.getvalue().count("You > ") == 4  # Enter asked again; no "Enter to pass" at a turn's start
    assert "You draw a card from the deck." in out.getvalue()


@pytest.mark.parametrize("name", deckhand.games())
def test_a_game_nobody_has_moved_in_is_not_saved(name: str) -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    game = deckhand.load_game(name)
    seats = ["human"] + ["easy"] * (game.num_players - 1)
    s = Session(game, seats, console=console, reader=ScriptReader(["quit"], console), seed=1)
    s.run()
    started = bool(_moves(s.state))  # a computer may move before the person's first question
    assert bool(list_saves()) == started
    assert ("nobody has moved yet, so the game is not saved" in out.getvalue()) == (not started)


def test_a_game_is_saved_from_the_first_move() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    s = Session(deckhand.load_game("cambio"), ["human", "easy"], console=console, reader=ScriptReader([], console))
    s.run()
    assert list_saves() == [] and "End of input: nobody has moved yet" in out.getvalue()
    s = Session(
        deckhand.load_game("cambio"), ["human", "easy"], console=console, reader=ScriptReader(["draw"], console)
    )
    s.run()
    [saved] = list_saves()
    assert len(GameRecord.load(saved.path).actions) == len(s.state.history()) and saved.moves == 1  # the draw


@pytest.mark.parametrize("name", ["cambio", "casino", "basra", "go_fish"])
def test_narration_wraps_between_words_never_inside_one(name: str) -> None:
    """The same game told at 1000 columns and at 50: the same words, and no line wider than 50."""
    told = {}
    for width in (1000, 50):
        out = io.StringIO()
        console = Console(file=out, width=width, color_system=None)
        game = deckhand.load_game(name, **({"players": 3} if name == "cambio" else {}))
        seats = ["easy"] * game.num_players
        Session(game, seats, console=console, reader=ScriptReader([], console), seed=2).run()
        told[width] = out.getvalue().split("Game over")[0]
    assert _words(told[1000]) == _words(told[50])  # a word cut in two would be two words
    assert any(cell_len(line) > 50 for line in told[1000].splitlines())  # there was something to wrap
    assert all(cell_len(line) <= 50 for line in told[50].splitlines())


def _words(text: str) -> list[str]:
    """The words printed, rules (``────``, as wide as the screen) left out."""
    return [word for word in text.split() if set(word) - {"─"}]


def test_a_persons_narration_wraps_between_words_too(session: Callable[..., tuple[Session, io.StringIO]]) -> None:
    lines = [str(random.Random(1).randint(1, 2)) for _ in range(30)]
    wide, narrow = io.StringIO(), io.StringIO()
    for out, width in ((wide, 1000), (narrow, 60)):
        console = Console(file=out, width=width, color_system=None)
        game = deckhand.load_game("basra")
        Session(game, ["human", "easy"], console=console, reader=ScriptReader(lines, console), seed=3).run()
    said = [
        line for line in wide.getvalue().splitlines() if line.startswith(("You take", "You lay", "Computer (easy) "))
    ]
    assert said and any(cell_len(line) > 60 for line in said)
    flat = " ".join(narrow.getvalue().split())
    for line in said:
        assert " ".join(line.split()) in flat
