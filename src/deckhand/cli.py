"""The ``deckhand`` command.

Every command turns bad input into a one-line error and a non-zero exit:
``main`` catches deckhand's own errors so no user ever sees a traceback for
a bad file, flag or move.
"""

from __future__ import annotations

import enum
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from typer.core import TyperGroup

import deckhand
from deckhand.core.errors import ConfigError, DeckhandError, quote
from deckhand.core.numbers import setting_number

if TYPE_CHECKING:
    from deckhand.play.records import GameRecord
    from deckhand.terminal.reader import Reader


class _Group(TyperGroup):
    """Typer's command group, whose help shows a flag as a flag (``--json``), not as ``--json <bool>``.

    The context and parameters are typed ``Any``: their classes moved from click into typer over its releases.
    """

    def get_params(self, ctx: Any) -> list[Any]:
        return _flags_untyped(super().get_params(ctx))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _flags_untyped(command.get_params(ctx))
            for sub in getattr(command, "commands", {}).values():  # a group of its own (advise)
                _flags_untyped(sub.get_params(ctx))
        return command


def _flags_untyped(params: list[Any]) -> list[Any]:
    """An option that takes no value has no type to show: an empty metavar leaves its column blank."""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


PACE = typer.Option(
    "--pace",
    metavar="SECONDS",
    help="Seconds before each computer move is shown, 0 to 10 (default 0.8 at a terminal; 0: no wait).",
    show_default=False,
)


VERBOSE = typer.Option(
    "--verbose",
    help="After a computer's reason, show its search's figures (visits, chance to win); words only without it.",
)


def _paced(pace: str | None) -> float | None:
    """``--pace`` read and checked: a wait a person would sit through, or a one-line error (not Typer's)."""
    if pace is None:
        return None
    seconds = setting_number(pace.strip())
    if seconds is None or not 0 <= seconds <= MAX_PACE:
        raise ConfigError(f"--pace takes seconds from 0 to {MAX_PACE}, not {quote(pace, 24)}")
    return float(seconds)


MAX_PACE = 10


app = typer.Typer(
    name="deckhand",
    cls=_Group,
    help="Card games with strong, explainable computer opponents.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def _version(value: bool) -> None:
    if value:
        from deckhand.compiled import build_name

        typer.echo(f"deckhand {deckhand.__version__} ({build_name()})")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
    pace: Annotated[str | None, PACE] = None,
    verbose: Annotated[bool, VERBOSE] = False,
) -> None:
    """Card games with strong, explainable computer opponents. With no command: the menu."""
    if ctx.invoked_subcommand is None:
        from deckhand.terminal.menu import run_menu
        from deckhand.terminal.reader import StreamReader

        console = _console()
        run_menu(console, StreamReader(console), pace=_paced(pace), verbose=verbose)


def _console() -> Console:
    return Console(highlight=False)


def _pager(console: Console) -> Reader | None:
    """Who answers a pager's "more": a person at a terminal; ``None`` prints the whole text (a pipe or a file)."""
    from deckhand.terminal.reader import StreamReader

    reader = StreamReader(console)
    return reader if reader.interactive and console.is_terminal else None


@app.command("play")
def play_command(
    game: Annotated[str, typer.Argument(help="The game: " + ", ".join(deckhand.games()) + ".")],
    options: Annotated[
        list[str] | None, typer.Argument(help="Game options as key=value (players=3 jokers=false).", show_default=False)
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="Who sits where, comma-separated: human or a level/agent (human,hard or hard,hard)."),
    ] = None,
    vs: Annotated[
        str | None, typer.Option("--vs", help="Play against this level or agent (same as --seats human,LEVEL).")
    ] = None,
    preset: Annotated[str | None, typer.Option(help="A rules preset of the game.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the deal and the computer's choices.")] = None,
    load: Annotated[
        Path | None, typer.Option(help="Resume a saved game (a JSON record or the game's own format).")
    ] = None,
    remember: Annotated[
        bool, typer.Option(help="Cambio: draw your remembered cards face down; you must remember them.")
    ] = False,
    pace: Annotated[str | None, PACE] = None,
    verbose: Annotated[bool, VERBOSE] = False,
) -> None:
    """Play a game in the terminal; with only computer seats, watch the whole game."""
    from deckhand.core.options import parse_options
    from deckhand.terminal.launch import start_game
    from deckhand.terminal.reader import StreamReader

    if vs is not None and seats is not None:
        raise ConfigError("give --seats or --vs, not both")
    if vs is not None and vs.strip().lower().partition(":")[0] == "human":
        raise ConfigError("--vs names the computer's level or agent; for people only, give --seats human,human")
    console = _console()
    try:
        session = start_game(
            game,
            console=console,
            reader=StreamReader(console),
            seats=seats or vs,
            preset=preset,
            options=parse_options(options or []),
            seed=seed,
            load=load,
            remember=remember,
            pace=_paced(pace),
            verbose=verbose,
        )
    except EOFError:  # the input ended at a question before the game (its level): nothing to save yet
        console.print()
        return
    session.run()


