"""The advisor's read-eval-print loop: one line in, a short answer out.

It reads standard input line by line, so it is as happy with a person at
the table as with a script piped in (no prompt then). Every game command
goes through the :class:`~deckhand.advise.tracker.Tracker`; anything it
refuses is reported on one line and changes nothing. So is any other error
a command meets (a file name the system refuses, a disk that is full): a
person at the table never loses the game they are tracking to a typo.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from deckhand.advise.commands import HELP, Meta, Move, parse_card, parse_command, short_form
from deckhand.advise.tracker import Tracker
from deckhand.agents.ranking import ENGINES, check_budget, default_engine, rank_actions
from deckhand.core.cards import Card, Rank
from deckhand.core.errors import ConfigError, DeckhandError, quote, shown_path
from deckhand.core.numbers import is_whole_number
from deckhand.core.registry import game_class
from deckhand.play.records import read_json


def card_value(code: str, values: str) -> int:
    """A card's points under RULES.md §1's ``values`` option (``house`` or ``classic``)."""
    card = Card.parse(code)
    if card.rank is Rank.JOKER:
        return 0
    if card.rank is Rank.KING and card.is_red:
        return -1
    number = card.rank.number
    return min(number, 10) if values == "house" else number


DEFAULT_SECONDS = 0.8
"""An advice's budget when none is given: a fixed time keeps every answer under a second on any machine."""
SAVE_FORMAT = "deckhand-advise-cambio"
SAVE_VERSION = 1


