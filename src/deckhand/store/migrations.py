"""Schema migrations: Alembic revisions (``deckhand/store/schema/versions``), applied when a database is opened.

A user's database from an older deckhand is upgraded in place on first use,
so an upgrade never loses their history. Databases from deckhand 0.1 carry
their version in a ``deckhand_schema`` table of numbered steps; they are
stamped with the matching revision and upgraded from there. Everything runs
in one transaction: an upgrade that fails leaves the database as it was.
"""

from __future__ import annotations

from functools import cache

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Engine, inspect, text
from sqlalchemy.engine import Connection

from deckhand.core.errors import ConfigError

NUMBERED_STEPS = {1: "0001", 2: "0002"}
"""deckhand 0.1's numbered schema versions and the revisions that reproduce them."""


@cache
def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(_config())


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", "deckhand.store:schema")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head() -> str:
    """The newest revision this deckhand knows."""
    revision = _scripts().get_current_head()
    assert revision is not None, "the schema has revisions"
    return revision


def current_revision(conn: Connection) -> str | None:
    """The revision a database is at (``None``: empty); 0.1's numbered versions are translated."""
    revision = MigrationContext.configure(conn).get_current_revision()
    if revision is None and inspect(conn).has_table("deckhand_schema"):
        step = conn.execute(text("SELECT MAX(version) FROM deckhand_schema")).scalar()
        if step:
            if int(step) not in NUMBERED_STEPS:
                raise ConfigError(f"the database is at schema version {step}; this deckhand knows up to 2")
            return NUMBERED_STEPS[int(step)]
    return revision


MIGRATION_LOCK = 0x6465636B68616E64
"""The advisory lock's key on PostgreSQL ("deckhand" in ASCII): held while a process migrates."""


def migrate(engine: Engine, target: str = "head") -> str:
    """Bring the database to ``target`` (a revision id, or ``head``); returns the revision reached.

    On PostgreSQL, processes started together on one database take turns
    (a lock held until the transaction ends): the first upgrades, the others
    find it done. Without it, two would create the same tables at once.
    """
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        revision = current_revision(conn)
        if revision is not None and not _known(revision):
            raise ConfigError(
                f"the database is at schema revision {revision}, newer than this deckhand knows ({head()}): "
                "upgrade deckhand"
            )
        config = _config(conn)
        if revision is not None and MigrationContext.configure(conn).get_current_revision() is None:
            command.stamp(config, revision)  # a 0.1 database: Alembic takes over its version
        command.upgrade(config, target)
        reached = MigrationContext.configure(conn).get_current_revision()
    assert reached is not None
    return reached


def _known(revision: str) -> bool:
    try:
        return _scripts().get_revision(revision) is not None
    except CommandError:  # an id no revision here has
        return False


def level_of(seats: list[tuple[str, bool]]) -> str | None:
    """The computer's level in a game with people: the computer seats' spec, ``mixed`` if they differ."""
    computers = {player for player, human in seats if not human}
    if not any(human for _, human in seats) or not computers:
        return None
    return computers.pop() if len(computers) == 1 else "mixed"
