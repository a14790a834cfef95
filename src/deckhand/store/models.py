"""The database tables at the current schema version (SQLAlchemy 2 ORM).

One row per finished game, with its full record (so any game can be
replayed from the database), and one row per seat with who sat there and
how it did. Older databases are brought up to this shape by the Alembic
revisions in ``deckhand/store/schema`` (:mod:`deckhand.store.migrations`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, Float, ForeignKey, Index, Integer, String, Table, Text, false
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
    chosen_deal: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Dealt from a seed or a stacked deck someone chose (practice): people's statistics count it apart."""
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A rated game: it moved its people's ratings (in the transaction that stored it)."""

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
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    """The name a person played under (at ``deckhand serve``), so statistics can show people by name."""
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """The account the person played as, signed in (null: anonymous, a computer, or an account since deleted)."""

    game_row: Mapped[GameRow] = relationship(back_populates="seats")


class LiveTableRow(Base):
    """A table being played at ``deckhand serve``: enough to deal it again after a restart.

    The game is rebuilt from its name and options, then every action in
    :class:`LiveActionRow` is applied again, chance outcomes included.
    """

    __tablename__ = "live_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rules_version: Mapped[str] = mapped_column(String(20))
    options: Mapped[str] = mapped_column(Text)
    """The options the game was loaded with, as JSON."""
    seed: Mapped[int] = mapped_column(BigInteger)
    """Seeds the computers' choices; the deal too when ``chosen_deal`` (else chance came from the system's entropy)."""
    chosen_deal: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    start: Mapped[str | None] = mapped_column(Text, nullable=True)
    """For a resumed save, JSON ``{"origin": its state, "start": its record's start}`` (null: a new deal)."""
    spectators: Mapped[bool] = mapped_column(Boolean)
    public: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    updated_at: Mapped[datetime] = mapped_column(DateTime)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    """How many actions are stored (the sequence number clients were told)."""
    finished_game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), nullable=True)
    """The finished game's row in ``games``, written in the same transaction as its last action."""
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the host's token (who may start the game before every seat is taken)."""
    stand_in: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """The computer level that plays for a person who stays away (null: nobody stands in)."""
    away: Mapped[float] = mapped_column(Float, default=60.0)
    """Seconds a person may stay away before the stand-in plays for them."""
    owner: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """The address of the server process that deals this table (several may share one database)."""
    lease_until: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    """Until when the owner's claim holds: it renews it while it runs; another process may take over after."""
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The table where a finished table's people play again, once one of them asked (whichever process asks next)."""
    key_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the ``Idempotency-Key`` its creator sent (never the key): a retry answers this table."""
    request_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the request that opened it with that key: the same key with another request is refused."""
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Its game moves its people's ratings: every person sits as an account."""
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)
    """Its clock's settings, JSON ``{"initial", "increment"}`` in seconds (null: no clock)."""

    seats: Mapped[list[LiveSeatRow]] = relationship(cascade="all, delete-orphan", order_by="LiveSeatRow.seat")

    __table_args__ = (
        Index("ix_live_tables_finished", "finished_game_id"),
        Index("ux_live_tables_key_hash", "key_hash", unique=True),
    )


class LiveSeatRow(Base):
    """A seat at a live table: who sits there, and the hash of a person's token (never the token)."""

    __tablename__ = "live_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("live_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    spec: Mapped[str] = mapped_column(String(200))
    name: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of an open seat's invite code (a table not listed in the lobby); null once taken."""
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True)
    """The account of the person sitting here, signed in (null: anonymous, open, or a computer)."""


class LiveActionRow(Base):
    """One action at a live table, in order: a move (with its seat and public reason) or a chance outcome."""

    __tablename__ = "live_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("live_tables.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    """1 for the first action: the state message after it carries this ``seq``."""
    action: Mapped[str] = mapped_column(Text)
    """The action in the game's notation, read back at the same point of the game."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that moved; null for chance."""
    reason: Mapped[str] = mapped_column(Text, default="")
    by: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """The computer level that played this move for an absent person (null: the seat's own player)."""
    time_left: Mapped[float | None] = mapped_column(Float, nullable=True)
    """At a table with a clock, the mover's seconds left after the move: a table dealt again resumes from it."""


