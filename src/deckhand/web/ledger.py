"""The server's writes to the store: every table's actions, committed before anyone is told of them.

The ledger commits what the tables hand it, as much as is waiting, in one
transaction (a group commit). A table awaits its own changes before it tells
anyone, so a server killed at any moment restarts with every table at or
after the sequence number its players last saw; a finished game is stored in
the same transaction as its last action, so it is never lost nor stored twice.

Several server processes may share one PostgreSQL database. Each table is
dealt by one of them, its *owner* (an id of its own, with the address it
serves at), which renews a lease on its tables while it runs. A change to a table is committed only
while its process still owns it (the row is locked and checked in the same
transaction), so a process that stalled past its lease cannot write over the
one that took the table over. A table whose lease ran out (its process was
killed, or stopped and released it) is taken over by the first process asked
for it, dealt again from its stored actions. A process alone on its
database (``deckhand serve`` on SQLite, which it locks) deals every table.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, delete, insert, or_, select, true, update
from sqlalchemy.orm import Session, selectinload

from deckhand.agents.registry import is_human, make_agent
from deckhand.core.errors import DeckhandError
from deckhand.core.registry import game_class, load_game
from deckhand.store.db import add_game, get_engine
from deckhand.store.models import LiveActionRow, LiveSeatRow, LiveTableRow
from deckhand.web.table import OPEN, Entry, Seat, Table

log = logging.getLogger("deckhand.web")

Work = Callable[[Session], object]
"""Anything else a change does, run inside the ledger's transaction."""

LEASE = 30.0
"""Seconds a process's claim on its tables holds without being renewed; it renews every third of that."""


class TableLost(DeckhandError):
    """The table is dealt by another server process now: this one's change was not stored."""


@dataclass
class Change:
    """What one table hands the ledger: its new actions, how far it got, and any other work.

    In a batch, new tables go first, then each change's ``work`` (a finished
    game, a seat taken, a table forgotten), then every action and every
    table's progress in one bulk statement each.
    """

    actions: list[dict[str, Any]] = field(default_factory=list)
    progress: dict[str, Any] | None = None
    work: Work | None = None
    table: dict[str, Any] | None = None
    """A new table's row, with its seats' rows under ``seats``."""
    owned: str | None = None
    """The table this change is to, committed only while this process owns it."""


def _apply(session: Session, changes: Sequence[Change], owner: str) -> list[Change]:
    """Apply the changes to tables this process owns; those to tables it lost are left out and returned."""
    guarded = {change.owned for change in changes if change.owned is not None}
    lost: list[Change] = []
    if guarded:
        mine = select(LiveTableRow.id).where(LiveTableRow.id.in_(guarded), LiveTableRow.owner == owner)
        owned = set(session.scalars(mine.with_for_update()))
        lost = [change for change in changes if change.owned is not None and change.owned not in owned]
        changes = [change for change in changes if change.owned is None or change.owned in owned]
    tables = [change.table for change in changes if change.table is not None]
    if tables:
        session.execute(insert(LiveTableRow), [{k: v for k, v in t.items() if k != "seats"} for t in tables])
        session.execute(insert(LiveSeatRow), [seat for t in tables for seat in t["seats"]])
    for change in changes:
        if change.work is not None:
            change.work(session)
    actions = [row for change in changes for row in change.actions]
    if actions:
        session.execute(insert(LiveActionRow), actions)
    progress = [change.progress for change in changes if change.progress is not None]
    if progress:
        session.execute(update(LiveTableRow), progress)
    return lost


