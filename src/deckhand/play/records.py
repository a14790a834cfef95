"""Game records: game id, rules version, options, seats, actions in notation, outcome.

Replaying a record reproduces the game exactly; saved games and golden test
files use the same JSON format.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckhand.core.errors import ConfigError, DeckhandError, quote, shown_path
from deckhand.core.files import SAVE_FILE_LIMIT, read_text
from deckhand.core.protocol import Game, State
from deckhand.core.registry import game_class, games, load_game

FORMAT = "deckhand-record/1"


@dataclass
class GameRecord:
    """Everything needed to replay a game, and how it ended (if it did)."""

    game: str
    rules_version: str
    options: dict[str, Any]
    seats: list[str]
    actions: list[str]
    outcome: dict[str, Any] | None = None
    start: dict[str, Any] | None = None
    """``to_json()`` of the starting state when it is not the game's initial state."""
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_state(
        cls,
        state: State,
        seats: list[str],
        *,
        start: State | None = None,
        meta: dict[str, Any] | None = None,
    ) -> GameRecord:
        """The record of ``state``'s game so far (``start``: where it began, if not the deal)."""
        if start is None:
            actions = state.history_strings()
        else:
            replayed = start.clone()
            actions = []
            for action in state.history()[len(start.history()) :]:
                actions.append(replayed.action_to_string(action))
                replayed.apply_action(action)
        outcome = None
        if state.is_terminal():
            outcome = {"returns": list(state.returns()), "scores": list(state.scores())}
        return cls(
            game=state.game.name,
            rules_version=state.game.rules_version,
            options=dict(state.game.options),
            seats=list(seats),
            actions=actions,
            outcome=outcome,
            start=None if start is None else start.to_json(),
            meta=dict(meta or {}),
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seats": self.seats,
            "actions": self.actions,
            "outcome": self.outcome,
        }
        if self.start is not None:
            data["start"] = self.start
        if self.meta:
            data["meta"] = self.meta
        return data

    @classmethod
    def from_json(cls, data: Any, *, source: str = "record") -> GameRecord:
        """Read a record; ``ConfigError`` naming the field that is wrong."""
        if not isinstance(data, dict):
            raise ConfigError(f"{source}: a game record is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise ConfigError(f"{source}: not a game record (its 'format' is not {FORMAT})")
        wanted: dict[str, type | tuple[type, ...]] = {
            "game": str,
            "rules_version": (str, int),
            "options": dict,
            "seats": list,
            "actions": list,
        }
        for key, kind in wanted.items():
            if not isinstance(data.get(key), kind):
                raise ConfigError(f"{source}: field {quote(key, 40)} is missing or of the wrong type")
        if not all(isinstance(a, str) for a in data["actions"]):
            raise ConfigError(f"{source}: every entry of 'actions' must be a string")
        if not all(isinstance(s, str) for s in data["seats"]):
            raise ConfigError(f"{source}: every entry of 'seats' must be a string")
        outcome = data.get("outcome")
        if outcome is not None and not _is_outcome(outcome):
            raise ConfigError(f'{source}: \'outcome\' must be null or {{"returns": [numbers], "scores": [numbers]}}')
        for key in ("start", "meta"):
            if not isinstance(data.get(key), dict | None):
                raise ConfigError(f"{source}: field {quote(key, 40)} must be an object")
        if not _is_game(data["game"]):
            raise ConfigError(f"{source}: field 'game' names no game of this deckhand (games: {', '.join(games())})")
        return cls(
            game=data["game"],
            rules_version=str(data["rules_version"]),
            options=data["options"],
            seats=[str(s) for s in data["seats"]],
            actions=list(data["actions"]),
            outcome=outcome,
            start=data.get("start"),
            meta=data.get("meta") or {},
        )

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON (via a temporary file, so a crash leaves the old one)."""
        target = Path(path)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(self.dumps() + "\n", encoding="utf-8")
        tmp.replace(target)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file (a regular file of at most ``SAVE_FILE_LIMIT`` bytes)."""
        return cls.from_json(read_json(path, what="record"), source=shown_path(path))

    @classmethod
    def loads(cls, text: str, *, source: str = "record") -> GameRecord:
        """Read a record from JSON text; ``ConfigError`` naming ``source`` if it is not one."""
        return cls.from_json(parse_json(text, source), source=source)


def read_json(path: str | Path, *, what: str = "file") -> Any:
    """A JSON file's data; every way it can be unreadable is one ``ConfigError`` line naming the file."""
    text = read_text(path, what=what, limit=SAVE_FILE_LIMIT)
    return parse_json(text, shown_path(path))


class _NotJson(ValueError):
    """A JSON text deckhand refuses although ``json`` would read it."""


def _no_constant(name: str) -> Any:
    raise _NotJson(f"{name} is not a number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotJson("a number too large to hold")
    return value


def parse_json(text: str, source: str) -> Any:
    """JSON text's data; ``ConfigError`` naming ``source`` (and the line) when it is not JSON.

    The message says what is wrong and where, never what the text holds
    (``json``'s own messages do not quote it). ``NaN`` and ``Infinity``,
    which ``json`` reads but no JSON standard allows, are refused, and so is
    a number too large for a float (``1e999``).
    """
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{source}, line {exc.lineno}: not valid JSON: {exc.msg}") from None
    except _NotJson as exc:
        raise ConfigError(f"{source}: not valid JSON: {exc}") from None
    except ValueError:  # a number of thousands of digits
        raise ConfigError(f"{source}: not valid JSON: a number too long to read") from None
    except RecursionError:
        raise ConfigError(f"{source}: not valid JSON: nested too deeply") from None


def _is_game(name: str) -> bool:
    """Whether ``name`` is a game's (an unknown name is not repeated: any JSON file may be named as a record)."""
    try:
        game_class(name)
    except ConfigError:
        return False
    return True


def _is_outcome(value: Any) -> bool:
    def numbers(items: Any) -> bool:
        return isinstance(items, list) and all(isinstance(v, int | float) and not isinstance(v, bool) for v in items)

    return isinstance(value, dict) and numbers(value.get("returns")) and numbers(value.get("scores", []))


def start_state(record: GameRecord, game: Game | None = None) -> State:
    """Where the record's game began: the deal, or the saved state it was resumed from."""
    game = game or load_game(record.game, **record.options)
    return game.new_initial_state() if record.start is None else game.state_from_json(record.start)


def replay(record: GameRecord, *, upto: int | None = None) -> State:
    """The state after the record's actions (the first ``upto`` of them, if given).

    Raises ``ConfigError`` naming the first action that does not replay, or
    when a finished record's outcome differs from the replayed one.
    """
    if upto is not None and upto < 0:
        raise ConfigError(f"upto must be a number of actions, 0 or more, not {upto}")
    version = game_class(record.game).rules_version  # before the options: they are checked for this version
    if version != record.rules_version:
        raise ConfigError(
            f"record is for {record.game} rules version {quote(record.rules_version)}; "
            f"this deckhand plays version {version}"
        )
    game = load_game(record.game, **record.options)
    state = start_state(record, game)
    actions = record.actions if upto is None else record.actions[:upto]
    for number, text in enumerate(actions, start=1):
        try:
            state.apply_action(state.string_to_action(text))
        except DeckhandError as exc:
            raise ConfigError(f"record action {number} ({quote(text, 40)}): {exc}") from None
    finished = upto is None and record.outcome is not None and state.is_terminal()
    if finished and record.outcome is not None and _rounded(state.returns()) != _rounded(record.outcome["returns"]):
        raise ConfigError("record's outcome does not match the replayed game")
    return state


def _rounded(values: Any) -> list[float]:
    return [round(float(v), 9) for v in values]