class Advisor:
    """A tracker, an advice budget and an output stream."""

    def __init__(
        self,
        tracker: Tracker,
        out: TextIO,
        *,
        playouts: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        engine: str | None = None,
    ) -> None:
        engine = engine or default_engine(tracker.game)
        if engine not in ENGINES:
            raise ConfigError(f"--engine {quote(engine, 40)}: choose one of {', '.join(ENGINES)}")
        self.tracker = tracker
        self.out = out
        self.playouts = playouts
        self.seconds = DEFAULT_SECONDS if playouts is None and seconds is None else seconds
        self.seed = seed
        self.engine = engine

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    # -- the loop ---------------------------------------------------------
    def run(self, lines: Iterable[str], *, prompt: bool = False) -> None:
        """Handle lines until ``quit`` or the end of input."""
        if prompt:
            self.say("Type 'help' for the commands, '?' for advice.")
            self.out.write("> ")
            self.out.flush()
        for line in lines:
            if not self.handle(line):
                return
            if prompt:
                self.out.write("> ")
                self.out.flush()

    def handle(self, line: str) -> bool:
        """One line; ``False`` when the session should end.

        Whatever goes wrong is said on one line and leaves the table as it was.
        """
        tracker = self.tracker
        try:
            command = parse_command(line)
            if command is None:
                return True
            if isinstance(command, Meta):
                return self.meta(command)
            self.move(command, line.strip())
        except DeckhandError as exc:
            self.tracker = tracker
            self.say(f"! {one_line(str(exc))}")
        except Exception as exc:  # any other failure of one command must not end the session
            self.tracker = tracker
            self.say(f"! that did not work ({one_line(type(exc).__name__ + ': ' + str(exc), 100)}); nothing changed")
        return True

    def move(self, move: Move, text: str) -> None:
        notes = self.tracker.apply_move(move, text)
        self.say("  " + "; ".join(notes) + self.status())

    def status(self) -> str:
        seat = self.tracker.to_move()
        if seat is None:
            return "  -- game over: " + self.result()
        who = "you" if seat == 0 else f"seat {seat}"
        if self.tracker.in_stick_window():
            return f"  -- stick window: {who} may stick or pass"
        return f"  -- {who} to move"

    def result(self) -> str:
        """Each seat's total over the cards you know, and how many you never saw (turn them over to finish)."""
        t = self.tracker
        parts = []
        for seat in range(t.players):
            known, unseen = 0, 0
            for code in self.hands()[t.game_seat(seat)]:
                if code == "??":
                    unseen += 1
                elif code is not None:
                    known += card_value(code, str(t.game.options.get("values", "house")))
            parts.append(f"seat {seat} {known}" + (f" + {unseen} unseen" if unseen else ""))
        return "count the cards: " + ", ".join(parts)

    def hands(self) -> list[list[str | None]]:
        """The hands as you know them; at the end, cards you never saw stay hidden (the tracker only guessed them)."""
        data = self.tracker.view().to_json()
        me = self.tracker.me
        hands: list[list[str | None]] = data["hands"]
        if self.tracker.state.is_terminal():
            known = data["known"]
            hands = [
                [c if c is None or me in known[q][s] else "??" for s, c in enumerate(hand)]
                for q, hand in enumerate(hands)
            ]
        return hands

    # -- session commands -------------------------------------------------
    def meta(self, command: Meta) -> bool:
        name, arg = command.name, command.arg
        if name == "quit":
            return False
        if name == "help":
            self.say(HELP)
        elif name == "show":
            self.show()
        elif name == "history":
            for number, (text, notes) in enumerate(self.tracker.history(), start=1):
                self.say(f"{number:3}. {text:<16} {'; '.join(notes)}")
        elif name == "undo":
            self.say(f"  undid {quote(self.tracker.undo(), 40)}{self.status()}")
        elif name == "advise":
            try:
                self.advise(arg)
            except KeyboardInterrupt:  # a long search stopped with Ctrl-C: the table is untouched
                self.say("  advice interrupted; the table is as it was")
        elif name == "save":
            self.save(_path(arg, "save"))
        elif name == "load":
            self.load(_path(arg, "load"))
        return True

    def show(self) -> None:
        """The table as you know it."""
        data = self.tracker.view().to_json()
        t = self.tracker
        self.say(f"  cambio ({t.game.options.get('preset', '')}), {t.players} players, seat {t.first} played first")
        caller = data.get("caller")
        for seat in range(t.players):
            game_seat = t.game_seat(seat)
            slots = self.hands()[game_seat]
            cells = "  ".join(f"{i}:{'--' if c is None else short_form(c)}" for i, c in enumerate(slots))
            who = "you   " if seat == 0 else f"seat {seat}"
            mark = "  (called cambio)" if caller == game_seat else ""
            self.say(f"  {who}  {cells}{mark}")
        discard = [short_form(c) for c in data.get("discard", [])]
        top = discard[-1] if discard else "none"
        self.say(f"  discard: top {top}, {len(discard)} cards ({' '.join(discard[-8:])})" + self.status())

    def advise(self, arg: str) -> None:
        """Rank your legal actions by estimated chance of winning."""
        playouts, seconds = self.playouts, self.seconds
        if arg:
            if not is_whole_number(arg):
                raise ConfigError(f"advise {quote(arg)}: give a number of playouts, e.g. '? 5000'")
            playouts, seconds = int(arg), None
            check_budget(playouts, seconds, f"advise {arg}")
        view, note = self.tracker.decision()
        if view is None:
            self.say(f"  no advice: {note}")
            return
        seed = self.seed if self.seed is not None else random.randrange(1 << 30)
        started = time.perf_counter()
        ranked = rank_actions(view, playouts=playouts, seconds=seconds, rng=random.Random(seed), engine=self.engine)
        elapsed = time.perf_counter() - started
        total = sum(r.playouts for r in ranked)
        self.say(f"  advice ({self.engine}, {total} playouts, {elapsed:.1f} s){'; ' + note if note else ''}:")
        for rank, r in enumerate(ranked):
            mark = "*" if rank == 0 else " "
            self.say(f"  {mark} {self.tracker.to_table(r.notation):<16} win {100 * r.win:5.1f}%  ({r.playouts})")

    # -- saving -----------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        t = self.tracker
        options = {k: v for k, v in t.game.options.items() if k not in ("players", "preset")}
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": t.game.name,
            "rules_version": t.game.rules_version,
            "preset": t.game.options.get("preset", "house"),
            "options": options,
            "players": t.players,
            "first": t.first,
            "known": [k.label for k in t.known],
            "commands": [text for text, _ in t.history()],
        }

    def save(self, path: Path) -> None:
        try:
            path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"{shown_path(path)}: cannot save: {exc.strerror or exc}") from None
        self.say(f"  saved {len(self.tracker.history())} commands to {shown_path(path)}")

    def load(self, path: Path) -> None:
        self.tracker = load_tracker(path)
        self.say(f"  loaded {len(self.tracker.history())} commands from {shown_path(path)}{self.status()}")