class Ledger:
    """Group commit on the server's own loop: :meth:`write` awaits one change's commit.

    The changes handed over while the loop runs its ready callbacks are
    committed together just after, in one transaction. They run on the loop
    itself, not in a thread: a batch of 50 tables' moves takes about 2 ms
    with SQLite in write-ahead mode, while handing each commit to a thread
    cost milliseconds of waiting for the interpreter under load.
    """

    def __init__(
        self, url: str | None = None, address: str = "local", lease: float = LEASE, sole: bool = False
    ) -> None:
        self.url = url
        self.address = address
        """Where this process is reached: what another process answers about a table this one deals."""
        self.owner = f"{address}#{secrets.token_hex(6)}"
        """This process among all those sharing the database (two may be given the same address)."""
        self.sole = sole
        """Whether this process is known to be the only one on its database (SQLite): it deals every table."""
        self.lease = lease
        self._pending: list[tuple[Change, asyncio.Future[None]]] = []

    async def write(self, change: Change) -> None:
        """Commit ``change`` (with whatever else is waiting); raises what it raised, nothing else is lost."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        if not self._pending:
            loop.call_soon(self.flush)
        self._pending.append((change, done))
        await asyncio.shield(done)  # a closed browser does not take its move back

    def flush(self) -> None:
        """Commit everything handed over so far (also called once more when the server stops)."""
        batch, self._pending = self._pending, []
        if not batch:
            return
        engine = get_engine(self.url)
        try:
            with Session(engine) as session, session.begin():
                lost = _apply(session, [change for change, _ in batch], self.owner)
            outcomes: list[BaseException | None] = [_lost(change) if change in lost else None for change, _ in batch]
        except Exception:  # one bad change must not sink the others: each again on its own
            outcomes = [_alone(engine, change, self.owner) for change, _ in batch]
        for (_, done), outcome in zip(batch, outcomes, strict=True):
            if done.done():
                continue
            if outcome is None:
                done.set_result(None)
            else:
                done.set_exception(outcome)

    def close(self) -> None:
        self.flush()

    # -- who deals which table ------------------------------------------------------
    def lease_until(self) -> datetime:
        return _now() + timedelta(seconds=self.lease)

    async def renew(self, tables: Sequence[str]) -> set[str]:
        """Renew this process's lease on its tables; which of ``tables`` it no longer owns."""
        lost: set[str] = set()

        def work(session: Session) -> None:
            mine = LiveTableRow.owner == self.owner  # finished tables too: they stay here for a last look
            session.execute(update(LiveTableRow).where(mine).values(lease_until=self.lease_until()))
            if tables:
                others = select(LiveTableRow.id).where(LiveTableRow.id.in_(tables), LiveTableRow.owner != self.owner)
                lost.update(session.scalars(others))

        await self.write(Change(work=work))
        return lost

    def release(self) -> None:
        """Let other processes take this one's unfinished tables at once (it is stopping)."""
        with Session(get_engine(self.url)) as session, session.begin():
            session.execute(update(LiveTableRow).where(LiveTableRow.owner == self.owner).values(owner=None))

    def claim_unfinished(self) -> list[Table]:
        """Every unfinished table free to take, claimed and dealt again to the move it had reached.

        Free: nobody's, or one whose owner's lease ran out (for a process
        alone on its database, every one). A table that cannot be dealt
        again (its game's rules changed since, say) is left in the store and
        named in the log. Finished tables free to take are cleared: their
        games are in ``games``, and the process that kept them for a last
        look is gone.
        """
        with Session(get_engine(self.url)) as session, session.begin():
            done = select(LiveTableRow.id).where(LiveTableRow.finished_game_id.is_not(None), self._free())
            for table_id in session.scalars(done).all():
                _forget(session, table_id)
            session.execute(
                update(LiveTableRow)
                .where(LiveTableRow.finished_game_id.is_(None), self._free())
                .values(owner=self.owner, lease_until=self.lease_until())
            )
        return _unfinished(self.url, LiveTableRow.owner == self.owner)

    def claim(self, table_id: str) -> Table | str | None:
        """Take one table over if it is free: the table dealt again; else its owner's address, or None if none."""
        with Session(get_engine(self.url)) as session, session.begin():
            row = session.get(LiveTableRow, table_id)
            if row is None:
                return None
            if row.finished_game_id is not None:  # kept for a last look by its owner, if it is alive
                alive = row.owner not in (None, self.owner) and row.lease_until and row.lease_until > _now()
                return _address(row.owner) if alive and not self.sole else None
            taken = session.execute(
                update(LiveTableRow)
                .where(LiveTableRow.id == table_id, self._free())
                .values(owner=self.owner, lease_until=self.lease_until())
            )
            if not taken.rowcount:  # type: ignore[attr-defined]
                session.refresh(row)
                return _address(row.owner)
        found = _unfinished(self.url, LiveTableRow.id == table_id)
        return found[0] if found else None

    def _free(self) -> Any:
        if self.sole:
            return true()
        return or_(
            LiveTableRow.owner == self.owner,
            LiveTableRow.owner.is_(None),
            LiveTableRow.lease_until.is_(None),
            LiveTableRow.lease_until < _now(),
        )


