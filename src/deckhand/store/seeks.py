"""Seeks and the people in them: every statement about them.

What a seek may ask for, who may accept it and which table it becomes are
the server's business (:mod:`deckhand.web.seeks`); this module keeps the
rows, so that every process behind a balancer sees the same seeks. A place
is taken by one conditional update of the seek's count (``seated < players``),
so two people accepting the last place at once, in two processes, cannot
both have it. Tokens are stored as their hashes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from deckhand.store.accounts import now
from deckhand.store.db import get_engine
from deckhand.store.models import SeekerRow, SeekRow

GONE = timedelta(seconds=20)
"""A person who has not asked after their seek for this long has gone: their place (a seeker's: the seek) goes."""
FILLING = timedelta(seconds=60)
"""A full seek whose table was never dealt (its process stopped meanwhile) is dropped after this."""
KEPT = timedelta(minutes=10)
"""A filled seek answers its people (which table, which seat) for this long."""


@dataclass(frozen=True, slots=True)
class Seeker:
    """A person with a place in a seek, as the server may tell of them: never their token."""

    place: int
    name: str
    account_id: int | None
    rating: int | None
    person: str
    token_hash: str = ""
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Seek:
    """A seek with its people, in the order they took their places."""

    id: str
    game: str
    preset: str | None
    options: str
    players: int
    rated: bool
    clock: str | None
    created_at: datetime
    seekers: tuple[Seeker, ...]
    table_id: str | None = None

    @property
    def seated(self) -> int:
        return len(self.seekers)


def post_seek(seek: Seek, token_hash: str, *, url: str | None = None) -> None:
    """Store a new seek with its seeker (``seek.seekers[0]``) in place 0."""
    at = now()
    first = seek.seekers[0]
    with Session(get_engine(url)) as session, session.begin():
        _drop_gone(session, at)
        session.add(
            SeekRow(
                id=seek.id,
                game=seek.game,
                preset=seek.preset,
                options=seek.options,
                players=seek.players,
                seated=1,
                rated=seek.rated,
                clock=seek.clock,
                created_at=at,
            )
        )
        session.flush()
        session.add(_row(seek.id, 0, first, token_hash, at))


def open_seeks(limit: int, *, url: str | None = None, seek_id: str | None = None) -> list[Seek]:
    """The seeks still looking for people, oldest first: their seeker is still asking after them (``seek_id``:
    that one only, if it is)."""
    at = now()
    alive = select(SeekerRow.seek_id).where(SeekerRow.place == 0, SeekerRow.seen_at > at - GONE)
    query = (
        select(SeekRow)
        .where(SeekRow.table_id.is_(None), SeekRow.seated < SeekRow.players, SeekRow.id.in_(alive))
        .order_by(SeekRow.created_at)
        .limit(limit)
    )
    if seek_id is not None:
        query = query.where(SeekRow.id == seek_id)
    with Session(get_engine(url)) as session:
        rows = list(session.scalars(query))
        return [_seek(row, _seekers(session, row.id)) for row in rows]


def open_count(person: str, *, url: str | None = None) -> int:
    """How many seeks still looking for people hold a place of ``person``'s."""
    at = now()
    query = (
        select(func.count())
        .select_from(SeekerRow)
        .join(SeekRow, SeekRow.id == SeekerRow.seek_id)
        .where(SeekerRow.person == person, SeekRow.table_id.is_(None), SeekerRow.seen_at > at - GONE)
    )
    with Session(get_engine(url)) as session:
        return int(session.scalar(query) or 0)


def ask(seek_id: str, token_hash: str, *, url: str | None = None) -> tuple[Seek, Seeker] | None:
    """The seek and the person whose token's hash is given, who has just asked after it (so has not gone).

    The person's row is marked seen first, by one statement: a place withdrawn
    meanwhile (its page closed) updates nothing and the answer is ``None``,
    where an update of the row read before would find it gone.
    """
    at = now()
    with Session(get_engine(url)) as session, session.begin():
        _drop_gone(session, at)
        here = (SeekerRow.seek_id == seek_id, SeekerRow.token_hash == token_hash)
        seen = session.execute(update(SeekerRow).where(*here).values(seen_at=at))
        if seen.rowcount != 1:  # type: ignore[attr-defined]
            return None
        row = session.get(SeekRow, seek_id)
        mine = session.scalar(select(SeekerRow).where(*here))
        if row is None or mine is None:
            return None
        return _seek(row, _seekers(session, seek_id)), _seeker(mine)


def take_place(seek_id: str, seeker: Seeker, token_hash: str, *, url: str | None = None) -> Seek | None:
    """A place in the seek for ``seeker``; the seek with them in it, or ``None`` if it is full or gone.

    The count goes up only while it is below ``players``: of people taking the
    last place at once (in any process), one has it.
    """
    at = now()
    with Session(get_engine(url)) as session, session.begin():
        _drop_gone(session, at)
        taken = session.execute(
            update(SeekRow)
            .where(SeekRow.id == seek_id, SeekRow.table_id.is_(None), SeekRow.seated < SeekRow.players)
            .values(seated=SeekRow.seated + 1)
        )
        if taken.rowcount != 1:  # type: ignore[attr-defined]
            return None
        place = (session.scalar(select(func.max(SeekerRow.place)).where(SeekerRow.seek_id == seek_id)) or 0) + 1
        session.add(_row(seek_id, place, seeker, token_hash, at))
        session.flush()
        row = session.get(SeekRow, seek_id)
        assert row is not None
        return _seek(row, _seekers(session, seek_id))


def leave(seek_id: str, token_hash: str, *, url: str | None = None) -> bool | None:
    """The person leaves a seek that has not filled (the seeker: the seek goes). ``None``: no such place;
    ``False``: it has filled already."""
    with Session(get_engine(url)) as session, session.begin():
        row = session.get(SeekRow, seek_id)
        mine = session.scalar(select(SeekerRow).where(SeekerRow.seek_id == seek_id, SeekerRow.token_hash == token_hash))
        if row is None or mine is None:
            return None
        if row.table_id is not None or row.seated >= row.players:
            return False
        if mine.place == 0:
            _delete(session, [seek_id])
        else:
            session.delete(mine)
            row.seated -= 1
        return True


def give_back(seek_id: str, token_hash: str, *, url: str | None = None) -> None:
    """Undo a place taken when the table could not be dealt: the seek goes on looking."""
    with Session(get_engine(url)) as session, session.begin():
        gone = session.execute(
            delete(SeekerRow).where(SeekerRow.seek_id == seek_id, SeekerRow.token_hash == token_hash)
        ).rowcount  # type: ignore[attr-defined]
        if gone:
            session.execute(update(SeekRow).where(SeekRow.id == seek_id).values(seated=SeekRow.seated - gone))


def filled(session: Session, seek_id: str, table_id: str, seats: Sequence[tuple[int, int]]) -> None:
    """In the transaction that stores the table: the seek has its table, each place (by number) its seat."""
    session.execute(update(SeekRow).where(SeekRow.id == seek_id).values(table_id=table_id, filled_at=now()))
    for place, seat in seats:
        session.execute(
            update(SeekerRow).where(SeekerRow.seek_id == seek_id, SeekerRow.place == place).values(seat=seat)
        )


def _drop_gone(session: Session, at: datetime) -> None:
    """Forget the seeks whose seeker has gone, the places of others who have, and filled seeks kept long enough."""
    open_ = SeekRow.table_id.is_(None)
    seeker_gone = select(SeekerRow.seek_id).where(SeekerRow.place == 0, SeekerRow.seen_at <= at - GONE)
    stale = list(
        session.scalars(
            select(SeekRow.id).where(
                (open_ & (SeekRow.seated < SeekRow.players) & SeekRow.id.in_(seeker_gone))
                | (open_ & (SeekRow.seated >= SeekRow.players) & (SeekRow.created_at <= at - FILLING))
                | (SeekRow.filled_at <= at - KEPT)
            )
        )
    )
    _delete(session, stale)
    others = session.execute(
        select(SeekerRow.seek_id, SeekerRow.place)
        .join(SeekRow, SeekRow.id == SeekerRow.seek_id)
        .where(open_, SeekRow.seated < SeekRow.players, SeekerRow.place > 0, SeekerRow.seen_at <= at - GONE)
    ).all()
    for seek_id, place in others:
        session.execute(delete(SeekerRow).where(SeekerRow.seek_id == seek_id, SeekerRow.place == place))
        session.execute(update(SeekRow).where(SeekRow.id == seek_id).values(seated=SeekRow.seated - 1))


def _delete(session: Session, seek_ids: list[str]) -> None:
    if seek_ids:  # SQLite does not cascade: the people go first, said here for both
        session.execute(delete(SeekerRow).where(SeekerRow.seek_id.in_(seek_ids)))
        session.execute(delete(SeekRow).where(SeekRow.id.in_(seek_ids)))


def _row(seek_id: str, place: int, seeker: Seeker, token_hash: str, at: datetime) -> SeekerRow:
    return SeekerRow(
        seek_id=seek_id,
        place=place,
        token_hash=token_hash,
        name=seeker.name,
        account_id=seeker.account_id,
        rating=seeker.rating,
        person=seeker.person,
        seen_at=at,
    )


def _seekers(session: Session, seek_id: str) -> tuple[Seeker, ...]:
    rows = session.scalars(select(SeekerRow).where(SeekerRow.seek_id == seek_id).order_by(SeekerRow.place))
    return tuple(_seeker(row) for row in rows)


def _seeker(row: SeekerRow) -> Seeker:
    return Seeker(row.place, row.name, row.account_id, row.rating, row.person, row.token_hash, row.seat)


def _seek(row: SeekRow, seekers: tuple[Seeker, ...]) -> Seek:
    return Seek(
        id=row.id,
        game=row.game,
        preset=row.preset,
        options=row.options,
        players=row.players,
        rated=row.rated,
        clock=row.clock,
        created_at=row.created_at,
        seekers=seekers,
        table_id=row.table_id,
    )
