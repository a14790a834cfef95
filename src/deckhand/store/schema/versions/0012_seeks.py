"""Seeks: people looking for others to play with, each person's place, and the table they filled.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("preset", sa.String(40), nullable=True),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seated", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("clock", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("filled_at", sa.DateTime, nullable=True),
    )
    op.create_index("ix_seeks_table_id", "seeks", ["table_id"])
    op.create_table(
        "seekers",
        sa.Column("seek_id", sa.String(32), sa.ForeignKey("seeks.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("place", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
        sa.Column("rating", sa.Integer, nullable=True),
        sa.Column("person", sa.String(64), nullable=False),
        sa.Column("seen_at", sa.DateTime, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
    )
    op.create_index("ix_seekers_token_hash", "seekers", ["token_hash"])
    op.create_index("ix_seekers_person", "seekers", ["person"])
