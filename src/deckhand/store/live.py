"""The live tables of ``deckhand serve`` in the store: every statement the server's ledger runs.

A table being played is stored as three kinds of rows (:class:`LiveTable`
with its :class:`LiveSeat` rows, and its :class:`LiveAction` rows in
order), enough to deal it again after a restart. The server's ledger
decides what to write and when (its group commit, its leases' timing);
this module only knows how: the rows come and go here as frozen values, so
nothing outside the store touches SQLAlchemy.

Which process deals a table is written on its row (``owner``, until
``lease_until``); a :class:`Claim` says who takes tables, for how long, and
which ones count as free.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import (
    ColumnElement,
    Engine,
    Insert,
    and_,
    bindparam,
    delete,
    insert,
    literal,
    or_,
    select,
    true,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, selectinload

from deckhand.core.errors import DeckhandError
from deckhand.play.records import GameRecord
from deckhand.store.db import Played, add_games, get_engine
from deckhand.store.models import LiveActionRow, LiveSeatRow, LiveTableRow, table_of
from deckhand.store.ratings import rate_game
from deckhand.store.seeks import filled


@dataclass(frozen=True, slots=True)
class Finished:
    """A live table's game, over: its record and the names its people played under, seat by seat."""

    table_id: str
    record: GameRecord
    names: Sequence[str | None]
    accounts: Sequence[int | None] = ()
    """The accounts its people played as, seat by seat (``None``: anonymous or a computer)."""
    rated: bool = False
    """Its people's ratings move, in the transaction that stores it."""


@dataclass(frozen=True, slots=True)
class LiveSeat:
    """A seat at a live table: who sits there, and the hash of a person's token (never the token)."""

    seat: int
    spec: str
    name: str
    token_hash: str | None = None
    invite_hash: str | None = None
    """The hash of an open seat's invite code; ``None`` once taken, or at a table listed in the lobby."""
    account_id: int | None = None
    """The account its person sits as (``None``: anonymous, open, or a computer)."""


@dataclass(frozen=True, slots=True)
class LiveAction:
    """One action at a live table: a move (with its seat and public reason) or a chance outcome (no seat)."""

    table_id: str
    seq: int
    """1 for the first action."""
    action: str
    """The action in the game's notation."""
    seat: int | None
    reason: str = ""
    by: str | None = None
    """The computer level that played it for an absent person (``None``: the seat's own player)."""
    left: float | None = None
    """At a table with a clock, the mover's seconds left after the move."""


@dataclass(frozen=True, slots=True)
class LiveTable:
    """A live table's row and its seats: what deals it again (with its actions) after a restart."""

    id: str
    game: str
    rules_version: str
    options: str
    """The options the game was loaded with, as JSON."""
    seed: int
    chosen_deal: bool
    start: str | None
    """For a resumed save, JSON ``{"origin": ..., "start": ...}``; ``None`` for a new deal."""
    spectators: bool
    public: bool
    created_at: datetime
    updated_at: datetime
    seq: int
    """How many actions are stored."""
    host_hash: str | None
    stand_in: str | None
    away: float
    owner: str | None
    """The server process that deals it."""
    lease_until: datetime | None
    seats: tuple[LiveSeat, ...]
    finished_game_id: int | None = None
    """The finished game's id in ``games`` (``None`` while it is played)."""
    rematch: str | None = None
    """The table where its people play again, once one of them asked."""
    key_hash: str | None = None
    """The hash of the ``Idempotency-Key`` it was opened with: one table per key, whichever process is asked."""
    request_hash: str | None = None
    """The hash of the request it was opened by, with that key."""
    rated: bool = False
    """Its game moves its people's ratings."""
    clock: str | None = None
    """Its clock's settings as JSON ``{"initial", "increment"}`` (``None``: no clock)."""


class AlreadyOpened(DeckhandError):
    """A new table's key opened another table first (a retried request): nothing of this one was stored."""

    def __init__(self, table_id: str | None) -> None:
        super().__init__(f"this key opened table {table_id} already")
        self.table_id = table_id


class StoredTable(NamedTuple):
    """A table as stored: its row and its actions in order."""

    table: LiveTable
    actions: list[LiveAction]


class Progress(NamedTuple):
    """How far a table got: the ``seq`` its players were last told, and when."""

    table_id: str
    seq: int
    updated_at: datetime