@app.command("stats")
def stats_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    game: Annotated[str | None, typer.Option(help="Only this game.")] = None,
) -> None:
    """Games played, wins, and the computer victory statistics per game and level."""
    from deckhand.core.registry import game_class
    from deckhand.terminal.stats_table import show_stats

    name = game_class(game).name if game else None
    if as_json:
        show_stats(Console(highlight=False, soft_wrap=True), game=name, as_json=True)
        return
    console = _console()
    show_stats(console, game=name, reader=_pager(console))


@app.command("rules")
def rules_command(game: Annotated[str, typer.Argument(help="The game.")]) -> None:
    """How to play a game, with worked examples, and what each of its options does."""
    from rich.markdown import Markdown

    from deckhand.terminal.menu import instructions_text
    from deckhand.terminal.pager import page

    console = _console()
    text = Markdown(instructions_text(game))
    reader = _pager(console)
    if reader is None:
        console.print(text)
    else:
        page(console, reader, text)


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


class AccessLog(enum.StrEnum):
    """What ``deckhand serve --access-log`` writes (``deckhand.web.access.FORMATS``)."""

    off = "off"
    text = "text"
    json = "json"


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every network interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the lobby in a web browser.")] = False,
    rate: Annotated[
        float, typer.Option(min=0, max=10_000, help="Messages a second one connection may send (0: no limit).")
    ] = 20.0,
    advertise: Annotated[
        str | None,
        typer.Option(
            help="The address this process is known by, stored with each table it deals when several share a "
            "database (default: http://HOST:PORT); never shown to players."
        ),
    ] = None,
    lease: Annotated[
        float,
        typer.Option(
            min=1,
            max=3600,
            help="Seconds this process's claim on its tables lasts unrenewed: after that a starting process "
            "takes them unasked (a request through the balancer takes a table at once).",
        ),
    ] = 30.0,
    think_limit: Annotated[
        float,
        typer.Option(
            min=0.1,
            max=600,
            help="Seconds a computer's move or a hint may take, whatever its settings; past it the seat plays "
            "the medium level's move and says it ran out of time.",
        ),
    ] = 5.0,
    drain: Annotated[
        float | None,
        typer.Option(
            min=0,
            max=3600,
            help="Seconds it goes on serving once asked to stop (SIGTERM, Ctrl-C), with /readyz failing, before "
            "its websockets are sent to another process; asked again, it stops at once (default: 5 on PostgreSQL, "
            "0 on SQLite, where no other process could take its players).",
        ),
    ] = None,
    metrics_port: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=65535,
            help="Serve /metrics (Prometheus' text format) on this port of --metrics-host only; without it the "
            "metrics are not served.",
        ),
    ] = None,
    metrics_host: Annotated[
        str, typer.Option(help="Address of the metrics port (keep it private: loopback, or an internal network).")
    ] = "127.0.0.1",
    access_log: Annotated[
        AccessLog, typer.Option(help="One line a request on the standard error: off, text, or a JSON object a line.")
    ] = AccessLog.off,
) -> None:
    """Play in the browser: serve the tables and the lobby (same store as the terminal: DECKHAND_DB).

    Prints the owner's link (saved games); processes behind one balancer share DECKHAND_OWNER_TOKEN.
    """
    from deckhand.web.serve import serve

    serve(
        host=host,
        port=port,
        open_browser=open_browser,
        rate=rate,
        advertise=advertise,
        lease=lease,
        think_limit=think_limit,
        drain=drain,
        metrics_port=metrics_port,
        metrics_host=metrics_host,
        access_log=access_log.value,
    )


