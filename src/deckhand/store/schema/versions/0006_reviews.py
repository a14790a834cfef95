"""Game reviews kept with the game: one per game, seat and review key (version, engine, budget).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("review", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
