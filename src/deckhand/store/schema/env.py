"""Alembic's entry point: migrations run on the connection :func:`deckhand.store.migrate` hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from deckhand.store.models import Base


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:  # the alembic command line: the URL from alembic.ini or -x url=...
        url = context.get_x_argument(as_dictionary=True).get("url") or context.config.get_main_option("sqlalchemy.url")
        with create_engine(str(url)).begin() as own:
            _migrate(own)
    else:
        _migrate(connection)


def _migrate(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run()
