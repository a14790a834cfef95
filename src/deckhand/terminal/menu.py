"""The menu ``deckhand`` opens: new game, instructions, statistics, resume, quit.

Every question is a numbered list with a default (Enter), so the same
menu can be scripted line by line; the end of input leaves quietly.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from deckhand.core.errors import DeckhandError
from deckhand.core.numbers import is_whole_number
from deckhand.core.options import parse_options, preset_info
from deckhand.core.presentation import title_of
from deckhand.core.protocol import Game
from deckhand.core.registry import games, load_game
from deckhand.core.rules_text import rules_text
from deckhand.play.saves import saved_game_name, scan_saves
from deckhand.play.seats import default_level
from deckhand.terminal.launch import start_game
from deckhand.terminal.reader import Reader
from deckhand.terminal.stats_table import show_stats

SAVES_PER_PAGE = 20
MAIN = ["New game", "Instructions", "Statistics", "Resume a saved game", "Quit"]


def choose(console: Console, reader: Reader, title: str, items: Sequence[str], default: int = 0) -> int | None:
    """Ask for one of ``items`` by number (or a unique start of its name); ``None`` to go back."""
    console.print(f"[bold]{title}[/bold]")
    grid = Table.grid(padding=(0, 0, 0, 2), pad_edge=True)  # a long item wraps under itself, not under its number
    grid.add_column(justify="right", style="bold")
    grid.add_column()
    for i, item in enumerate(items, start=1):
        label = Text(item)
        if i - 1 == default:
            label.append("  (default)", style="dim")
        grid.add_row(str(i), label)
    console.print(grid)
    while True:
        text = reader.read(f"Choose 1-{len(items)} (Enter for {default + 1}, b to go back) > ").strip().lower()
        if not text:
            return default
        if text in ("b", "back"):
            return None
        if is_whole_number(text) and 1 <= int(text) <= len(items):
            return int(text) - 1
        matches = [i for i, item in enumerate(items) if item.lower().startswith(text)]
        if len(matches) == 1:
            return matches[0]
        console.print(f"[red]Please type a number from 1 to {len(items)}.[/red]")


def run_menu(console: Console, reader: Reader) -> None:
    """The main menu loop; returns when the player quits or input ends."""
    console.print(Rule("deckhand — card games against a computer that explains itself"))
    try:
        while True:
            picked = choose(console, reader, "Main menu", MAIN)
            if picked is None or picked == 4:
                console.print("Goodbye.")
                return
            try:
                [new_game, instructions, statistics, resume][picked](console, reader)
            except DeckhandError as exc:
                console.print(f"[red]{exc}[/red]", highlight=False)
    except (EOFError, KeyboardInterrupt):
        console.print()


def preset_lines(game: Game) -> list[str]:
    """Each preset as a person reads it: its title and a line on what it is (``Game.PRESET_INFO``)."""
    lines = []
    for key in game.PRESETS:
        info = preset_info(game.PRESET_INFO, key)
        lines.append(f"{info.title} — {info.about}" if info.about else info.title)
    return lines


def _titles() -> list[str]:
    return [title_of(load_game(name)) for name in games()]


def new_game(console: Console, reader: Reader) -> None:
    names = games()
    picked = choose(console, reader, "Which game?", _titles())
    if picked is None:
        return
    name = names[picked]
    game = load_game(name)
    preset = None
    if game.PRESETS:
        chosen = choose(console, reader, "Rules preset", preset_lines(game))
        if chosen is None:
            return
        preset = list(game.PRESETS)[chosen]
    console.print("Other options, as key=value words (Enter for none). Options: " + ", ".join(game.OPTIONS))
    while True:
        try:
            options = parse_options(reader.read("Options > ").split())
            if preset is not None:
                options["preset"] = preset
            game = load_game(name, **options)
            break
        except DeckhandError as exc:
            console.print(f"[red]{exc}[/red]", highlight=False)
    levels = list(game.LEVELS) or ["random"]
    opponents = [f"The computer, {level}" for level in levels] + ["Another person at this keyboard"]
    default = levels.index(default_level(game)) if default_level(game) in levels else 0
    chosen = choose(console, reader, "Opponent", opponents, default)
    if chosen is None:
        return
    other = "human" if chosen == len(levels) else levels[chosen]
    seats = ",".join(["human"] + [other] * (game.num_players - 1))
    options.pop("preset", None)
    session = start_game(name, console=console, reader=reader, seats=seats, preset=preset, options=options)
    session.run()


def instructions(console: Console, reader: Reader) -> None:
    names = games()
    picked = choose(console, reader, "Instructions for which game?", _titles())
    if picked is None:
        return
    console.print(Markdown(rules_text(names[picked])))


def statistics(console: Console, reader: Reader) -> None:
    show_stats(console)


OPEN_FILE = "Open a save file by name"


def resume(console: Console, reader: Reader) -> None:
    """Pick an autosaved game (a page at a time, newest first), or name any save file."""
    saves, broken = scan_saves()
    for bad in broken:
        console.print(f"[yellow]Cannot resume {bad.path.name}: {escape(bad.problem)}[/yellow]", highlight=False)
    if not saves:
        console.print("No unfinished games are saved.")
    first = 0
    while True:
        page = saves[first : first + SAVES_PER_PAGE]
        items = [f"{s.game}: {' vs '.join(s.seats)}, {s.moves} actions, saved {s.saved:%Y-%m-%d %H:%M}" for s in page]
        older = len(saves) - first - len(page)
        if older:
            items.append(f"Older saves ({older} more)")
        items.append(OPEN_FILE)
        picked = choose(console, reader, "Resume which game?", items)
        if picked is None:
            return
        if picked < len(page):
            saved = page[picked]
            start_game(saved.game, console=console, reader=reader, load=saved.path).run()
            return
        if items[picked] == OPEN_FILE:
            _open_file(console, reader)
            return
        first += SAVES_PER_PAGE


def _open_file(console: Console, reader: Reader) -> None:
    """Resume a save named by its path: a .json record of any game, or a game's own format."""
    text = reader.read("Save file (a .json record, or a game's own save format) > ").strip()
    if not text:
        return
    try:
        path = Path(text).expanduser()
        session = start_game(saved_game_name(path), console=console, reader=reader, load=path)
    except DeckhandError as exc:
        console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
        return
    session.run()
