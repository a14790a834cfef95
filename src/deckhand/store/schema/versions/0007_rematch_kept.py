"""A finished live table keeps the id of its rematch, so that any process that takes it over offers the same one.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("live_tables", sa.Column("rematch", sa.String(32), nullable=True))
