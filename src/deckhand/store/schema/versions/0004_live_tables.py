"""Tables in progress at ``deckhand serve`` (their seats and every action), and the names people played under.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("name", sa.String(80), nullable=True))
    op.create_table(
        "live_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rules_version", sa.String(20), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("start", sa.Text, nullable=True),
        sa.Column("spectators", sa.Boolean, nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("finished_game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=True),
        sa.Column("host_hash", sa.String(64), nullable=True),
        sa.Column("stand_in", sa.String(200), nullable=True),
        sa.Column("away", sa.Float, nullable=False),
        sa.Column("owner", sa.String(200), nullable=True),
        sa.Column("lease_until", sa.DateTime, nullable=True),
    )
    op.create_index("ix_live_tables_finished", "live_tables", ["finished_game_id"])
    op.create_table(
        "live_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("live_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("spec", sa.String(200), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "live_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("live_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("by", sa.String(200), nullable=True),
    )
