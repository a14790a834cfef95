"""``deckhand advise cambio``: the table-side tracker and advisor on the command line."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from deckhand.core.errors import ConfigError


def register(app: typer.Typer) -> None:
    """Add the ``advise`` command group (with ``cambio``) to ``app``."""
    group = typer.Typer(
        name="advise", help="Track a real game at the table and ask search for the best action.", no_args_is_help=True
    )

    @group.command("cambio")
    def cambio(
        players: Annotated[int, typer.Option("--players", "-n", help="Seats at the table (2-6).")] = 2,
        first: Annotated[int, typer.Option("--first", help="Table seat that plays first (you are 0).")] = 0,
        bottom: Annotated[
            str, typer.Option("--bottom", help="Your two known cards, e.g. '3,rk' (a 2..10 j q bk rk 0).")
        ] = "",
        preset: Annotated[str, typer.Option("--preset", help="Rules preset: house or classic.")] = "house",
        playouts: Annotated[
            int | None, typer.Option("--playouts", help="Playouts per advice (repeatable with --seed).")
        ] = None,
        seconds: Annotated[
            float | None, typer.Option("--seconds", help="Seconds per advice (0.8 when neither is given).")
        ] = None,
        engine: Annotated[
            str | None, typer.Option("--engine", help="ismcts (default where installed), openloop or flat.")
        ] = None,
        seed: Annotated[
            int | None, typer.Option("--seed", help="Seed for the advice's sampling (repeats it with --playouts).")
        ] = None,
        load: Annotated[
            Path | None,
            typer.Option("--load", help="Resume a saved session (the session is kept on in that file)."),
        ] = None,
    ) -> None:
        """Track a Cambio game at the table: you are seat 0; type 'help' for the commands."""
        from deckhand.advise.advisor import Advisor
        from deckhand.advise.commands import parse_card
        from deckhand.advise.sessions import load_tracker
        from deckhand.advise.tracker import Tracker
        from deckhand.agents.ranking import check_budget

        if playouts is not None and seconds is not None:
            raise ConfigError("give --playouts or --seconds, not both")
        check_budget(playouts, seconds, "--playouts/--seconds")
        if load is not None:
            tracker = load_tracker(load)
        else:
            if not bottom:
                raise ConfigError("--bottom: give the two cards you may look at, e.g. --bottom 3,rk")
            known = [parse_card(item) for item in bottom.replace(",", " ").split()]
            tracker = Tracker(players=players, first=first, known=known, preset=preset)
        session = Advisor(
            tracker, sys.stdout, playouts=playouts, seconds=seconds, seed=seed, engine=engine, save_path=load
        )
        opening = session.loaded(load) if load is not None else ""
        session.run(sys.stdin, prompt=sys.stdin.isatty(), opening=opening)

    app.add_typer(group, name="advise")
