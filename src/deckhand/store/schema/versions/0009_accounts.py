"""Accounts: a name that lasts, its sessions, and the failed sign-ins that limit guessing.

A person's seat, live or finished, may name the account it was played as;
deleting the account leaves the games and empties that link.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(20), nullable=False),
        sa.Column("name_key", sa.String(20), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("expires_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_table(
        "sign_in_failures",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("since", sa.DateTime, nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_seats_account_id", "accounts", ["account_id"], ["id"], ondelete="SET NULL")
        batch.create_index("ix_seats_account_id", ["account_id"])
    with op.batch_alter_table("live_seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_live_seats_account_id", "accounts", ["account_id"], ["id"], ondelete="SET NULL")
