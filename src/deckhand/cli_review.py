"""``deckhand review``: where a finished game was won and lost, from one seat's point of view.

``register(app)`` adds the command to the ``deckhand`` Typer app. The
analysis runs in a worker thread while a progress bar counts the decisions;
Ctrl-C calls it off cleanly (nothing half-done is kept). A stored game's
review is kept with it, so the second opening is instant.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from deckhand.core.errors import ConfigError, DeckhandError


def register(app: typer.Typer) -> None:
    """Add the ``review`` command to ``app``."""

    @app.command("review")
    def review_command(
        game: Annotated[
            str | None,
            typer.Argument(
                help="A game record (JSON file) or a stored game's id; without one, a list of finished games."
            ),
        ] = None,
        last: Annotated[bool, typer.Option("--last", help="Review the last finished game.")] = False,
        seat: Annotated[
            int | None,
            typer.Option("--seat", min=1, help="The seat to review, counted from one (default: the first person's)."),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
        budget: Annotated[
            str, typer.Option("--budget", help="Per decision: the engine's iterations and the playouts' worlds.")
        ] = "iterations=300,worlds=100",
        seed: Annotated[int, typer.Option("--seed", help="Seeds the analysis (a record file's review).")] = 0,
        learn: Annotated[
            bool, typer.Option("--learn", help="Then find a better move at each costly position, judged by the review.")
        ] = False,
    ) -> None:
        """Review a finished game: the chance to win over the game, the costliest moves, better moves and why."""
        from deckhand.review import ReviewBudget

        per_decision = ReviewBudget.parse(budget)
        console = Console(stderr=True)
        if game is not None and last:
            raise ConfigError("give a record FILE, a stored game's id or --last, not more than one")
        if learn and as_json:
            raise ConfigError("--learn asks for moves at the terminal; it cannot be given with --json")
        reviewed = _run(console, game, last, None if seat is None else seat - 1, per_decision, seed)
        if reviewed is None:
            return
        record, review = reviewed
        if as_json:
            typer.echo(json.dumps(review.to_json(), indent=1))
            return
        from rich.text import Text

        from deckhand.review.text import review_text
        from deckhand.terminal.pager import page
        from deckhand.terminal.reader import StreamReader

        lines = review_text(review, name="you" if seat is None else f"Seat {review.seat + 1}")
        screen = Console(highlight=False)
        reader = StreamReader(screen)
        if reader.interactive and screen.is_terminal:  # a person: a screenful at a time, as the rules are shown
            page(screen, reader, Text("\n".join(lines)))
        else:  # a pipe or a file: the whole review
            for line in lines:
                typer.echo(line)
        if learn:
            from deckhand.terminal.practice import learn as practise

            practise(screen, reader, record, review, per_decision)


def _run(
    console: Console, game: str | None, last: bool, seat: int | None, budget: Any, seed: int
) -> tuple[Any, Any] | None:
    """The record and the review asked for: of a record file, else of a stored game (analysed now, or read back)."""
    from deckhand.play.records import GameRecord
    from deckhand.review import default_seat, review_game
    from deckhand.review.analysis import check_reviewable
    from deckhand.review.kept import review_stored_game

    if (game is not None and not game.isdigit()) or (game is not None and Path(game).is_file()):
        record = GameRecord.load(game)
        chosen = default_seat(record) if seat is None else seat
        check_reviewable(record, chosen)  # a wrong seat is said before any progress bar is drawn
        return record, _with_progress(
            console, lambda p, c: review_game(record, chosen, budget, seed=seed, progress=p, cancel=c)
        )
    if game is not None:
        game_id = int(game)
    else:
        from deckhand.terminal.reader import StreamReader
        from deckhand.terminal.replays import stored_game_id

        screen = Console()
        picked = stored_game_id(screen, StreamReader(screen), last=last, verb="Review")
        if picked is None:
            return None
        game_id = picked
    from deckhand.review import default_seat as first_person
    from deckhand.store.db import load_record

    record = load_record(game_id)
    chosen = first_person(record) if seat is None else seat
    check_reviewable(record, chosen)
    return record, _with_progress(
        console, lambda p, c: review_stored_game(game_id, chosen, budget, progress=p, cancel=c)
    )


def _with_progress(console: Console, work: Any) -> Any:
    """Run ``work(progress, cancel)`` in a thread behind a progress bar; Ctrl-C cancels it and exits 130."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    cancel = threading.Event()
    outcome: dict[str, Any] = {}
    bar = Progress(
        TextColumn("Reviewing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console, transient=True
    )
    task = bar.add_task("review", total=None)

    def progress(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    def run() -> None:
        try:
            outcome["review"] = work(progress, cancel)
        except BaseException as exc:  # handed to the main thread, which reports it
            outcome["error"] = exc

    worker = threading.Thread(target=run, name="deckhand-review", daemon=True)
    with bar:
        worker.start()
        try:
            while worker.is_alive():
                worker.join(0.1)
        except KeyboardInterrupt:
            cancel.set()
            worker.join()
            console.print("Review cancelled; nothing was kept.", highlight=False)
            sys.exit(130)
    error = outcome.get("error")
    if error is not None:
        if isinstance(error, DeckhandError):
            raise error
        raise error
    return outcome["review"]
