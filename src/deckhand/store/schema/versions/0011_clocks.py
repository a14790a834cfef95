"""Clocks: a live table's clock settings, and each move's seconds left to its mover.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("live_tables", sa.Column("clock", sa.Text, nullable=True))
    op.add_column("live_actions", sa.Column("time_left", sa.Float, nullable=True))
