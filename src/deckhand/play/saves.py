"""Saving and resuming: a game record (JSON) for every game, and a game's own formats (``Game.SAVE_FORMATS``).

Unfinished games are saved automatically into the data directory's
``saves`` folder, which the menu lists for resuming.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from deckhand.core.errors import ConfigError, DeckhandError, shown_path
from deckhand.core.files import SAVE_FILE_LIMIT, read_text
from deckhand.core.paths import saves_dir
from deckhand.core.protocol import State
from deckhand.core.registry import game_class, games, load_game
from deckhand.play.records import GameRecord, replay, start_state


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
    """Write ``state``'s game to ``path``: in the game's own format for its suffix, else as a JSON record."""
    target = Path(path).expanduser()
    suffix = target.suffix.lower()
    _check_folder(target)
    if suffix != ".json" and suffix in state.game.SAVE_FORMATS:
        text = state.game.write_save(state, suffix)
        _write(target, text if text.endswith("\n") else text + "\n")
        return target
    if suffix not in ("", ".json"):
        raise ConfigError(f"{target}: {state.game.name} saves as .json{_formats(state.game.SAVE_FORMATS)}")
    record = GameRecord.from_state(state, seats, start=start, meta=meta)
    try:
        record.save(target)
    except OSError as exc:
        raise ConfigError(f"{target}: cannot write: {exc.strerror or exc}") from None
    return target


def _check_folder(target: Path) -> None:
    """A save goes into a folder that exists: a mistyped path is refused, not made into folders.

    The saves folder is deckhand's own, and is made when missing; any other
    folder is the player's to make (``save /nonexistent/dir/x.json`` names it).
    """
    folder = target.parent
    if folder.exists() or folder == saves_dir():  # saves_dir() makes its folder
        return
    raise ConfigError(
        f"{shown_path(target)}: the folder {shown_path(folder)} does not exist; make it first, or save elsewhere"
    )


def _write(target: Path, text: str) -> None:
    try:
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    except OSError as exc:
        raise ConfigError(f"{target}: cannot write: {exc.strerror or exc}") from None


def load_file(path: str | Path, *, game: str | None = None, options: dict[str, Any] | None = None) -> Loaded:
    """Read a save: a JSON record of any game, or a file in a game's own format (by its suffix)."""
    source = Path(path).expanduser()
    name = shown_path(source)
    suffix = source.suffix.lower()
    owners = _games_saving(suffix)
    if suffix != ".json" and owners:
        owner = game if game in owners else saved_game_name(source)
        if game not in (None, owner):
            raise ConfigError(f"{name}: {suffix} saves are {owner}'s format, not {game}'s")
        target = load_game(owner, **(options or {}))
        text = read_text(source, what="save file", limit=SAVE_FILE_LIMIT)
        try:
            state = target.read_save(text, suffix)
        except DeckhandError as exc:
            raise ConfigError(f"{name}: {exc}") from None
        return Loaded(state=state, seats=None, start=state.clone())
    record = GameRecord.load(source)
    if game is not None and record.game != game:
        raise ConfigError(f"{name}: a saved {record.game} game, not {game}")
    try:
        state = replay(record)
        start = None
        if record.start is not None:
            start = load_game(record.game, **record.options).state_from_json(record.start)
    except DeckhandError as exc:
        raise ConfigError(f"{name}: {exc}") from None
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
    """The players' moves made so far (deals and draws not counted)."""
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
            broken.append(BrokenSave(path, str(exc).removeprefix(shown_path(path)).lstrip(":, ") or "unreadable"))
            continue
        if record.outcome is not None:
            continue
        try:
            moves = _players_moves(record)
        except DeckhandError as exc:
            broken.append(BrokenSave(path, str(exc)))
            continue
        found.append(SavedGame(path, record.game, record.seats, moves, stamp))
    return sorted(found, key=lambda s: s.saved, reverse=True), sorted(broken, key=lambda b: b.path.name)


def _players_moves(record: GameRecord) -> int:
    """How many of the record's actions are players' moves (not deals or draws): what a person counts."""
    state = start_state(record)
    moves = 0
    for text in record.actions:
        moves += state.current_player() >= 0
        state.apply_action(state.string_to_action(text))
    return moves


def list_saves() -> list[SavedGame]:
    """The unfinished games in the saves folder, newest first; unreadable files are left out."""
    return scan_saves()[0]


def saved_game_name(path: str | Path) -> str:
    """Which game a save file holds (a game's own format by its suffix); ``ConfigError`` if it is not one."""
    source = Path(path).expanduser()
    owners = _games_saving(source.suffix.lower())
    if len(owners) == 1:
        return owners[0]
    if len(owners) > 1:
        raise ConfigError(f"{source}: {' and '.join(owners)} all save as {source.suffix}; name the game to load it")
    return GameRecord.load(source).game


def saved_format_owner(path: str | Path) -> str | None:
    """The game whose own save format ``path``'s suffix is, if exactly one game has it."""
    owners = _games_saving(Path(path).suffix.lower())
    return owners[0] if len(owners) == 1 else None


def _games_saving(suffix: str) -> list[str]:
    """The games with a save format of their own for ``suffix``."""
    return [name for name in games() if suffix in game_class(name).SAVE_FORMATS] if suffix else []


def _formats(formats: Mapping[str, str]) -> str:
    return "".join(f" or {suffix} ({what})" for suffix, what in formats.items())
