"""Games with their records, and seats with their results (deckhand 0.1's step 1).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rules_version", sa.String(20), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("num_actions", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_games_game", "games", ["game"])
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("player", sa.String(200), nullable=False),
        sa.Column("human", sa.Boolean, nullable=False),
        sa.Column("result", sa.Float, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
    )
    op.create_index("ix_seats_game_id", "seats", ["game_id"])
