"""An advisor session on disk: its JSON, the folder it is kept in as it goes, and reading it back.

A session is saved as the commands typed (with the table's set-up), not as
a game record: replaying them through a fresh :class:`Tracker` rebuilds the
placeholders and pins exactly. Sessions kept automatically live in their own
folder beside ``play``'s autosaves (``saves/advisor``), so the menu's list of
games to resume never mistakes one for a broken game record.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from deckhand.advise.commands import Move, parse_card, parse_command
from deckhand.advise.tracker import Tracker
from deckhand.core.errors import ConfigError, DeckhandError, quote, shown_path
from deckhand.core.paths import saves_dir
from deckhand.core.registry import game_class
from deckhand.play.records import read_json

SAVE_FORMAT = "deckhand-advise-cambio"
SAVE_VERSION = 1
AUTOSAVES = "advisor"
"""The folder of ``saves_dir()`` that holds the sessions kept as they go."""


def autosaves_dir() -> Path:
    """Where sessions are kept as they go (created on demand)."""
    path = saves_dir() / AUTOSAVES
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    """A fresh file for a new session, named for when it began; ``ConfigError`` if the folder cannot be made."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        folder = autosaves_dir()
    except OSError as exc:
        raise ConfigError(f"{shown_path(saves_dir())}: cannot keep sessions there: {exc.strerror or exc}") from None
    path = folder / f"cambio-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"cambio-{stamp}-{n}.json"
        n += 1
    return path


def is_autosave(path: Path) -> bool:
    """Whether ``path`` is a file the advisor keeps on its own (as opposed to one the user named)."""
    return path.parent.name == AUTOSAVES and path.parent.parent.name == "saves"


def session_json(tracker: Tracker) -> dict[str, Any]:
    """The session as saved: the table's set-up and every command accepted so far."""
    options = {k: v for k, v in tracker.game.options.items() if k not in ("players", "preset")}
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": tracker.game.name,
        "rules_version": tracker.game.rules_version,
        "preset": tracker.game.options.get("preset", "house"),
        "options": options,
        "players": tracker.players,
        "first": tracker.first,
        "known": [k.label for k in tracker.known],
        "commands": [text for text, _ in tracker.history()],
    }


def write_session(path: Path, tracker: Tracker, *, create: bool = False) -> None:
    """Write the session to ``path`` whole or not at all (a killed terminal never leaves half a file).

    The file is written beside its target and renamed over it; a target that
    exists and is not a regular file (a device, a folder) is refused. Only
    the autosave folder is created on demand (``create``): a file the user
    names goes into a folder that exists.
    """
    name = shown_path(path)
    try:
        target = path.resolve()
        if target.exists() and not target.is_file():
            raise ConfigError(f"{name}: cannot save: not a regular file")
        if create:
            target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        try:
            tmp.write_text(json.dumps(session_json(tracker), indent=1) + "\n", encoding="utf-8")
            tmp.replace(target)
        finally:
            tmp.unlink(missing_ok=True)
    except OSError as exc:
        raise ConfigError(f"{name}: cannot save: {exc.strerror or exc}") from None
    except ValueError as exc:  # a name the system refuses (a NUL byte)
        raise ConfigError(f"{name}: cannot save: {exc}") from None


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
