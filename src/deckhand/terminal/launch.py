"""Starting a game at the terminal: from ``deckhand play`` or the menu."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from deckhand.core.protocol import Game, State
from deckhand.core.registry import game_class, load_game
from deckhand.play.saves import load_file
from deckhand.play.seats import default_level, parse_seats
from deckhand.terminal.choose import choose
from deckhand.terminal.reader import Reader
from deckhand.terminal.session import Session


def _level_for(game: Game, console: Console, reader: Reader) -> str:
    """The computer's level for a save that does not record it: asked at a terminal, else the default."""
    levels = list(game.LEVELS) or ["random"]
    default = default_level(game)
    if not reader.interactive:
        console.print(
            f"The save does not say how strong the computer was: it plays {default} "
            f"(choose with --seats human,LEVEL; levels: {', '.join(levels)}).",
            highlight=False,
        )
        return default
    while True:
        answer = reader.read(
            f"The save does not say how strong the computer was. Level ({'/'.join(levels)}, Enter for {default}) > "
        )
        answer = answer.strip().lower() or default
        if answer in levels:
            return answer
        console.print(f"[red]Please type one of {', '.join(levels)}.[/red]")


def _opponent_for(game: Game, console: Console, reader: Reader) -> str:
    """A new game's seats when none were named: asked at a terminal as the menu's new game asks, else the default.

    Scripts read their moves from standard input, so they get the default
    level without a question, and a line saying how to choose another.
    """
    levels = list(game.LEVELS) or ["random"]
    default = default_level(game)
    if not reader.interactive:
        console.print(
            f"You play against the computer at level {default} (choose with --vs LEVEL: {', '.join(levels)}).",
            highlight=False,
        )
        return default
    opponents = [f"The computer, {level}" for level in levels] + ["Another person at this keyboard"]
    while True:
        chosen = choose(console, reader, "Opponent", opponents, levels.index(default) if default in levels else 0)
        if chosen is not None:  # "back" has nowhere to go before the game: the question stays
            break
    other = "human" if chosen == len(levels) else levels[chosen]
    return ",".join(["human"] + [other] * (game.num_players - 1))


def start_game(
    name: str,
    *,
    console: Console,
    reader: Reader,
    seats: str | None = None,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    load: Path | None = None,
    remember: bool = False,
    pace: float | None = None,
    verbose: bool = False,
) -> Session:
    """Build the session for a new or loaded game (without running it); ``pace``, ``verbose``: see :class:`Session`."""
    options = dict(options or {})
    if preset is not None:
        options["preset"] = preset
    start: State | None = None
    state: State | None = None
    saved_seats: list[str] | None = None
    chosen = seed is not None
    if load is not None:
        canonical = game_class(name).name
        loaded = load_file(load, game=canonical, options=options)
        state, start, saved_seats = loaded.state, loaded.start, loaded.seats
        game = state.game
        chosen = chosen or bool(loaded.meta.get("chosen_deal"))
    else:
        game = load_game(name, **options)
    if seats:
        specs = parse_seats(seats, game.num_players, default_level(game))
    elif saved_seats:
        specs = saved_seats
    elif load is None:  # a new game: who plays, as the menu asks it
        specs = parse_seats(_opponent_for(game, console, reader), game.num_players, default_level(game))
    else:  # a save that does not say who played (a game's own format may not): ask, or say what is assumed
        specs = parse_seats(_level_for(game, console, reader), game.num_players, default_level(game))
    return Session(
        game,
        specs,
        console=console,
        reader=reader,
        seed=seed,
        state=state,
        start=start,
        save_path=load,
        remember=remember,
        chosen_deal=chosen,
        pace=pace,
        verbose=verbose,
    )
