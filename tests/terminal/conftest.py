"""Every UI test gets its own database and data directory, never the user's."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

import deckhand
from deckhand.play.seats import parse_seats
from deckhand.terminal.reader import ScriptReader
from deckhand.terminal.session import Session


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DECKHAND_DB", f"sqlite:///{tmp_path / 'test.db'}")
    return tmp_path


def _session(
    game: str,
    seats: str,
    lines: list[str],
    *,
    seed: int = 5,
    interactive: bool = False,
    **options: object,
) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    g = deckhand.load_game(game, **options)
    reader = ScriptReader(lines, console, interactive=interactive)
    return Session(g, parse_seats(seats, g.num_players), console=console, reader=reader, seed=seed), out


Play = Callable[..., tuple[Session, io.StringIO]]


@pytest.fixture
def session() -> Play:
    """``session(game, seats, lines, seed=, interactive=, **options)``: a scripted session and its output."""
    return _session
