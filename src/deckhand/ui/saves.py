"""Saving and resuming: a game record (JSON) for every game, Casino's seed text format for ``.txt``.

Unfinished games are saved automatically into the data directory's
``saves`` folder, which the menu lists for resuming.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from deckhand.core.errors import ConfigError, DeckhandError
from deckhand.core.protocol import State
from deckhand.core.registry import load_game
from deckhand.play.records import GameRecord, replay
from deckhand.store.paths import saves_dir


@dataclass
class Loaded:
    """A game read from a file: where it stands, who sat where (if the file says), where it began."""

    state: State
    seats: list[str] | None
    start: State | None = None
    meta: dict[str, Any] = field(default_factory=dict)


def save_game(
    path: str | Path,
    state: State,
    seats: list[str],
    *,
    start: State | None = None,
    meta: dict[str, Any] | None = None,
) -> Path:
    """Write ``state``'s game to ``path``: Casino's text format for ``.txt``, else a JSON record."""
    target = Path(path).expanduser()
    if target.suffix.lower() == ".txt":
        to_save = getattr(state, "to_save", None)
        if to_save is None:
            raise ConfigError(f"{target}: only Casino saves in the text format; use a .json file")
        text = str(to_save())
        _write(target, text if text.endswith("\n") else text + "\n")
        return target
    record = GameRecord.from_state(state, seats, start=start, meta=meta)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        record.save(target)
    except OSError as exc:
        raise ConfigError(f"{target}: cannot write: {exc.strerror or exc}") from None
    return target


def _write(target: Path, text: str) -> None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    except OSError as exc:
        raise ConfigError(f"{target}: cannot write: {exc.strerror or exc}") from None


def load_file(path: str | Path, *, game: str | None = None, options: dict[str, Any] | None = None) -> Loaded:
    """Read a save: a JSON record of any game, or (``.txt``) a Casino text save."""
    source = Path(path).expanduser()
    if source.suffix.lower() == ".txt":
        if game not in (None, "casino"):
            raise ConfigError(f"{source}: text saves are Casino's format, not {game}'s")
        casino = load_game("casino", **(options or {}))
        reader = getattr(casino, "state_from_save", None)
        if reader is None:
            raise ConfigError(f"{source}: this Casino cannot read text saves")
        try:
            text = source.read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise ConfigError(f"{source}: cannot read: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise ConfigError(f"{source}: not a text file") from None
        try:
            state = reader(text)
        except DeckhandError as exc:
            raise ConfigError(f"{source}: {exc}") from None
        if not isinstance(state, State):
            raise ConfigError(f"{source}: not a Casino save")
        return Loaded(state=state, seats=None, start=state.clone())
    record = GameRecord.load(source)
    if game is not None and record.game != game:
        raise ConfigError(f"{source}: a saved {record.game} game, not {game}")
    try:
        state = replay(record)
        start = None
        if record.start is not None:
            start = load_game(record.game, **record.options).state_from_json(record.start)
    except DeckhandError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    return Loaded(state=state, seats=list(record.seats), start=start, meta=dict(record.meta))


def autosave_path(game: str) -> Path:
    """A fresh file in the saves folder for an unfinished ``game``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = saves_dir() / f"{game}-{stamp}-{n}.json"
        n += 1
    return path


@dataclass
class SavedGame:
    """One autosaved game, as the menu lists it."""

    path: Path
    game: str
    seats: list[str]
    moves: int
    saved: datetime


@dataclass
class BrokenSave:
    """A file in the saves folder that cannot be resumed, and why."""

    path: Path
    problem: str


def scan_saves() -> tuple[list[SavedGame], list[BrokenSave]]:
    """The unfinished games in the saves folder (newest first), and the files there that cannot be read."""
    found = []
    broken = []
    for path in saves_dir().glob("*.json"):
        try:
            record = GameRecord.load(path)
            stamp = datetime.fromtimestamp(path.stat().st_mtime)
        except (OSError, DeckhandError) as exc:
            broken.append(BrokenSave(path, str(exc).removeprefix(f"{path}").lstrip(":, ") or "unreadable"))
            continue
        if record.outcome is not None:
            continue
        found.append(SavedGame(path, record.game, record.seats, len(record.actions), stamp))
    return sorted(found, key=lambda s: s.saved, reverse=True), sorted(broken, key=lambda b: b.path.name)


def list_saves() -> list[SavedGame]:
    """The unfinished games in the saves folder, newest first; unreadable files are left out."""
    return scan_saves()[0]


def saved_game_name(path: str | Path) -> str:
    """Which game a save file holds (a .txt file is Casino's format); ``ConfigError`` if it is not one."""
    source = Path(path).expanduser()
    if source.suffix.lower() == ".txt":
        return "casino"
    return GameRecord.load(source).game