class ReviewRow(Base):
    """A stored game's review from one seat, at one budget and engine: opening it again needs no analysis.

    The review's JSON is what :class:`deckhand.review.Review` writes; ``key``
    names the review version, engine and budget, so a review at another
    budget, or after the analysis changed, is kept apart (and redone).
    """

    __tablename__ = "reviews"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    review: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime)


class AccountRow(Base):
    """A person's account at ``deckhand serve``: a name that lasts, and its password's hash (never the password)."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(20))
    """The name as its person spelled it: shown at tables, on profiles and leaderboards."""
    name_key: Mapped[str] = mapped_column(String(20), unique=True)
    """The name in lower case: two names differing only in case are one name."""
    password_hash: Mapped[str] = mapped_column(String(200))
    """Argon2id, in PHC format (its parameters with it, so a hash made with older ones is made again at sign-in)."""
    created_at: Mapped[datetime] = mapped_column(DateTime)


class SessionRow(Base):
    """A signed-in browser: the hash of its cookie's token (never the token), until it expires or signs out."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    expires_at: Mapped[datetime] = mapped_column(DateTime)


class RatingRow(Base):
    """An account's rating in one pool (a game, and its preset): OpenSkill's mu and sigma, and its record."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    pool: Mapped[str] = mapped_column(String(60), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    losses: Mapped[int] = mapped_column(Integer)
    draws: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime)

    __table_args__ = (Index("ix_ratings_pool_mu", "pool", "mu"),)


class RatingChangeRow(Base):
    """An account's rating after one rated game: the points of its graph over time."""

    __tablename__ = "rating_changes"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, index=True)
    pool: Mapped[str] = mapped_column(String(60))
    mu_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime)


class GuessRow(Base):
    """Failed sign-ins counted for one name or one address, so that guessing is limited across processes."""

    __tablename__ = "sign_in_failures"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    """``name:`` and the name in lower case (whether or not it exists), or ``address:`` and the client's address."""
    failures: Mapped[int] = mapped_column(Integer)
    since: Mapped[datetime] = mapped_column(DateTime)
    """When the window these failures count in began."""


class SeekRow(Base):
    """A seek: someone looking for people to play a game with, until enough have accepted (then its table)."""

    __tablename__ = "seeks"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    preset: Mapped[str | None] = mapped_column(String(40), nullable=True)
    options: Mapped[str] = mapped_column(Text)
    """The game's options as JSON, as the table will be dealt."""
    players: Mapped[int] = mapped_column(Integer)
    seated: Mapped[int] = mapped_column(Integer)
    """How many people have a place (the seeker included): raised only while below ``players``."""
    rated: Mapped[bool] = mapped_column(Boolean)
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The clock's settings as JSON (null: no clock)."""
    created_at: Mapped[datetime] = mapped_column(DateTime)
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The table dealt once the seek filled."""
    filled_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)

    __table_args__ = (Index("ix_seeks_table_id", "table_id"),)


class SeekerRow(Base):
    """A person with a place in a seek: known by the hash of their token, which becomes their seat's token."""

    __tablename__ = "seekers"

    seek_id: Mapped[str] = mapped_column(ForeignKey("seeks.id", ondelete="CASCADE"), primary_key=True)
    place: Mapped[int] = mapped_column(Integer, primary_key=True)
    """0 for the seeker, then in the order people accepted."""
    token_hash: Mapped[str] = mapped_column(String(64), index=True)
    name: Mapped[str] = mapped_column(String(80))
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True)
    rating: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The displayed rating in the seek's pool when they joined it (a rated seek's people are accounts)."""
    person: Mapped[str] = mapped_column(String(64), index=True)
    """The hash of who they are for the limits: their account, else their address."""
    seen_at: Mapped[datetime] = mapped_column(DateTime)
    """When they last asked after the seek: a person who stops asking has gone, and their place with them."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Their seat at the table, once it is dealt."""


def table_of(model: type[Base]) -> Table:
    """A model's table, for the store's bulk statements (the ORM's bulk insert splits rows by the columns set)."""
    return Base.metadata.tables[model.__tablename__]