class Holder(NamedTuple):
    """Who deals a table after a :meth:`LiveStore.claim` of it, and whether the claim took it."""

    owner: str | None
    lease_until: datetime | None
    finished: bool
    """The game is over (the table is kept for a last look, its result and its rematch)."""
    taken: bool
    """The claim took the table: it is the claimant's now."""


@dataclass(frozen=True)
class Claim:
    """A server process taking tables: who, until when, and which tables count as free.

    Free: the claimant's own, nobody's, or one whose lease ended before
    ``now``; with ``every``, any table (a process alone on its database).
    """

    owner: str
    until: datetime
    """The end of the lease it takes."""
    now: datetime
    every: bool = False

    def free(self) -> ColumnElement[bool]:
        if self.every:
            return true()
        return or_(
            LiveTableRow.owner == self.owner,
            LiveTableRow.owner.is_(None),
            LiveTableRow.lease_until.is_(None),
            LiveTableRow.lease_until < self.now,
        )


class LiveWrites:
    """The writes of one transaction (a group commit of the ledger): all of them land, or none."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def owned(self, table_ids: Collection[str], owner: str) -> set[str]:
        """Which of the tables ``owner`` deals, their rows locked until the commit (so none changes hands)."""
        mine = select(LiveTableRow.id).where(LiveTableRow.id.in_(table_ids), LiveTableRow.owner == owner)
        return set(self._session.scalars(mine.with_for_update()))

    def open(self, tables: Sequence[LiveTable]) -> None:
        """Store new tables with their seats (bulk: one statement for the tables, one for the seats).

        :class:`AlreadyOpened` if a table's key opened another table first,
        here or in another process's transaction committed meanwhile (the
        insert waits for it, and skips the row whose key it stored).
        """
        rows = [{name: getattr(table, name) for name in _TABLE_COLUMNS} for table in tables]
        keyed = {table.key_hash: table.id for table in tables if table.key_hash is not None}
        if keyed:
            self._session.execute(_insert_once(self._session), rows)
            found = select(LiveTableRow.key_hash, LiveTableRow.id).where(LiveTableRow.key_hash.in_(keyed))
            stored = {key: table_id for key, table_id in self._session.execute(found)}
            for key, table_id in keyed.items():
                if stored.get(key) != table_id:
                    raise AlreadyOpened(stored.get(key))
        else:  # the Core's insert: the ORM's costs more than the statement, and every new table pays it
            self._session.connection().execute(insert(_LIVE), rows)
        seats = [
            {"table_id": table.id} | {name: getattr(seat, name) for name in _SEAT_COLUMNS}
            for table in tables
            for seat in table.seats
        ]
        if seats:  # the table's own insert: one statement (the ORM's would split rows by the columns they set)
            self._session.connection().execute(insert(_SEATS), seats)

    def add_actions(self, actions: Sequence[LiveAction]) -> None:
        """Store actions of any tables (one bulk statement: this is every move's write)."""
        rows = [
            {
                "table_id": a.table_id,
                "seq": a.seq,
                "action": a.action,
                "seat": a.seat,
                "reason": a.reason,
                "by": a.by,
                "time_left": a.left,
            }
            for a in actions
        ]
        self._session.connection().execute(insert(table_of(LiveActionRow)), rows)

    def progress(self, progress: Sequence[Progress]) -> None:
        """Set each table's ``seq`` and ``updated_at`` (one bulk update by primary key)."""
        rows = [{"b_row": p.table_id, "b_seq": p.seq, "b_at": p.updated_at} for p in progress]
        self._session.connection().execute(_PROGRESS, rows)

    def seat(self, table_id: str, seats: Sequence[LiveSeat]) -> None:
        """Store who sits where now (someone joined, or the host started with computers in the open seats)."""
        for seat in seats:
            self._session.merge(LiveSeatRow(table_id=table_id, **asdict(seat)))

    def finish(self, games: Sequence[Finished]) -> list[int]:
        """Store finished games in ``games`` and link each table to its game; the games' ids, in order.

        A rated game's people's ratings move here, in the same transaction: a
        game stored once moves them once.

        A few statements however many games end in one group commit (on SQLite, one more a game).
        """
        ids = add_games(self._session, [Played(g.record, g.names, g.accounts, g.rated) for g in games])
        links = [{"b_row": game.table_id, "b_game": id_} for game, id_ in zip(games, ids, strict=True)]
        if links:
            self._session.connection().execute(_FINISHED, links)
        for game, id_ in zip(games, ids, strict=True):
            if game.rated:
                rate_game(self._session, id_, game.record, game.accounts)
        return ids

    def fill_seek(self, seek_id: str, table_id: str, seats: Sequence[tuple[int, int]]) -> None:
        """The seek has its table, stored with it: each of its places (by number) has its seat."""
        filled(self._session, seek_id, table_id, seats)

    def rematch(self, table_id: str, rematch: str) -> None:
        """Store where a finished table's people play again (whoever deals the table next offers the same)."""
        self._session.execute(update(LiveTableRow).where(LiveTableRow.id == table_id).values(rematch=rematch))

    def clear_finished(self, owner: str, now: datetime, before: datetime) -> int:
        """Forget the finished tables nobody alive keeps that ended before ``before``; how many.

        Not ``owner``'s (it forgets its own when their rooms are swept), and
        not those another process's lease still holds: a finished table is
        taken over by whichever process a request for it reaches, until it
        has been finished long enough that nobody comes back for it.
        """
        kept = or_(
            LiveTableRow.owner.is_(None),
            and_(
                LiveTableRow.owner != owner,
                or_(LiveTableRow.lease_until.is_(None), LiveTableRow.lease_until < now),
            ),
        )
        done = select(LiveTableRow.id).where(
            LiveTableRow.finished_game_id.is_not(None), LiveTableRow.updated_at < before, kept
        )
        cleared = list(self._session.scalars(done))
        for table_id in cleared:
            self.forget(table_id)
        return len(cleared)

    def forget(self, table_id: str) -> None:
        """Remove a table with its seats and actions (its finished game, if any, stays in ``games``)."""
        self._session.execute(delete(LiveActionRow).where(LiveActionRow.table_id == table_id))
        self._session.execute(delete(LiveSeatRow).where(LiveSeatRow.table_id == table_id))
        self._session.execute(delete(LiveTableRow).where(LiveTableRow.id == table_id))

    def renew(self, owner: str, until: datetime) -> None:
        """Extend ``owner``'s lease on every table it deals, finished ones too (kept for a last look)."""
        mine = LiveTableRow.owner == owner
        self._session.execute(update(LiveTableRow).where(mine).values(lease_until=until))

    def dealt_by_others(self, table_ids: Collection[str], owner: str) -> set[str]:
        """Which of the tables another process deals now (nobody's are not counted)."""
        others = select(LiveTableRow.id).where(LiveTableRow.id.in_(table_ids), LiveTableRow.owner != owner)
        return set(self._session.scalars(others))


class LiveStore:
    """The live tables of one database: transactions of :class:`LiveWrites`, claims, and reads."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def at(cls, url: str | None = None) -> LiveStore:
        """The live tables of the database at ``url`` (``DECKHAND_DB`` by default), opened and migrated."""
        return cls(get_engine(url))

    @contextmanager
    def transaction(self) -> Iterator[LiveWrites]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        with Session(self.engine) as session, session.begin():
            yield LiveWrites(session)

    def ping(self) -> None:
        """Ask the database the simplest question; raises whatever the driver raises if it cannot answer."""
        with self.engine.connect() as conn:
            conn.execute(select(literal(1)))

    def release(self, owner: str) -> None:
        """Make ``owner``'s tables nobody's, for another process to take at once."""
        with Session(self.engine) as session, session.begin():
            session.execute(update(LiveTableRow).where(LiveTableRow.owner == owner).values(owner=None))

    def claim_free(self, claim: Claim, finished_before: datetime) -> None:
        """Take every free unfinished table; forget the free finished ones that ended before ``finished_before``.

        The finished tables that ended since are left where they are, for
        whichever process a request for one reaches (:meth:`claim`).
        """
        with Session(self.engine) as session, session.begin():
            LiveWrites(session).clear_finished(claim.owner, claim.now, finished_before)
            session.execute(
                update(LiveTableRow)
                .where(LiveTableRow.finished_game_id.is_(None), claim.free())
                .values(owner=claim.owner, lease_until=claim.until)
            )

    def claim(self, table_id: str, claim: Claim) -> Holder | None:
        """Take one table, finished or not, if it is free; who deals it then (``None``: there is no such table)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(LiveTableRow, table_id)
            if row is None:
                return None
            finished = row.finished_game_id is not None
            taken = session.execute(
                update(LiveTableRow)
                .where(LiveTableRow.id == table_id, claim.free())
                .values(owner=claim.owner, lease_until=claim.until)
            )
            if not taken.rowcount:  # type: ignore[attr-defined]
                session.refresh(row)
                return Holder(row.owner, row.lease_until, finished=finished, taken=False)
            return Holder(claim.owner, claim.until, finished=finished, taken=True)

    def owner(self, table_id: str) -> str | None:
        """Which process deals the table now (``None``: nobody, or there is no such table)."""
        with Session(self.engine) as session:
            return session.scalar(select(LiveTableRow.owner).where(LiveTableRow.id == table_id))

    def stored(self, table_id: str) -> StoredTable | None:
        """One table, finished or not, with its actions in order (``None``: there is no such table)."""
        with Session(self.engine) as session:
            row = session.get(LiveTableRow, table_id, options=[selectinload(LiveTableRow.seats)])
            if row is None:
                return None
            return StoredTable(_table(row), _actions(session, table_id))

    def unfinished(self, *, owner: str | None = None, table_id: str | None = None) -> list[StoredTable]:
        """The unfinished tables (``owner``'s, or the one named), oldest first, each with its actions in order."""
        which: list[ColumnElement[bool]] = [LiveTableRow.finished_game_id.is_(None)]
        if owner is not None:
            which.append(LiveTableRow.owner == owner)
        if table_id is not None:
            which.append(LiveTableRow.id == table_id)
        with Session(self.engine) as session:
            rows = session.scalars(
                select(LiveTableRow)
                .where(*which)
                .options(selectinload(LiveTableRow.seats))
                .order_by(LiveTableRow.created_at)
            ).all()
            return [StoredTable(_table(row), _actions(session, row.id)) for row in rows]

    def opened_with(self, key_hash: str) -> LiveTable | None:
        """The table opened with the key of this hash, with its seats (``None``: none is stored)."""
        with Session(self.engine) as session:
            row = session.scalars(
                select(LiveTableRow).where(LiveTableRow.key_hash == key_hash).options(selectinload(LiveTableRow.seats))
            ).first()
            return None if row is None else _table(row)

    def listed(self, limit: int) -> list[LiveTable]:
        """The unfinished tables their hosts made public, newest first, at most ``limit``."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(LiveTableRow)
                .where(LiveTableRow.public.is_(True), LiveTableRow.finished_game_id.is_(None))
                .options(selectinload(LiveTableRow.seats))
                .order_by(LiveTableRow.created_at.desc())
                .limit(limit)
            ).all()
            return [_table(row) for row in rows]


_LIVE = table_of(LiveTableRow)
_SEATS = table_of(LiveSeatRow)
_TABLE_COLUMNS = tuple(field.name for field in fields(LiveTable) if field.name != "seats")
_SEAT_COLUMNS = tuple(field.name for field in fields(LiveSeat))
_PROGRESS = (
    update(_LIVE).where(_LIVE.c.id == bindparam("b_row")).values(seq=bindparam("b_seq"), updated_at=bindparam("b_at"))
)
"""Each table's progress, by id: one statement for a whole group commit (the Core's, without the ORM's bookkeeping)."""
_FINISHED = update(_LIVE).where(_LIVE.c.id == bindparam("b_row")).values(finished_game_id=bindparam("b_game"))


def _insert_once(session: Session) -> Insert:
    """An insert of tables that skips a row whose key is stored already (the caller then says which)."""
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        return postgresql.insert(LiveTableRow).on_conflict_do_nothing(index_elements=[LiveTableRow.key_hash])
    if dialect == "sqlite":
        return sqlite.insert(LiveTableRow).on_conflict_do_nothing(index_elements=[LiveTableRow.key_hash])
    return insert(LiveTableRow)  # another database: a key stored twice fails the insert instead


def _table(row: LiveTableRow) -> LiveTable:
    columns: dict[str, Any] = {f.name: getattr(row, f.name) for f in fields(LiveTable) if f.name != "seats"}
    seats = tuple(
        LiveSeat(
            seat=s.seat,
            spec=s.spec,
            name=s.name,
            token_hash=s.token_hash,
            invite_hash=s.invite_hash,
            account_id=s.account_id,
        )
        for s in row.seats
    )
    return LiveTable(**columns, seats=seats)


def _actions(session: Session, table_id: str) -> list[LiveAction]:
    rows = session.scalars(select(LiveActionRow).where(LiveActionRow.table_id == table_id).order_by(LiveActionRow.seq))
    return [_action(row) for row in rows]


def _action(row: LiveActionRow) -> LiveAction:
    return LiveAction(
        table_id=row.table_id,
        seq=row.seq,
        action=row.action,
        seat=row.seat,
        reason=row.reason,
        by=row.by,
        left=row.time_left,
    )
