"""The store: an engine on ``DECKHAND_DB`` (SQLite by default), and recording finished games.

Every write is one transaction: a game's row and its seats land together or
not at all, so a crash never leaves half a result.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, insert, make_url, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from deckhand.agents.registry import is_human
from deckhand.core.errors import ConfigError, quote
from deckhand.core.paths import database_url
from deckhand.play.records import GameRecord
from deckhand.store.migrations import level_of, migrate
from deckhand.store.models import GameRow, SeatRow, table_of

_ENGINES: dict[str, Engine] = {}
_ENGINES_LOCK = threading.Lock()
"""Two threads opening the same database at once must not both migrate it."""


def get_engine(url: str | None = None) -> Engine:
    """The engine for ``url`` (default :func:`database_url`), migrated to the current schema."""
    url = url or database_url()
    with _ENGINES_LOCK:
        engine = _ENGINES.get(url)
        if engine is None:
            try:
                _make_sqlite_dir(url)
                engine = create_engine(url)
                if engine.dialect.name == "sqlite":
                    event.listen(engine, "connect", _write_ahead)
                migrate(engine)
            except (SQLAlchemyError, ImportError, ValueError, OSError) as exc:
                raise ConfigError(f"database {_redact(url)}: {str(exc).splitlines()[0]}") from None
            _ENGINES[url] = engine
    return engine


def _write_ahead(connection: Any, _record: object) -> None:
    """SQLite in write-ahead mode: readers (the statistics page) never wait for the writer.

    With ``synchronous=NORMAL`` a commit does not wait for the disk; a
    process killed at any moment still loses nothing committed (only a power
    cut can lose the last commits), and a busy database is waited for.
    """
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _make_sqlite_dir(url: str) -> None:
    """A SQLite file's directory is created on first use, as the default one is."""
    database = sqlite_file(url)
    if database is not None:
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)


