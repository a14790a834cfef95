"""Alembic keeps the schema's version from here on: 0.1's own ``deckhand_schema`` table goes.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DROP TABLE IF EXISTS deckhand_schema")
