"""Games dealt from a chosen seed or a stacked deck are marked; open seats keep the hash of their invite.

A chosen deal is practice: a person's statistics count it apart. Games
stored before this revision were dealt as they were then and stay unmarked.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("chosen_deal", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("live_tables", sa.Column("chosen_deal", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("live_seats", sa.Column("invite_hash", sa.String(64), nullable=True))
