"""Game reviews kept with their game: written once when the analysis ends, read back instantly after.

The store keeps a review's JSON as it is given; what a review holds is
:mod:`deckhand.review`'s business. A review is found by game, seat and key
(the review's version, engine and budget).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from deckhand.core.errors import ConfigError
from deckhand.store.db import MAX_GAME_ID, get_engine
from deckhand.store.models import GameRow, LiveSeatRow, LiveTableRow, ReviewRow, SeatRow


def stored_review(game_id: int, seat: int, key: str, *, url: str | None = None) -> dict[str, Any] | None:
    """The review kept for that game, seat and key, or None."""
    if not 1 <= game_id <= MAX_GAME_ID:
        return None
    query = select(ReviewRow.review).where(ReviewRow.game_id == game_id, ReviewRow.seat == seat, ReviewRow.key == key)
    with Session(get_engine(url)) as session:
        text = session.scalar(query)
    return None if text is None else dict(json.loads(text))


def keep_review(game_id: int, seat: int, key: str, review: dict[str, Any], *, url: str | None = None) -> None:
    """Keep a review with its game, replacing one of the same key; ``ConfigError`` if the game is not stored."""
    with Session(get_engine(url)) as session, session.begin():
        if session.get(GameRow, game_id) is None:
            raise ConfigError(f"no stored game with id {game_id}")
        session.execute(
            delete(ReviewRow).where(ReviewRow.game_id == game_id, ReviewRow.seat == seat, ReviewRow.key == key)
        )
        session.add(
            ReviewRow(
                game_id=game_id,
                seat=seat,
                key=key,
                review=json.dumps(review),
                created_at=datetime.now(UTC).replace(tzinfo=None),
            )
        )


def seat_account(game_id: int, seat: int, *, url: str | None = None) -> int | None:
    """The account that played that seat of a stored game, signed in (``None``: anonymous, a computer, or deleted)."""
    if not 1 <= game_id <= MAX_GAME_ID:
        return None
    query = select(SeatRow.account_id).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
    with Session(get_engine(url)) as session:
        found = session.scalar(query)
    return None if found is None else int(found)


def live_seat_hash(game_id: int, seat: int, *, url: str | None = None) -> tuple[bool, str | None]:
    """Whether the game was played at a live table of ``deckhand serve``, and that seat's token hash there."""
    if not 1 <= game_id <= MAX_GAME_ID:
        return False, None
    with Session(get_engine(url)) as session:
        table = session.scalar(select(LiveTableRow.id).where(LiveTableRow.finished_game_id == game_id))
        if table is None:
            return False, None
        found = session.scalar(
            select(LiveSeatRow.token_hash).where(LiveSeatRow.table_id == table, LiveSeatRow.seat == seat)
        )
    return True, found
