"""``deckhand advise cambio`` mounted on a Typer app: flags, a scripted session, one-line errors."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from deckhand.cli_advise import register
from deckhand.core.errors import DeckhandError


@pytest.fixture
def app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """The test's own app."""

    register(app)
    return app


def test_a_scripted_session_through_the_command(app: typer.Typer) -> None:
    result = CliRunner().invoke(
        app,
        [
            "advise",
            "cambio",
            "--players",
            "3",
            "--first",
            "1",
            "--bottom",
            "3,rk",
            "--playouts",
            "100",
            "--seed",
            "1",
            "--engine",
            "flat",
        ],
        input="show\n+\nx0 6\n?\n+ 5\n?\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "you     0:??  1:??  2:3  3:rk" in out
    assert "seat 1 to move" in out
    assert "no advice: seat 2 is to move" in out
    assert "advice (flat, 100 playouts" in out
    assert "> " not in out  # no prompt when stdin is not a terminal


def test_advise_lists_cambio(app: typer.Typer) -> None:
    result = CliRunner().invoke(app, ["advise", "--help"])
    assert result.exit_code == 0 and "cambio" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bottom", "3,rk", "--playouts", "10", "--seconds", "1"], "not both"),
        ([], "--bottom"),
        (["--bottom", "3,11"], "not a card"),
        (["--bottom", "3"], "--bottom"),
        (["--bottom", "3,4", "--first", "5"], "--first"),
        (["--bottom", "3,4", "--engine", "magic"], "--engine"),
        (["--bottom", "3,4", "--playouts", "0"], "from 1 to 1,000,000"),
        (["--bottom", "3,4", "--playouts", "99999999999"], "from 1 to 1,000,000"),
        (["--bottom", "3,4", "--seconds", "1e9"], "at most 600"),
    ],
)
def test_bad_flags_are_deckhand_errors(app: typer.Typer, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["advise", "cambio", *args], input="")
    assert isinstance(result.exception, DeckhandError)
    assert message in str(result.exception)
