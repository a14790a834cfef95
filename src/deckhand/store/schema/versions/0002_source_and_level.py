"""Where a game was played and the computer's level, so statistics need no JSON parsing (0.1's step 2).

Existing games are filled in from their seats: with a person at the table
they came from ``play``, and the level is the computer seats' spec
(``mixed`` when they differ).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("source", sa.String(20), nullable=False, server_default="play"))
    op.add_column("games", sa.Column("level", sa.String(200), nullable=True))
    op.create_index("ix_games_game_level", "games", ["game", "level"])
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT game_id, player, human FROM seats ORDER BY game_id, seat")).all()
    by_game: dict[int, list[tuple[str, bool]]] = {}
    for game_id, player, human in rows:
        by_game.setdefault(int(game_id), []).append((str(player), bool(human)))
    for game_id, seats in by_game.items():
        people = any(human for _, human in seats)
        computers = {player for player, human in seats if not human}
        level = None if not people or not computers else computers.pop() if len(computers) == 1 else "mixed"
        conn.execute(
            sa.text("UPDATE games SET source = :source, level = :level WHERE id = :id"),
            {"source": "play" if people else "arena", "level": level, "id": game_id},
        )