def _address(owner: str | None) -> str:
    """Where the process that owns a table is reached (its owner id without the instance)."""
    return (owner or "").split("#", 1)[0]


def _lost(change: Change) -> TableLost:
    return TableLost(f"table {change.owned} is dealt by another server now")


def _alone(engine: Engine, change: Change, owner: str) -> BaseException | None:
    try:
        with Session(engine) as session, session.begin():
            lost = _apply(session, [change], owner)
    except Exception as exc:
        log.exception("a change to the store failed")
        return exc
    return _lost(change) if lost else None


# -- tables to rows and back ---------------------------------------------------------
def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def opened(table: Table, ledger: Ledger) -> Change:
    """The change that stores a new table, dealt by this process: its game, seats and first deal."""
    game = table.game
    change = taken(table)
    change.owned = None  # its row is written in the same change
    change.table = {
        "id": table.id,
        "game": game.name,
        "rules_version": game.rules_version,
        "options": json.dumps(game.options, sort_keys=True),
        "seed": table.seed,
        "chosen_deal": table.chosen,
        "start": _resumed(table),
        "spectators": table.spectators,
        "public": table.public,
        "created_at": _now(),
        "updated_at": _now(),
        "seq": 0,
        "host_hash": table.host_hash,
        "stand_in": table.stand_in,
        "away": table.away,
        "owner": ledger.owner,
        "lease_until": ledger.lease_until(),
        "seats": [_seat(table.id, i, seat) for i, seat in enumerate(table.seats)],
    }
    return change


def taken(table: Table) -> Change:
    """The change that stores the table's actions since the last one (and the game, once it is over)."""
    entries, table.journal = table.journal, []
    table_id = table.id
    change = Change(
        actions=[
            {"table_id": table_id, "seq": e.seq, "action": e.notation, "seat": e.seat, "reason": e.reason, "by": e.by}
            for e in entries
        ],
        progress={"id": table_id, "seq": table.seq, "updated_at": _now()},
        owned=table_id,
    )
    record = table.record()
    if record is not None:
        names = [seat.name if is_human(seat.spec) else None for seat in table.seats]

        def work(session: Session) -> None:
            game_row = add_game(session, record, names=names)
            session.flush()
            finished = update(LiveTableRow).where(LiveTableRow.id == table_id)
            session.execute(finished.values(finished_game_id=game_row.id))

        change.work = work
    return change


def seated(table: Table) -> Change:
    """The change that stores who sits where (after someone joins)."""
    rows = [_seat(table.id, i, seat) for i, seat in enumerate(table.seats)]

    def work(session: Session) -> None:
        for row in rows:
            session.merge(LiveSeatRow(**row))

    return Change(work=work, owned=table.id)


def forgotten(table_id: str) -> Change:
    """The change that removes a table nobody will come back to (a finished game stays in ``games``)."""

    return Change(work=lambda session: _forget(session, table_id), owned=table_id)


