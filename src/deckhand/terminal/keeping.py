"""Where a game at the terminal is kept: on disk as it is played, in a file asked for, and in the statistics.

Every move is saved (atomically) to the game's autosave, or to the ``.json``
it was resumed from, so a killed terminal loses at most one move; a finished
game's autosave is removed and its record stored once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from deckhand.agents.base import Agent
from deckhand.command import play_command
from deckhand.core.errors import DeckhandError
from deckhand.core.protocol import Game, State
from deckhand.play.records import GameRecord
from deckhand.play.saves import autosave_path, save_game
from deckhand.store.db import record_game
from deckhand.store.statistics import statistics


@dataclass
class Keeper:
    """One game's files and record; the session tells it the state and what happened."""

    game: Game
    specs: list[str]
    console: Console
    seed: int
    chosen_deal: bool
    start: State | None
    save_path: Path | None
    """Where the game was resumed from (its autosave is removed once finished)."""
    enabled: bool
    """Whether leaving saves the unfinished game (checks and scripts may not want it)."""
    path: Path | None = None
    """The file the game is kept in as it is played, once it has one."""
    failed: bool = False
    saved_moves: int = -1

    def meta(self, state: State) -> dict[str, Any]:
        """What a record keeps beside the moves: the seed only once the game is over; whether it was chosen.

        An unfinished game's seed would tell whoever opens its save the rest of the deck.
        """
        meta: dict[str, Any] = {"seed": self.seed} if state.is_terminal() else {}
        if self.chosen_deal:
            meta["chosen_deal"] = True
        return meta

    def target(self) -> Path:
        """The file this game is kept in while it is played: the .json it came from, else a new one."""
        if self.path is None:
            resumed = self.save_path is not None and self.save_path.suffix == ".json"
            self.path = self.save_path if resumed and self.save_path is not None else autosave_path(self.game.name)
        return self.path

    def _write(self, path: Path | str, state: State) -> Path:
        return save_game(path, state, self.specs, start=self.start, meta=self.meta(state))

    def autosave(self, state: State, *, worth: bool) -> None:
        """Keep the game on disk after every move: ``worth`` when someone has moved and a person plays."""
        moves = len(state.history())
        if moves == self.saved_moves or not self.enabled or state.is_terminal() or not worth:
            return
        self.saved_moves = moves
        try:
            self._write(self.target(), state)
        except DeckhandError as exc:
            if not self.failed:
                self.console.print(f"(the game cannot be saved as it goes: {exc})", markup=False, highlight=False)
            self.failed = True

    def save(self, state: State, path: str | None) -> bool:
        """``save [FILE]`` (save, then leave, as a source asks); ``False`` if it could not."""
        try:
            target = self._write(path or autosave_path(self.game.name), state)
        except DeckhandError as exc:
            self.console.print(f"[red]{escape(str(exc))}[/red]", soft_wrap=True)
            return False
        if self.path is not None and self.path != target and in_saves(self.path):
            self.path.unlink(missing_ok=True)
        self.console.print(
            f"Saved to {target}. Resume with: {play_command(self.game.name, target)}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
        return True

    def leave(self, state: State, why: str, *, moved: bool, people: bool) -> None:
        """Leaving an unfinished game: it is on disk already; save it once more and say where."""
        if not self.enabled or state.is_terminal() or not people:
            return
        if not moved:
            self.console.print(f"{why}: nobody has moved yet, so the game is not saved.", highlight=False)
            return
        try:
            saved = self._write(self.target(), state)
        except DeckhandError as exc:
            self.console.print(f"{why}; the game could not be saved: {exc}", markup=False, highlight=False)
            return
        self.console.print(
            f"{why}: game saved to {saved}. Resume with: {play_command(self.game.name, saved)}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )

    def finish(self, state: State, *, played: bool) -> None:
        """The game is over: its autosaves go; a file the player named gets the finished game."""
        for path in (self.save_path, self.path):
            if path is not None and in_saves(path):
                path.unlink(missing_ok=True)
        if played:
            self._keep_finished(state)

    def _keep_finished(self, state: State) -> None:
        """A game resumed from a file the player named ends there too: the file holds its outcome.

        Left one move short of its end, the file would replay that move when
        loaded again, and the game would be counted twice.
        """
        path = self.path or self.save_path
        if path is None or in_saves(path) or path.suffix != ".json":
            return  # an autosave is removed instead; a game's own format holds positions, not outcomes
        try:
            self._write(path, state)
        except DeckhandError as exc:
            self.console.print(f"(the finished game could not be written to {path}: {exc})", markup=False)
            return
        self.console.print(f"The finished game is in {path}.", markup=False, highlight=False, soft_wrap=True)

    def record(self, state: State, agents: Sequence[Agent | None]) -> None:
        """Store the finished game's record once, then say the record against its computer so far."""
        try:
            record_game(GameRecord.from_state(state, self.specs, start=self.start, meta=self.meta(state)))
        except DeckhandError as exc:
            self.console.print(f"(statistics not saved: {exc})", markup=False, highlight=False)
            return
        self._show_record(agents)

    def _show_record(self, agents: Sequence[Agent | None]) -> None:
        """A source shows the win statistics after each game (docs/sources.md): the record against this level so far."""
        computers = {spec for spec, agent in zip(self.specs, agents, strict=True) if agent is not None}
        if len(computers) != 1 or len(computers) == len(self.specs):
            return
        (level,) = computers
        entry = next((e for e in statistics(game=self.game.name)[0] if e.level == level), None)
        if entry is None:
            return
        line = (
            f"Against {level} so far: {entry.played} game{'s' * (entry.played != 1)}, "
            f"{entry.player_wins} won by people, {entry.computer_wins} by the computer, {entry.draws} shared"
        )
        if entry.computer_victory is not None:
            line += f"; computer victory statistic {entry.computer_victory:.0%}"
        if entry.practice:
            line += f" ({entry.practice} practice game{'s' * (entry.practice != 1)} from a chosen seed, not counted)"
        self.console.print(line + ".", highlight=False)


def in_saves(path: Path) -> bool:
    """An autosave the game owns (in the saves folder), as opposed to a file the player named."""
    return path.suffix == ".json" and path.parent.name == "saves"
