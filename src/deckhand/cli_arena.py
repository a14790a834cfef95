"""``deckhand arena``: a tournament between agents, with paired deals and intervals.

``register(app)`` adds the command to the ``deckhand`` Typer app.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from deckhand.core.errors import ConfigError
from deckhand.core.registry import game_class
from deckhand.play.arena import ArenaResult, MatchResult, run_arena
from deckhand.play.records import GameRecord

StoreHook = Callable[[MatchResult, list[str]], None]


def parse_options(items: list[str], preset: str | None) -> dict[str, Any]:
    """``KEY=VALUE`` game options (``rules=a,b`` gives a list) plus the preset, if named."""
    options: dict[str, Any] = {}
    if preset:
        options["preset"] = preset
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--option expects KEY=VALUE, got {item!r}")
        text = value.strip()
        options[key.strip().replace("-", "_")] = text.split(",") if "," in text else text
    return options


def store_result(result: MatchResult, specs: list[str]) -> None:
    """Record one finished arena game in the statistics database."""
    from deckhand.store import record_game

    if result.record is None:
        raise ConfigError("arena results to store need their records: run the arena with records")
    record = GameRecord.from_json(result.record, source=f"arena game {result.number}")
    record_game(record, seats=[specs[i] for i in result.lineup], source="arena")


def print_table(result: ArenaResult, console: Console) -> None:
    table = Table(title=f"{result.game}: {len(result.results)} games, seed {result.seed}")
    rated = any(row.elo is not None for row in result.summary)
    searched = any(row.bounds for row in result.summary)
    columns = ("agent", "games", "wins", "shared", "score", "95% interval")
    for column in (*columns, *(["rating"] if rated else []), *(["stopped by"] if searched else [])):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for row in sorted(result.summary, key=lambda r: -r.score):
        cells = [row.name, str(row.games), str(row.wins), str(row.shared), f"{row.score:.3f}"]
        cells.append(f"{row.ci95[0]:.3f} – {row.ci95[1]:.3f}")
        if rated:
            cells.append(f"{row.elo:.0f}")
        if searched:
            cells.append(bounds_text(row.bounds))
        table.add_row(*cells)
    console.print(table)


def bounds_text(bounds: dict[str, int]) -> str:
    """ "iterations 410, seconds 3": how a search agent's searches stopped ("" for an agent that does not search)."""
    return ", ".join(f"{bound} {count}" for bound, count in bounds.items())


def arena(
    game: Annotated[str, typer.Argument(help="The game to play (see `deckhand games`).")],
    agents: Annotated[str, typer.Option("--agents", "-a", help="Agents, comma-separated: hard,ismcts:iterations=500")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games (deals x seatings).")] = 100,
    seed: Annotated[int, typer.Option(help="Arena seed: the same seed deals the same cards.")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes (or Ray CPUs) to play on.")] = 1,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray.")] = "local",
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    plot: Annotated[Path | None, typer.Option(help="Draw the results into this image file.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")] = None,
    preset: Annotated[str | None, typer.Option(help="Game preset.")] = None,
    ci: Annotated[str, typer.Option(help="Interval: wilson, or bootstrap over deals.")] = "wilson",
    store: Annotated[bool, typer.Option("--store/--no-store", help="Record games in the statistics database.")] = True,
) -> None:
    """Play agents against each other; seats rotate and every deal is played once per seating."""
    specs = [a.strip() for a in _split_agents(agents)]
    if len(specs) < 2:
        raise ConfigError("--agents needs at least two agents, comma-separated")
    game_class(game)  # an unknown game fails here, with a suggestion
    options = parse_options(option or [], preset)
    if plot is not None:
        from deckhand.play.plot import check_plot_target

        check_plot_target(plot)
    err = Console(stderr=True)
    hooks: list[Callable[[MatchResult], None]] = []
    if store:
        hooks.append(lambda r: store_result(r, specs))
    progress = None
    if err.is_terminal:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        progress = Progress(
            TextColumn(f"{game}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=err
        )
        task = progress.add_task("games", total=games)
        bar = progress
        hooks.append(lambda _r: bar.advance(task))

    def on_result(result: MatchResult) -> None:
        for hook in hooks:
            hook(result)

    with progress if progress is not None else nullcontext():
        result = run_arena(
            game,
            specs,
            options=options,
            games=games,
            seed=seed,
            workers=workers,
            backend=backend,
            ci=ci,
            on_result=on_result,
            records=store,
        )
    # The results first: a plot that fails to save must not cost them.
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
    else:
        print_table(result, Console(highlight=False))
    if plot is not None:
        from deckhand.play.plot import plot_arena

        plot_arena(result, plot)
        if not as_json:
            typer.echo(f"plot written to {plot}")


def _split_agents(text: str) -> list[str]:
    """Split ``A,B:k=v,m=w,C`` at the commas that start a new agent (not a setting)."""
    out: list[str] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if out and "=" in part and ":" not in part.split("=", 1)[0]:
            out[-1] += "," + part
        else:
            out.append(part)
    return out


def register(app: typer.Typer) -> None:
    """Add the ``arena`` command to ``app``."""
    app.command("arena")(arena)
