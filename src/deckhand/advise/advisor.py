"""The advisor's read-eval-print loop: one line in, a short answer out.

It reads standard input line by line, so it is as happy with a person at
the table as with a script piped in (no prompt then). Every game command
goes through the :class:`~deckhand.advise.tracker.Tracker`; anything it
refuses is reported on one line and changes nothing. So is any other error
a command meets (a file name the system refuses, a disk that is full): a
person at the table never loses the game they are tracking to a typo.

Nor to leaving: as ``play`` keeps a game, the session is written after every
change (into the file it was loaded from, else a new file in the saves
folder), and ``quit``, Ctrl-C and the end of input say where it is and how
to resume it.
"""

from __future__ import annotations

import random
import shlex
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from deckhand.advise.commands import HELP, Meta, Move, parse_command, short_form
from deckhand.advise.sessions import autosave_path, is_autosave, load_tracker, write_session
from deckhand.advise.tracker import Tracker
from deckhand.agents.ranking import ENGINE_WORDS, ENGINES, Ranked, check_budget, default_engine, rank_actions
from deckhand.command import deckhand_command
from deckhand.core.cards import Card, Rank
from deckhand.core.errors import ConfigError, DeckhandError, quote, shown_path
from deckhand.core.numbers import is_whole_number
from deckhand.play.intervals import wilson


def card_value(code: str, values: str) -> int:
    """A card's points under Cambio's ``values`` option (``house`` or ``classic``)."""
    card = Card.parse(code)
    if card.rank is Rank.JOKER:
        return 0
    if card.rank is Rank.KING and card.is_red:
        return -1
    number = card.rank.number
    return min(number, 10) if values == "house" else number


DEFAULT_SECONDS = 0.8
"""An advice's budget when none is given: a fixed time keeps every answer under a second on any machine."""


class Advisor:
    """A tracker, an advice budget, an output stream and the file the session is kept in."""

    def __init__(
        self,
        tracker: Tracker,
        out: TextIO,
        *,
        playouts: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        engine: str | None = None,
        save_path: Path | None = None,
        autosave: bool = True,
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
        self.save_path = save_path
        """The file the session is kept in: the one it was loaded from, else an autosave once there is a command."""
        self.autosave = autosave
        """Whether the session is kept on disk as it goes (checks and scripts may not want it)."""
        self._keep_failed = False

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    # -- the loop ---------------------------------------------------------
    def run(self, lines: Iterable[str], *, prompt: bool = False, opening: str = "") -> None:
        """Handle lines until ``quit``, the end of input or Ctrl-C; then say where the table is kept.

        ``opening`` is said first (after the greeting, at a prompt): what a resumed session holds.
        """
        if prompt:
            self.say("Type 'help' for the commands, '?' for advice. The table is saved as you go.")
        if opening:
            self.say(opening)
        if prompt:
            self.out.write("> ")
            self.out.flush()
        try:
            for line in lines:
                if not self.handle(line):
                    self.leave()
                    return
                if prompt:
                    self.out.write("> ")
                    self.out.flush()
        except KeyboardInterrupt:
            if prompt:
                self.say()
            self.leave("interrupted")
            return
        if prompt:
            self.say()  # Ctrl-D leaves the cursor after the prompt
        self.leave("end of input")

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
        self.keep()

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

    # -- keeping the session --------------------------------------------
    def keep(self) -> None:
        """Write the session after a change: leaving in any way, or a closed terminal, loses nothing.

        Nothing is written before the first command (there is no table to
        lose yet); a failure is said once, and the session goes on.
        """
        if not self.autosave or (self.save_path is None and not self.tracker.history()):
            return
        try:
            self._write()
        except DeckhandError as exc:
            if not self._keep_failed:
                self.say(f"! the table cannot be saved as it goes: {one_line(str(exc))}")
            self._keep_failed = True

    def leave(self, why: str = "") -> None:
        """The session ends: save it once more and say where, with the command that resumes it.

        A finished game is not kept in the saves folder (as ``play`` keeps
        none); a file you named keeps it whatever its state.
        """
        path = self.save_path
        if not self.autosave or (path is None and not self.tracker.history()):
            return
        if self.tracker.state.is_terminal() and (path is None or is_autosave(path)):
            if path is not None:
                path.unlink(missing_ok=True)
            return
        prefix = f"{why}: " if why else ""
        try:
            path = self._write()
        except DeckhandError as exc:
            self.say(f"! {prefix}the table could not be saved: {one_line(str(exc))}")
            return
        self.say(f"  {prefix}saved {count(len(self.tracker.history()), 'command')} to {path}")
        self.say(f"  resume with: {resume_command(path)}")

    def _write(self) -> Path:
        """Write the session where it is kept, choosing a new autosave the first time."""
        if self.save_path is None:
            self.save_path = autosave_path()
        write_session(self.save_path, self.tracker, create=is_autosave(self.save_path))
        return self.save_path

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
            self.keep()
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
        if discard:
            shown = " ".join(discard[-8:]) if len(discard) <= 8 else "... " + " ".join(discard[-8:])
            pile = f"discard: top {discard[-1]}, {count(len(discard), 'card')} ({shown})"
        else:
            pile = "no discard"
        self.say(f"  {pile}{self.status()}")

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
        self.say(f"  advice ({self.engine}, {count(total, 'playout')}, {elapsed:.1f} s):")
        self.say(f"  ({ENGINE_WORDS[self.engine]})")
        if note:
            self.say(f"  ({note})")
        for rank, r in enumerate(ranked):
            mark = "*" if rank == 0 else " "
            figure = f"win {100 * r.win:5.1f}% ±{margin(r):<2.0f} ({r.playouts})" if r.playouts else "not tried"
            self.say(f"  {mark} {self.tracker.to_table(r.notation):<16} {figure}")
        close = [r for r in ranked[1:] if r.playouts and too_close(ranked[0], r)]
        if close and ranked[0].playouts:
            others = ", ".join(self.tracker.to_table(r.notation) for r in close)
            self.say(f"  (too close to call at this budget: {others}; more playouts would tell them apart)")

    def save(self, path: Path) -> None:
        """A copy of the session in a file you name; the session goes on being kept where it was."""
        write_session(path, self.tracker)
        self.say(f"  saved {count(len(self.tracker.history()), 'command')} to {shown_path(path)}")

    def load(self, path: Path) -> None:
        """Track the session saved in ``path`` from here on, and keep it there (the table before stays in its file)."""
        self.tracker = load_tracker(path)
        self.save_path = path
        self.say(self.loaded(path))

    def loaded(self, path: Path) -> str:
        """What a session read from ``path`` says first: how much it holds and who is to move."""
        commands = count(len(self.tracker.history()), "command")
        return f"  loaded {commands} from {shown_path(path, 1000)}\n{self.status()}"


def count(n: int, noun: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def resume_command(path: Path) -> str:
    """The command that resumes the session kept in ``path``, quoted so that it works as printed."""
    return f"{deckhand_command()} advise cambio --load {shlex.quote(str(path))}"


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


def margin(ranked: Ranked) -> float:
    """Half the 95% interval of a chance read from ``ranked.playouts`` playouts, in points (the wider side of
    Wilson's interval): 28 playouts at 25% are known to ±18, so a figure from a few dozen never looks settled."""
    low, high = wilson(ranked.win * ranked.playouts, ranked.playouts)
    return 100 * max(ranked.win - low, high - ranked.win)


def too_close(first: Ranked, other: Ranked) -> bool:
    """Whether ``other``'s interval reaches ``first``'s: the advice cannot yet say which is better."""
    return other.win + margin(other) / 100 >= first.win - margin(first) / 100