def _forget(session: Session, table_id: str) -> None:
    session.execute(delete(LiveActionRow).where(LiveActionRow.table_id == table_id))
    session.execute(delete(LiveSeatRow).where(LiveSeatRow.table_id == table_id))
    session.execute(delete(LiveTableRow).where(LiveTableRow.id == table_id))


def _resumed(table: Table) -> str | None:
    """A resumed save's state (where the table's actions start) and its record's start, as JSON."""
    if table.origin is None:
        return None
    start = table.start.to_json() if table.start is not None else None
    return json.dumps({"origin": table.origin.to_json(), "start": start})


def _seat(table_id: str, seat: int, entry: Seat) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seat": seat,
        "spec": entry.spec,
        "name": entry.name,
        "token_hash": entry.token_hash,
        "invite_hash": entry.invite_hash,
    }


LISTED = 100
"""The most tables the lobby lists."""


def listed_tables(url: str | None = None) -> list[dict[str, Any]]:
    """The unfinished tables their hosts made public, newest first, whichever process deals them.

    Read from the store, so that every process of a server lists the same
    tables; each as ``GET /api/tables/{ID}`` shows it in short.
    """
    with Session(get_engine(url)) as session:
        rows = session.scalars(
            select(LiveTableRow)
            .where(LiveTableRow.public.is_(True), LiveTableRow.finished_game_id.is_(None))
            .options(selectinload(LiveTableRow.seats))
            .order_by(LiveTableRow.created_at.desc())
            .limit(LISTED)
        ).all()
        return [
            {
                "table": row.id,
                "game": row.game,
                "title": _title(row.game),
                "seats": [{"seat": s.seat, "name": s.name, "kind": _kind(s.spec)} for s in row.seats],
            }
            for row in rows
        ]


def _title(name: str) -> str:
    try:
        return game_class(name).title or name
    except DeckhandError:
        return name


def _kind(spec: str) -> str:
    return OPEN if spec == OPEN else "human" if is_human(spec) else "computer"


def _unfinished(url: str | None, which: Any) -> list[Table]:
    """The stored tables ``which`` selects whose game is not over, dealt again to the move they had reached."""
    tables = []
    with Session(get_engine(url)) as session:
        rows = session.scalars(
            select(LiveTableRow)
            .where(LiveTableRow.finished_game_id.is_(None), which)
            .options(selectinload(LiveTableRow.seats))
            .order_by(LiveTableRow.created_at)
        ).all()
        for row in rows:
            actions = session.scalars(
                select(LiveActionRow).where(LiveActionRow.table_id == row.id).order_by(LiveActionRow.seq)
            ).all()
            try:
                tables.append(_restore(row, list(actions)))
            except (DeckhandError, ValueError, KeyError) as exc:
                log.warning("table %s cannot be dealt again: %s", row.id, exc)
    return tables


def _restore(row: LiveTableRow, actions: list[LiveActionRow]) -> Table:
    game = load_game(row.game, **json.loads(row.options))
    if game.rules_version != row.rules_version:
        raise DeckhandError(f"{row.game}'s rules changed ({row.rules_version} -> {game.rules_version})")
    seats = [
        Seat(
            spec=s.spec,
            name=s.name,
            token_hash=s.token_hash,
            agent=None if s.spec == OPEN or is_human(s.spec) else make_agent(s.spec, game),
            invite_hash=s.invite_hash,
        )
        for s in row.seats
    ]
    origin = start = None
    if row.start:
        resumed = json.loads(row.start)
        origin = game.state_from_json(resumed["origin"])
        start = game.state_from_json(resumed["start"]) if resumed["start"] is not None else None
    entries = [Entry(a.seq, None, a.seat, a.reason, notation=a.action, by=a.by) for a in actions]
    return Table.restored(
        id=row.id,
        game=game,
        seats=seats,
        seed=row.seed,
        chosen=row.chosen_deal,
        origin=origin,
        start=start,
        entries=entries,
        spectators=row.spectators,
        public=row.public,
        host_hash=row.host_hash,
        stand_in=row.stand_in,
        away=row.away,
    )
