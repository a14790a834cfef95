"""The database tables at the current schema version (SQLAlchemy 2 ORM).

One row per finished game, with its full record (so any game can be
replayed from the database), and one row per seat with who sat there and
how it did. Older databases are brought up to this shape by the Alembic
revisions in ``deckhand/store/schema`` (:mod:`deckhand.store.migrations`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """Declarative base of deckhand's tables."""


class GameRow(Base):
    """A finished game: what was played, by whom, and the whole record."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    rules_version: Mapped[str] = mapped_column(String(20))
    options: Mapped[str] = mapped_column(Text)
    """The game's options as JSON."""
    record: Mapped[str] = mapped_column(Text)
    """The game record as JSON (``deckhand-record/1``): replayable."""
    num_actions: Mapped[int] = mapped_column(Integer)
    finished_at: Mapped[datetime] = mapped_column(DateTime)
    source: Mapped[str] = mapped_column(String(20), default="play")
    """Where the game was played: ``play`` (a person was there) or ``arena``."""
    level: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """The computer's level in a game between people and the computer, else null."""

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="game_row", cascade="all, delete-orphan", order_by="SeatRow.seat"
    )

    __table_args__ = (Index("ix_games_game_level", "game", "level"),)


class SeatRow(Base):
    """One seat of a finished game: the player (``human`` or an agent spec) and its result."""

    __tablename__ = "seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(200))
    human: Mapped[bool] = mapped_column(Boolean)
    result: Mapped[float] = mapped_column(Float)
    """The seat's return: 1 win, 0 loss, 1/k for a win shared by k."""
    score: Mapped[float] = mapped_column(Float)

    game_row: Mapped[GameRow] = relationship(back_populates="seats")
