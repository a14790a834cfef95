"""Schema migrations: numbered steps, applied in order, recorded in ``deckhand_schema``.

A user's database from an older deckhand is upgraded in place on first use,
so an upgrade never loses their history. Each step is written against the
schema as it was at that version (never against today's models), and runs in
one transaction.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    inspect,
    text,
)
from sqlalchemy.engine import Connection


def _v1(conn: Connection) -> None:
    """Games with their records, and seats with their results."""
    meta = MetaData()
    games = Table(
        "games",
        meta,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("game", String(40), nullable=False),
        Column("rules_version", String(20), nullable=False),
        Column("options", Text, nullable=False),
        Column("record", Text, nullable=False),
        Column("num_actions", Integer, nullable=False),
        Column("finished_at", DateTime, nullable=False),
    )
    Index("ix_games_game", games.c.game)
    seats = Table(
        "seats",
        meta,
        Column("id", Integer, primary_key=True, autoincrement=True),
        Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        Column("seat", Integer, nullable=False),
        Column("player", String(200), nullable=False),
        Column("human", Boolean, nullable=False),
        Column("result", Float, nullable=False),
        Column("score", Float, nullable=False),
    )
    Index("ix_seats_game_id", seats.c.game_id)
    meta.create_all(conn)


def _v2(conn: Connection) -> None:
    """Where a game was played and the computer's level, so statistics need no JSON parsing.

    Existing games are filled in from their seats: with a person at the
    table they came from ``play`` and the level is the computer seats' spec.
    """
    conn.execute(text("ALTER TABLE games ADD COLUMN source VARCHAR(20) NOT NULL DEFAULT 'play'"))
    conn.execute(text("ALTER TABLE games ADD COLUMN level VARCHAR(200)"))
    conn.execute(text("CREATE INDEX ix_games_game_level ON games (game, level)"))
    rows = conn.execute(text("SELECT game_id, player, human FROM seats ORDER BY game_id, seat")).all()
    by_game: dict[int, list[tuple[str, bool]]] = {}
    for game_id, player, human in rows:
        by_game.setdefault(int(game_id), []).append((str(player), bool(human)))
    for game_id, seats in by_game.items():
        level = level_of(seats)
        source = "play" if any(human for _, human in seats) else "arena"
        conn.execute(
            text("UPDATE games SET source = :source, level = :level WHERE id = :id"),
            {"source": source, "level": level, "id": game_id},
        )


def level_of(seats: list[tuple[str, bool]]) -> str | None:
    """The computer's level in a game with people: the computer seats' spec, ``mixed`` if they differ."""
    computers = {player for player, human in seats if not human}
    if not any(human for _, human in seats) or not computers:
        return None
    return computers.pop() if len(computers) == 1 else "mixed"


MIGRATIONS: list[Callable[[Connection], None]] = [_v1, _v2]
"""Step ``i`` brings a database from version ``i`` to ``i + 1``."""

HEAD = len(MIGRATIONS)


def current_version(conn: Connection) -> int:
    """The version a database is at; 0 for an empty one."""
    if not inspect(conn).has_table("deckhand_schema"):
        return 0
    value = conn.execute(text("SELECT MAX(version) FROM deckhand_schema")).scalar()
    return int(value or 0)


def migrate(engine: Engine, target: int = HEAD) -> int:
    """Apply every step up to ``target``; returns the version reached."""
    with engine.begin() as conn:
        if not inspect(conn).has_table("deckhand_schema"):
            conn.execute(text("CREATE TABLE deckhand_schema (version INTEGER PRIMARY KEY)"))
        version = current_version(conn)
    if version > HEAD:
        from deckhand.core.errors import ConfigError

        raise ConfigError(f"the database is at schema version {version}; this deckhand knows up to {HEAD}")
    while version < target:
        with engine.begin() as conn:
            MIGRATIONS[version](conn)
            version += 1
            conn.execute(text("INSERT INTO deckhand_schema (version) VALUES (:v)"), {"v": version})
    return version