def one_line(text: str, limit: int = 300) -> str:
    """A message as the session prints it: one line, and not too long."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _path(arg: str, what: str) -> Path:
    if not arg:
        raise ConfigError(f"{what}: give a file name, e.g. '{what} table.json'")
    if "\x00" in arg:
        raise ConfigError(f"{what}: a file name cannot hold a NUL character")
    return Path(arg).expanduser()


def load_tracker(path: Path) -> Tracker:
    """Rebuild a tracker from a saved session by replaying its commands.

    The file is read as any file deckhand reads (a regular file, at most
    ``SAVE_FILE_LIMIT`` bytes), and each field is checked for its type before
    it is used; a message names the field, never its content.
    """
    name = shown_path(path)
    data = read_json(path, what="advisor session")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ConfigError(f"{name}: not a saved advisor session")
    fields = _session_fields(data, name)
    try:
        tracker = Tracker(**fields)
    except DeckhandError as exc:
        raise ConfigError(f"{name}: {exc}") from None
    if str(data.get("rules_version", tracker.game.rules_version)) != tracker.game.rules_version:
        raise ConfigError(f"{name}: saved with cambio rules version {quote(data.get('rules_version'))}")
    commands: list[str] = data["commands"]
    for number, text in enumerate(commands, start=1):
        try:
            command = parse_command(text)
            if not isinstance(command, Move):
                raise ConfigError("not a game command")
            tracker.apply_move(command, text)
        except DeckhandError as exc:
            raise ConfigError(f"{name}: command {number} {quote(text, 40)}: {exc}") from None
    return tracker


def _session_fields(data: dict[str, Any], name: str) -> dict[str, Any]:
    """A saved session's fields as :class:`Tracker` takes them; ``ConfigError`` naming the first bad one."""

    def bad(field: str, expected: str) -> ConfigError:
        return ConfigError(f"{name}: field {field!r} is missing or not {expected}")

    for field in ("players", "first"):
        if not isinstance(data.get(field), int) or isinstance(data.get(field), bool):
            raise bad(field, "a whole number")
    preset = data.get("preset")
    if not isinstance(preset, str) or preset not in game_class("cambio").PRESETS:
        raise bad("preset", "a preset of cambio (" + ", ".join(game_class("cambio").PRESETS) + ")")
    options = {} if data.get("options") is None else data["options"]
    if not isinstance(options, dict) or "players" in options or "preset" in options:
        raise bad("options", "an object of options (players and preset are fields of their own)")
    for field in ("known", "commands"):
        items = data.get(field)
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            raise bad(field, "a list of strings")
    if "rules_version" in data and not isinstance(data["rules_version"], str | int):
        raise bad("rules_version", "a version")
    known = []
    for number, label in enumerate(data["known"], start=1):
        try:
            known.append(parse_card(label))
        except DeckhandError:
            raise ConfigError(f"{name}: field 'known': entry {number} is not a card") from None
    return {
        "players": data["players"],
        "first": data["first"],
        "known": known,
        "preset": data["preset"],
        "options": options,
    }