def sqlite_file(url: str) -> str | None:
    """The file of a SQLite database URL, as the URL names it; ``None`` for another database or one in memory.

    A SQLite file is one process's to serve from (``deckhand serve`` locks it); other databases are shared.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
        return parsed.database
    return None


def _redact(url: str) -> str:
    """The URL without its password, for error messages."""
    head, sep, tail = url.rpartition("@")
    if not sep or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, creds = head.partition("//")
    return f"{scheme}//{creds.split(':', 1)[0]}:***@{tail}"


def record_game(
    record: GameRecord,
    *,
    seats: Sequence[str] | None = None,
    source: str | None = None,
    url: str | None = None,
    names: Sequence[str | None] = (),
) -> int:
    """Store a finished game; returns its id.

    ``seats`` overrides the record's seat names (``human`` or agent specs such
    as ``hard`` or ``ismcts:iterations=500``). ``source`` defaults to ``play``
    when a person sat at the table, else ``arena``. ``names`` are the names people
    played under, seat by seat (``None`` for a computer). Unfinished records are refused.
    """
    with Session(get_engine(url)) as session, session.begin():
        row = add_game(session, record, seats=seats, source=source, names=names)
        session.flush()
        return int(row.id)


def add_game(
    session: Session,
    record: GameRecord,
    *,
    seats: Sequence[str] | None = None,
    source: str | None = None,
    names: Sequence[str | None] = (),
) -> GameRow:
    """:func:`record_game` within a transaction of the caller's.

    ``names`` are the names people played under, seat by seat (``None`` for a computer).
    """
    game, seat_rows = game_rows(record, seats=seats, source=source, names=names)
    row = GameRow(**game)
    row.seats = [SeatRow(**seat) for seat in seat_rows]
    session.add(row)
    return row


@dataclass(frozen=True, slots=True)
class Played:
    """A finished game to store: its record, and the names and accounts its people played as, seat by seat."""

    record: GameRecord
    names: Sequence[str | None] = ()
    accounts: Sequence[int | None] = ()
    """``None`` for a seat of an anonymous person or a computer."""
    rated: bool = False


def add_games(session: Session, games: Sequence[Played]) -> list[int]:
    """Store finished games; their ids, in order.

    Two statements whatever the number of games on PostgreSQL, one more a
    game on SQLite (which cannot say which id went to which row of one
    insert): the server's group commit stores every game its tables finished
    since the last one at once.
    """
    if not games:
        return []
    rows = [game_rows(game.record, names=game.names, accounts=game.accounts) for game in games]
    for (row, _), game in zip(rows, games, strict=True):
        row["rated"] = game.rated
    stored = insert(table_of(GameRow)).returning(table_of(GameRow).c.id, sort_by_parameter_order=True)
    connection = session.connection()  # the Core's statements: the ORM adds nothing to them but its cost
    ids = [int(found) for found in connection.execute(stored, [game for game, _ in rows]).scalars()]
    seats = [{**seat, "game_id": id_} for id_, (_, seat_rows) in zip(ids, rows, strict=True) for seat in seat_rows]
    connection.execute(insert(table_of(SeatRow)), seats)
    return ids


def game_rows(
    record: GameRecord,
    *,
    seats: Sequence[str] | None = None,
    source: str | None = None,
    names: Sequence[str | None] = (),
    accounts: Sequence[int | None] = (),
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A finished game's row and its seats' rows, as column values; unfinished records are refused."""
    if record.outcome is None or "returns" not in record.outcome:
        raise ConfigError("only finished games are recorded (the record has no outcome)")
    players = list(seats if seats is not None else record.seats)
    results = [float(r) for r in record.outcome["returns"]]
    scores = [float(s) for s in record.outcome.get("scores", [0.0] * len(results))]
    if len(players) != len(results):
        raise ConfigError(f"{len(players)} seats named for a game of {len(results)}")
    flags = [(p, is_human(p)) for p in players]
    game = {
        "game": record.game,
        "rules_version": record.rules_version,
        "options": json.dumps(record.options, sort_keys=True),
        "record": record.dumps(),
        "num_actions": len(record.actions),
        "finished_at": datetime.now(UTC).replace(tzinfo=None),
        "source": source or ("play" if any(h for _, h in flags) else "arena"),
        "level": level_of(flags),
        "chosen_deal": bool(record.meta.get("chosen_deal")) or record.options.get("deck") is not None,
    }
    seat_rows = [
        {
            "seat": i,
            "player": p,
            "human": h,
            "result": results[i],
            "score": scores[i] if i < len(scores) else 0.0,
            "name": names[i] if i < len(names) and h else None,
            "account_id": accounts[i] if i < len(accounts) and h else None,
        }
        for i, (p, h) in enumerate(flags)
    ]
    return game, seat_rows


MAX_GAME_ID = 2**31 - 1
"""The largest id a stored game can have: ids are a 32-bit ``INTEGER`` in PostgreSQL (SQLite's hold 64
bits). An id beyond it, or below 1, is no stored game: it never reaches the database, which would refuse it."""


def load_record(game_id: int, *, url: str | None = None) -> GameRecord:
    """The record of a stored game, ready for :func:`deckhand.play.replay`; ``ConfigError`` if there is none."""
    if not 1 <= game_id <= MAX_GAME_ID:
        raise ConfigError(f"no stored game with id {quote(game_id)}")
    with Session(get_engine(url)) as session:
        text = session.scalar(select(GameRow.record).where(GameRow.id == game_id))
    if text is None:
        raise ConfigError(f"no stored game with id {game_id}")
    return GameRecord.from_json(json.loads(text), source=f"stored game {game_id}")


def stored_names(game_id: int, *, url: str | None = None) -> list[str | None]:
    """The names the people of a stored game played under, seat by seat (``None`` for a computer or no name)."""
    if not 1 <= game_id <= MAX_GAME_ID:
        return []
    with Session(get_engine(url)) as session:
        rows = session.execute(select(SeatRow.seat, SeatRow.name).where(SeatRow.game_id == game_id)).all()
    names: list[str | None] = [None] * (max((seat for seat, _ in rows), default=-1) + 1)
    for seat, name in rows:
        names[seat] = name
    return names
