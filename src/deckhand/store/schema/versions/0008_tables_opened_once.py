"""A live table keeps the hash of the key its creator sent, so that a retried creation answers the same table.

``POST /api/tables`` with an ``Idempotency-Key`` stores the key's hash
(unique: one table per key, whichever process is asked) and the hash of the
request it came with, in the same transaction that opens the table.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("live_tables", sa.Column("key_hash", sa.String(64), nullable=True))
    op.add_column("live_tables", sa.Column("request_hash", sa.String(64), nullable=True))
    op.create_index("ux_live_tables_key_hash", "live_tables", ["key_hash"], unique=True)