@app.command("replay")
def replay_command(
    file: Annotated[
        Path | None,
        typer.Argument(help="A game record (JSON); without one, a list of the finished games to choose from."),
    ] = None,
    last: Annotated[bool, typer.Option("--last", help="Replay the last finished game.")] = False,
    upto: Annotated[int | None, typer.Option(help="Stop after this many actions.")] = None,
    notation: Annotated[
        bool, typer.Option("--notation", help="The actions in notation only, one a line (for tools).")
    ] = False,
) -> None:
    """Replay a game record, or a finished game kept in the store: its moves in words, then the result.

    Each move is told as the table told it, seats named; a long game is
    paged at a terminal. With --notation the actions are
    printed in notation, numbered, and an unfinished game as its person saw
    it (the first human seat; with none, as every seat saw it): no card
    dealt to another seat.
    """
    from deckhand.command import play_command
    from deckhand.play.records import GameRecord
    from deckhand.play.saves import saved_format_owner

    if upto is not None and upto < 0:
        raise ConfigError(f"--upto must be a number of actions, 0 or more, not {upto}")
    if file is not None and last:
        raise ConfigError("give a record FILE or --last, not both")
    if file is None:
        from deckhand.terminal.reader import StreamReader
        from deckhand.terminal.replays import stored_record

        console = _console()
        stored = stored_record(console, StreamReader(console), last=last)
        if stored is None:
            return
        _print_replay(stored, upto, notation)
        return
    if file.suffix.lower() != ".json" and (owner := saved_format_owner(file)):  # a position, not the moves to it
        resume = play_command(owner, file)
        raise ConfigError(f"{file}: this save holds a position, not a game's moves; resume it with: {resume}")
    _print_replay(GameRecord.load(file), upto, notation)


def _print_replay(record: GameRecord, upto: int | None, notation: bool = False) -> None:
    """The record's moves in words (or its actions in notation), then the result; paged when long."""
    from deckhand.agents.registry import is_human
    from deckhand.core.registry import game_title
    from deckhand.play.records import replay, start_state
    from deckhand.play.seats import display_names, result_line, seat_line
    from deckhand.play.tell import actions_as_seen, moves_in_words

    state = replay(record, upto=upto)
    shown = record.actions if upto is None else record.actions[:upto]
    names = display_names(record.seats)
    seats = ", ".join(seat_line(seat, names[seat], spec) for seat, spec in enumerate(record.seats))
    header = f"{game_title(record.game)} (rules v{record.rules_version}). {seats}"
    if notation:
        if not state.is_terminal():
            humans = [seat for seat, spec in enumerate(record.seats) if is_human(spec)]
            viewer = humans[0] if humans else None
            shown = actions_as_seen(start_state(record), shown, viewer)
            header += f"; as {names[viewer]} saw it" if viewer is not None else "; only what every seat saw"
        lines = [f"{number:4}. {action}" for number, action in enumerate(shown, start=1)]
    else:
        lines = moves_in_words(start_state(record), shown, names)
    lines = [header, *lines, result_line(state, names) if state.is_terminal() else "(game not finished)"]
    console = _console()
    if not console.is_terminal:
        typer.echo("\n".join(lines))
        return
    import textwrap

    width = max(40, console.width)  # at a terminal: wrapped between words, under the move's words
    lines = [wrapped for line in lines for wrapped in textwrap.wrap(line, width, subsequent_indent=" " * 6) or [""]]
    text = "\n".join(lines)
    if len(lines) >= console.height:
        with console.pager():
            console.print(text, markup=False, highlight=False, soft_wrap=True)
    else:
        console.print(text, markup=False, highlight=False, soft_wrap=True)


def _mount_groups() -> None:
    """Command groups that live in their own modules (arena, advise, review); the CLI works without them."""
    import importlib

    for module in ("deckhand.cli_arena", "deckhand.cli_advise", "deckhand.cli_review"):
        try:
            group = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:  # the module exists but is broken: say so
                raise
            continue
        group.register(app)


_mount_groups()


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
