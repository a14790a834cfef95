"""The menu ``deckhand`` opens: new game, instructions, statistics, resume, quit.

Every question is a numbered list with a default (Enter), so the same
menu can be scripted line by line; the end of input leaves quietly. Every
question takes ``help`` (what it asks and what may be typed) and ``b`` (back
one step).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.rule import Rule

from deckhand.agents.registry import is_human
from deckhand.core.errors import DeckhandError
from deckhand.core.numbers import is_whole_number
from deckhand.core.options import parse_options, preset_info
from deckhand.core.protocol import Game
from deckhand.core.registry import game_class, game_title, games, load_game
from deckhand.core.rules_text import rules_text
from deckhand.play.saves import SavedGame, saved_game_name, scan_saves
from deckhand.play.seats import default_level, display_names
from deckhand.terminal.choose import AGAIN, BACK, HELP, choose
from deckhand.terminal.launch import start_game
from deckhand.terminal.options_text import options_grid, options_markdown
from deckhand.terminal.pager import page
from deckhand.terminal.reader import Reader
from deckhand.terminal.stats_table import show_stats

SAVES_PER_PAGE = 20
MAIN = ["New game", "Instructions", "Statistics", "Resume a saved game", "Quit"]


def run_menu(console: Console, reader: Reader, *, pace: float | None = None, verbose: bool = False) -> None:
    """The main menu loop; returns when the player quits or input ends. ``pace``, ``verbose``: see ``Session``."""
    menu = Menu(console, reader, pace, verbose)
    console.print(Rule("deckhand — card games against a computer that explains itself"))
    try:
        while True:
            picked = choose(console, reader, "Main menu", MAIN, also="b here quits.")
            if picked is None or picked == 4:
                console.print("Goodbye.")
                return
            try:
                [menu.new_game, menu.instructions, menu.statistics, menu.resume][picked]()
            except DeckhandError as exc:
                console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
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
    return [game_title(name) for name in games()]


@dataclass
class _Choices:
    """What a new game has been given so far, step by step."""

    name: str = ""
    preset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seats: str = ""


OPTIONS_HELP = (
    "Type options as key=value words separated by spaces (players=3 jokers=false), or press Enter to keep "
    "them as they are; b goes back one step, help shows the options again."
)


class Menu:
    """The menu's questions, with what every game started from it shares (the pace of the computer's moves,
    whether its search's figures are shown)."""

    def __init__(self, console: Console, reader: Reader, pace: float | None = None, verbose: bool = False) -> None:
        self.console = console
        self.reader = reader
        self.pace = pace
        self.verbose = verbose

    def new_game(self) -> None:
        """Game, rules preset, options, opponent: ``b`` at any of them goes back to the one before."""
        steps: list[Callable[[_Choices], bool | None]] = [self._game, self._preset, self._options, self._opponent]
        made = _Choices()
        step, forward = 0, True
        while 0 <= step < len(steps):
            went = steps[step](made)
            forward = forward if went is None else went  # None: nothing to ask here, go on the same way
            step += 1 if forward else -1
        if step < 0:
            return
        session = start_game(
            made.name,
            console=self.console,
            reader=self.reader,
            seats=made.seats,
            preset=made.preset,
            options=made.options,
            pace=self.pace,
            verbose=self.verbose,
        )
        session.run()

    def _game(self, made: _Choices) -> bool:
        picked = choose(self.console, self.reader, "Which game?", _titles())
        if picked is None:
            return False
        made.name = games()[picked]
        return True

    def _preset(self, made: _Choices) -> bool | None:
        made.options = {}  # options typed for another game or preset do not carry over
        presets = list(game_class(made.name).PRESETS)
        if not presets:
            made.preset = None
            return None
        chosen = choose(
            self.console,
            self.reader,
            "Rules preset",
            preset_lines(load_game(made.name)),
            also="A preset sets several options at once.",
        )
        if chosen is None:
            return False
        made.preset = presets[chosen]
        return True

    def _options(self, made: _Choices) -> bool:
        """The options, each with its meaning, the values it takes and its value now; typed as key=value.

        Options typed before (and kept when the player came back here) stay unless typed again.
        """
        preset = {} if made.preset is None else {"preset": made.preset}
        spec = game_class(made.name).OPTIONS
        current = load_game(made.name, **preset, **made.options).options
        self.console.print("[bold]Options[/bold] (change any as key=value; Enter keeps them as they are)")
        self.console.print(options_grid(spec, current))
        while True:
            text = self.reader.read("Options (key=value ..., Enter to keep them, b to go back, help) > ").strip()
            if text.lower() in BACK:
                return False
            if text.lower() in HELP:
                self.console.print(OPTIONS_HELP, highlight=False)
                self.console.print(options_grid(spec, current))
                continue
            try:
                options = {**made.options, **parse_options(text.split())}
                if "preset" in options:
                    raise DeckhandError("the preset is chosen at the question before this one (b goes back to it)")
                load_game(made.name, **preset, **options)  # checked here, so a mistake is asked again
            except DeckhandError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
                continue
            made.options = options
            return True

    def _opponent(self, made: _Choices) -> bool:
        preset = {} if made.preset is None else {"preset": made.preset}
        game = load_game(made.name, **preset, **made.options)
        levels = list(game.LEVELS) or ["random"]
        opponents = [f"The computer, {level}" for level in levels] + ["Another person at this keyboard"]
        level = default_level(game)
        chosen = choose(self.console, self.reader, "Opponent", opponents, levels.index(level) if level in levels else 0)
        if chosen is None:
            return False
        other = "human" if chosen == len(levels) else levels[chosen]
        made.seats = ",".join(["human"] + [other] * (game.num_players - 1))
        return True

    def instructions(self) -> None:
        """A game's rules and every option it takes, a screen at a time."""
        picked = choose(self.console, self.reader, "Instructions for which game?", _titles())
        if picked is None:
            return
        page(self.console, self.reader, Markdown(instructions_text(games()[picked])))

    def statistics(self) -> None:
        show_stats(self.console, reader=self.reader)

    def resume(self) -> None:
        """Pick an autosaved game (a page at a time, newest first), delete one, or name any save file."""
        first = 0
        while True:
            saves, broken = scan_saves()
            for bad in broken:
                self.console.print(
                    f"[yellow]Cannot resume {bad.path.name}: {escape(bad.problem)}[/yellow]", highlight=False
                )
            if not saves:
                self.console.print("No unfinished games are saved.")
            if first >= len(saves):  # the last save of a page was deleted
                first = 0
            shown = saves[first : first + SAVES_PER_PAGE]
            items = [_described(s) for s in shown]
            older = len(saves) - first - len(shown)
            if older:
                items.append(f"Older saves ({older} more)")
            items.append(OPEN_FILE)
            picked = choose(
                self.console,
                self.reader,
                "Resume which game?" + (" (d N deletes save N)" if shown else ""),
                items,
                also="d N deletes save N, after asking.",
                other=partial(self._delete, shown=shown),
            )
            if picked == AGAIN:
                continue
            if picked is None:
                return
            if picked < len(shown):
                saved = shown[picked]
                start_game(
                    saved.game,
                    console=self.console,
                    reader=self.reader,
                    load=saved.path,
                    pace=self.pace,
                    verbose=self.verbose,
                ).run()
                return
            if items[picked] == OPEN_FILE:
                self._open_file()
                return
            first += SAVES_PER_PAGE

    def _delete(self, text: str, shown: Sequence[SavedGame]) -> bool:
        """``d N``: delete save N once the player says yes; whether ``text`` was such a command."""
        word, _, rest = text.lower().partition(" ")
        if word not in ("d", "delete") or not is_whole_number(rest.strip()):
            return False
        number = int(rest.strip())
        if not 1 <= number <= len(shown):
            self.console.print(f"[red]There is no save {number} on this page.[/red]")
            return True
        saved = shown[number - 1]
        answer = self.reader.read(f"Delete {_described(saved)}? It cannot be undone. (y/N) > ").strip().lower()
        if answer in ("y", "yes"):
            saved.path.unlink(missing_ok=True)
            self.console.print(f"Deleted {saved.path.name}.", highlight=False)
        else:
            self.console.print("Kept.")
        return True

    def _open_file(self) -> None:
        """Resume a save named by its path: a .json record of any game, or a game's own save format."""
        while True:
            text = self.reader.read("Save file (a .json record, or a game's own format; b to go back) > ").strip()
            if not text or text.lower() in BACK:
                return
            if text.lower() in HELP:
                self.console.print(
                    "Type the path of a saved game: a .json record of any game, or a save in a game's own format. "
                    "Enter or b goes back.",
                    highlight=False,
                )
                continue
            break
        try:
            path = Path(text).expanduser()
            session = start_game(
                saved_game_name(path),
                console=self.console,
                reader=self.reader,
                load=path,
                pace=self.pace,
                verbose=self.verbose,
            )
        except DeckhandError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]", highlight=False)
            return
        session.run()


OPEN_FILE = "Open a save file by name"


def _described(saved: SavedGame) -> str:
    """A save as the resume list names it: the game, who plays, how far it got and when.

    ``<title>: You against Computer (hard), 8 moves, saved 2026-11-29 12:30``.
    """
    names = display_names(saved.seats)
    people = [name if is_human(spec) else f"{name} ({spec})" for name, spec in zip(names, saved.seats, strict=True)]
    moves = f"{saved.moves} move{'s' * (saved.moves != 1)}"
    return f"{game_title(saved.game)}: {' against '.join(people)}, {moves}, saved {saved.saved:%Y-%m-%d %H:%M}"


def instructions_text(game: str) -> str:
    """``game``'s rules (its ``rules.md``) and a section, generated from its declared options, on every option."""
    return rules_text(game).rstrip("\n") + "\n\n" + options_markdown(game)
