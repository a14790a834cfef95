"""The ``deckhand`` command.

Every command turns bad input into a one-line error and a non-zero exit:
``main`` catches deckhand's own errors so no user ever sees a traceback for
a bad file, flag or move.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

import deckhand
from deckhand.core.errors import DeckhandError

app = typer.Typer(
    name="deckhand",
    help="Card games with strong, explainable computer opponents.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err = Console(stderr=True, highlight=False)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckhand {deckhand.__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Card games with strong, explainable computer opponents."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())


@app.command("games")
def list_games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the games, their rules versions and presets."""
    rows = []
    for name in deckhand.games():
        game = deckhand.load_game(name)
        rows.append({"game": name, "rules_version": game.rules_version, "presets": list(game.PRESETS)})
    if as_json:
        typer.echo(json.dumps(rows))
        return
    for row in rows:
        presets = f"  presets: {', '.join(row['presets'])}" if row["presets"] else ""
        typer.echo(f"{row['game']:<12} rules v{row['rules_version']}{presets}")


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    upto: Annotated[int | None, typer.Option(help="Stop after this many actions.")] = None,
) -> None:
    """Replay a game record and print the actions and the result."""
    from deckhand.play.records import GameRecord, replay

    record = GameRecord.load(file)
    state = replay(record, upto=upto)
    shown = record.actions if upto is None else record.actions[:upto]
    typer.echo(f"{record.game} (rules v{record.rules_version}), seats: {', '.join(record.seats)}")
    for number, action in enumerate(shown, start=1):
        typer.echo(f"{number:4}. {action}")
    if state.is_terminal():
        typer.echo(f"returns {state.returns()}  scores {state.scores()}")
    else:
        typer.echo("(game not finished)")


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the app, turning deckhand errors into one-line messages."""
    try:
        app(args=argv, standalone_mode=True)
    except DeckhandError as exc:
        err.print(f"deckhand: {exc}", markup=False)
        sys.exit(2)
    except KeyboardInterrupt:
        err.print("deckhand: interrupted", markup=False)
        sys.exit(130)


if __name__ == "__main__":
    main()
