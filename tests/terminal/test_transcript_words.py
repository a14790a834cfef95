"""What a person reads at the terminal, scanned as the games' words are: a session's sentences, not just the
games' word functions.

A seeded game is played from the terminal with ``hint`` and ``why`` before each move; every line that reads
as prose (it ends a sentence and is not the table's drawing, the list of moves or the prompt) goes through
the words scan. The hint's typing aid, ``(move 3: ask 1 Q)``, is what to type, so it is set aside.
"""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import deckhand
from deckhand.terminal.reader import ScriptReader
from deckhand.terminal.session import Session
from deckhand.testing.words import sentence_faults

TYPING_AID = re.compile(r"\s*\(move \d+: [^)]*\)")
NOT_PROSE = re.compile(r"^(Moves:|You >|Your move|Computer\b.*  |You  )|[│─┌└├]|\[[^\]]*\]|\S  +\S")


def prose(transcript: str) -> list[str]:
    """The lines of a session a person reads as sentences."""
    out = []
    for line in transcript.splitlines():
        said = TYPING_AID.sub("", line).strip()
        if said and said[-1] in ".!?" and not NOT_PROSE.search(said):
            out.append(said)
    return out


@pytest.mark.parametrize("name", deckhand.games())
def test_a_terminal_session_speaks_as_a_player(name: str) -> None:
    out = io.StringIO()
    console = Console(file=out, width=400, color_system=None)
    first = ["heads"] if name == "casino" else []
    lines = [*first, *(["hint", "why", "1"] * 10), "quit"]
    Session(
        deckhand.load_game(name), ["human", "medium"], console=console, reader=ScriptReader(lines, console), seed=4
    ).run()
    said = prose(out.getvalue())
    assert len(said) > 10, out.getvalue()
    faults = [(line, found) for line in said if (found := sentence_faults(line))]
    assert not faults, faults
    assert any(line.startswith("Hint: ") for line in said), "the hints are read too"


def test_the_scan_of_a_session_reads_what_a_player_reads() -> None:
    """Prose is kept, the table's drawing and the lists of moves are not; the typing aid is set aside."""
    transcript = "\n".join(
        [
            "Hint: Ask Computer for aces: you hold two. (move 1: ask 1 A)",
            "Moves: 1 ask 1 A   2 ask 1 4",
            "You       [A♠] [A♣] [4♠]",
            "│  0,0   │  0,1   │",
            "Computer has no 5s, 8s and jacks.",
        ]
    )
    said = prose(transcript)
    assert said == ["Hint: Ask Computer for aces: you hold two.", "Computer has no 5s, 8s and jacks."]
    assert sentence_faults(said[1]), "the scan catches what a session said wrong"
