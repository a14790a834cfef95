"""Out-of-range places typed at the terminal, in every kind of move of every game: one line each, same prompt.

The strings and positions are those of the state API's test
(``tests/conformance/out_of_range.py``). A person types each at the
position's prompt; each gets one line of error, and the game stays where
it was. The three Cambio lines of the issue are also played as a person
types them, from the start of a dealt game.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import deckhand
from deckhand.core.errors import DeckhandError
from deckhand.terminal.reader import ScriptReader
from deckhand.terminal.session import Session
from tests.conformance.out_of_range import cases

REFUSAL = "(type help for the commands)"


def typed(session: Session, out: io.StringIO, lines: list[str]) -> None:
    """Run ``session`` on ``lines``; each line met one refusal of one line, and nothing was played."""
    before = list(session.state.history())
    session.run()
    text = out.getvalue()
    assert "Traceback" not in text
    refusals = [line for line in text.splitlines() if line.endswith(REFUSAL)]
    assert len(refusals) == len(lines), text[-2000:]
    assert session.state.history() == before


@pytest.mark.parametrize("name", deckhand.games())
def test_out_of_range_places_typed_at_the_terminal_get_one_line_each(name: str) -> None:
    for case in cases(name, seeds=2, per_kind=1):
        state = case.state
        legal = state.legal_actions()
        view = state.view(state.current_player())
        lines = []
        for text in case.texts:
            try:
                if view.string_to_action(text) in legal:
                    continue  # in range here: a move, not a mistake
            except DeckhandError:
                pass
            lines.append(text)
        out = io.StringIO()
        console = Console(file=out, width=200, color_system=None)
        seats = ["human"] * state.game.num_players
        reader = ScriptReader(lines, console)
        session = Session(state.game, seats, console=console, reader=reader, state=state, autosave=False)
        typed(session, out, lines)


@pytest.mark.parametrize(
    ("preset", "lines", "refused"),
    [
        ("classic", ["draw", "swap 4"], "'swap 4': you have no slot 4; your slots are 0 to 3"),
        ("classic", ["stick 0.9"], "'stick 0.9' cannot be played now: your turn starts with a draw"),
        ("house", ["draw", "discard", "stick 1.9"], "'stick 1.9': there is no card at 1.9"),
    ],
)
def test_the_cambio_lines_that_once_crashed(preset: str, lines: list[str], refused: str) -> None:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    game = deckhand.load_game("cambio", preset=preset, players=2)
    session = Session(game, ["human", "human"], console=console, reader=ScriptReader(lines, console), seed=7)
    session.run()
    text = out.getvalue()
    assert f"{refused}" in text and text.count(REFUSAL) == 1
