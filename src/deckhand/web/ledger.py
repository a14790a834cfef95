"""The server's writes to the store: every table's actions, committed before anyone is told of them.

The ledger commits what the tables hand it, as much as is waiting, in one
transaction (a group commit). A table awaits its own changes before it tells
anyone, so a server killed at any moment restarts with every table at or
after the sequence number its players last saw; a finished game is stored in
the same transaction as its last action, so it is never lost nor stored twice.

Several server processes may share one PostgreSQL database. Each table is
dealt by one of them, its *owner* (an id of its own, with the address it
serves at), which renews a lease on its tables while it runs. A change to a
table is committed only while its process still owns it (the row is locked
and checked in the same transaction), so a process that lost a table cannot
write over the one that took it. A table follows the balancer in front of the
processes: the process a request for it reaches takes it over, dealt again
from its stored actions, whoever dealt it before; a finished table too, with
its stored game and its rematch, so that a player never meets another
process's answer. A starting process takes every unfinished table whose
lease ran out (its process was killed, or stopped and released it). A
process alone on its database (``deckhand serve`` on SQLite, which it locks)
deals every table.

The statements themselves are the store's (:mod:`deckhand.store.live`): the
ledger decides what goes in each transaction, when it is committed and how
long a lease holds, and turns tables into the store's rows and back.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from deckhand.agents.registry import is_human, make_agent
from deckhand.core.errors import DeckhandError
from deckhand.core.registry import game_title, load_game
from deckhand.store.live import (
    AlreadyOpened,
    Claim,
    Finished,
    LiveAction,
    LiveSeat,
    LiveStore,
    LiveTable,
    LiveWrites,
    Progress,
    StoredTable,
)
from deckhand.web.clocks import Clock
from deckhand.web.endings import is_mark, restore_mark
from deckhand.web.entries import Entry
from deckhand.web.metrics import Metrics
from deckhand.web.seats import OPEN, Seat
from deckhand.web.table import Table

log = logging.getLogger("deckhand.web")

Work = Callable[[LiveWrites], object]
"""Anything else a change does, run inside the ledger's transaction."""

LEASE = 30.0
"""Seconds a process's claim on its tables holds without being renewed; it renews every third of that."""


class TableLost(DeckhandError):
    """The table is dealt by another server process now: this one's change was not stored."""


@dataclass(frozen=True)
class Once:
    """A new table's creation made safe to retry: the hashes of its creator's key and of the request.

    Stored with the table in the transaction that opens it; a second
    creation with the same key, in any process, is refused by the store
    (:class:`~deckhand.store.live.AlreadyOpened`) and answered with this table.
    """

    key_hash: str
    request_hash: str


@dataclass
class Change:
    """What one table hands the ledger: its new actions, how far it got, and any other work.

    In a batch, new tables go first, then each change's ``work`` (a seat
    taken, a table forgotten), then the finished games, every action and
    every table's progress, in a few bulk statements each.
    """

    actions: list[LiveAction] = field(default_factory=list)
    progress: Progress | None = None
    work: Work | None = None
    table: LiveTable | None = None
    """A new table, with its seats."""
    owned: str | None = None
    """The table this change is to, committed only while this process owns it."""
    finished: Finished | None = None
    """The table's game, over: stored with its last action (every game of a batch in one statement)."""
    stored: Callable[[int], None] | None = None
    """Told the finished game's id once it is stored (before the commit)."""


def _apply(writes: LiveWrites, changes: Sequence[Change], owner: str | None) -> list[Change]:
    """Apply the changes to tables this process owns; those to tables it lost are left out and returned.

    ``owner`` None: the process is alone on its database (it deals every table), so nothing is checked.
    """
    lost: list[Change] = []
    guarded = {change.owned for change in changes if change.owned is not None}
    if guarded and owner is not None:
        owned = writes.owned(guarded, owner)
        lost = [change for change in changes if change.owned is not None and change.owned not in owned]
        changes = [change for change in changes if change.owned is None or change.owned in owned]
    tables = [change.table for change in changes if change.table is not None]
    if tables:
        writes.open(tables)
    for change in changes:
        if change.work is not None:
            change.work(writes)
    over = [(change.finished, change.stored) for change in changes if change.finished is not None]
    if over:
        for (_, stored), game_id in zip(over, writes.finish([game for game, _ in over]), strict=True):
            if stored is not None:
                stored(game_id)
    actions = [row for change in changes for row in change.actions]
    if actions:
        writes.add_actions(actions)
    progress = [change.progress for change in changes if change.progress is not None]
    if progress:
        writes.progress(progress)
    return lost


class Ledger:
    """Group commit off the server's loop: :meth:`write` awaits one change's commit.

    The changes handed over while a commit is under way (or while the loop
    runs its ready callbacks) are committed together next, in one
    transaction, on the ledger's own thread: the loop goes on reading and
    writing sockets while the disk or the database works, so a slow disk
    delays the moves waiting on it and nothing else. One thread, one batch
    at a time: a table's changes are committed in the order it made them.
    """

    def __init__(
        self,
        url: str | None = None,
        address: str = "local",
        lease: float = LEASE,
        sole: bool = False,
        metrics: Metrics | None = None,
    ) -> None:
        self.url = url
        self.address = address
        """Where this process is reached, as its operator named it (``--advertise``): stored, never sent to players."""
        self.owner = f"{address}#{secrets.token_hex(6)}"
        """This process among all those sharing the database (two may be given the same address)."""
        self.sole = sole
        """Whether this process is known to be the only one on its database (SQLite): it deals every table."""
        self.lease = lease
        self.metrics = metrics
        self._pending: list[tuple[Change, asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="deckhand-ledger")

    @property
    def _guard(self) -> str | None:
        """Whose tables a change must be to (None alone on the database: every table is this process's)."""
        return None if self.sole else self.owner

    async def write(self, change: Change) -> None:
        """Commit ``change`` (with whatever else is waiting); raises what it raised, nothing else is lost."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((change, done))
        if self._committer is None or self._committer.done():
            self._committer = loop.create_task(self._commit_waiting())
        await asyncio.shield(done)  # a closed browser does not take its move back

    async def _commit_waiting(self) -> None:
        """Commit batch after batch on the ledger's thread until nothing waits."""
        loop = asyncio.get_running_loop()
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                outcomes = await loop.run_in_executor(self._thread, self._commit, [change for change, _ in batch])
            except BaseException as exc:  # the loop is closing under it: nobody waits any more
                for _, done in batch:
                    if not done.done():
                        done.set_exception(exc if isinstance(exc, Exception) else RuntimeError("the server stopped"))
                raise
            _settle(batch, outcomes)

    def _commit(self, changes: list[Change]) -> list[BaseException | None]:
        """One transaction for ``changes`` (each again alone if it fails); what each change raised."""
        started = time.perf_counter()
        store = LiveStore.at(self.url)
        try:
            with store.transaction() as writes:
                lost = _apply(writes, changes, self._guard)
            outcomes: list[BaseException | None] = [_lost(change) if change in lost else None for change in changes]
        except Exception:  # one bad change must not sink the others: each again on its own
            outcomes = [_alone(store, change, self._guard) for change in changes]
        if self.metrics is not None:
            stored = [change for change, outcome in zip(changes, outcomes, strict=True) if outcome is None]
            moves = sum(1 for change in stored for action in change.actions if action.seat is not None)
            self.metrics.committed(time.perf_counter() - started, moves)
            failed = sum(1 for outcome in outcomes if outcome is not None and not isinstance(outcome, _REFUSED))
            if failed:
                self.metrics.commit_failures.inc(failed)
        return outcomes

    async def aclose(self) -> None:
        """Commit what is waiting, then stop the ledger's thread (the server is stopping)."""
        while self._committer is not None and not self._committer.done():
            await asyncio.wait({self._committer})
            if self._pending and self._committer.done():
                self._committer = asyncio.get_running_loop().create_task(self._commit_waiting())
        self._thread.shutdown(wait=True)

    # -- who deals which table ------------------------------------------------------
    def lease_until(self) -> datetime:
        return _now() + timedelta(seconds=self.lease)

    def _claim(self, *, every: bool = False) -> Claim:
        """This process taking tables now: free are its own, nobody's, and those whose lease ran out (sole: all)."""
        return Claim(owner=self.owner, until=self.lease_until(), now=_now(), every=self.sole or every)

    async def renew(self, tables: Sequence[str], *, extend: bool = True) -> set[str]:
        """Renew this process's lease on its tables (unless not ``extend``); which of ``tables`` it no longer owns."""
        lost: set[str] = set()

        def work(writes: LiveWrites) -> None:
            if extend:
                writes.renew(self.owner, self.lease_until())
            if tables:
                lost.update(writes.dealt_by_others(tables, self.owner))

        await self.write(Change(work=work))
        return lost

    def reachable(self) -> None:
        """Raise if the store does not answer (run off the loop: it may wait on the network)."""
        LiveStore.at(self.url).ping()

    def release(self) -> None:
        """Let other processes take this one's unfinished tables at once (it is stopping)."""
        LiveStore.at(self.url).release(self.owner)

    def claim_unfinished(self, finished_kept: float) -> list[Table]:
        """Every unfinished table free to take, claimed and dealt again to the move it had reached.

        Free: nobody's, or one whose owner's lease ran out (for a process
        alone on its database, every one). A table that cannot be dealt
        again (its game's rules changed since, say) is left in the store and
        named in the log. Free finished tables that ended more than
        ``finished_kept`` seconds ago are cleared (their games are in
        ``games``); the others wait for a request to take them over.
        """
        store = LiveStore.at(self.url)
        store.claim_free(self._claim(), _now() - timedelta(seconds=finished_kept))
        return _dealt_again(store.unfinished(owner=self.owner))

    def claim(self, table_id: str) -> Table | None:
        """Take one table over, wherever it is dealt: the table dealt again (None if there is none).

        The table follows the balancer: a request for it reached this
        process, so this process deals it from now on, whether its owner is
        gone (killed, stopped) or alive (the balancer sends its id elsewhere
        now, after a process came back or joined). The old owner's next write
        to it is refused, and its connections to the table are closed; they
        come back through the balancer, here. A finished table is taken over
        the same way: its result, its stored game (the replay and review
        links) and its rematch come with it.
        """
        store = LiveStore.at(self.url)
        held = store.claim(table_id, self._claim(every=True))
        if held is None or not held.taken:  # gone meanwhile (another process may claim it at the same moment)
            return None
        stored = store.stored(table_id)
        found = _dealt_again([stored] if stored is not None else [])
        return found[0] if found else None

    def opened_with(self, key_hash: str) -> LiveTable | None:
        """The table a creation with this key opened, as stored (run off the loop: it asks the store)."""
        return LiveStore.at(self.url).opened_with(key_hash)

    def owns(self, table_id: str) -> bool:
        """Whether this process deals the table now (run off the loop: it asks the store)."""
        return self.sole or LiveStore.at(self.url).owner(table_id) == self.owner

    def cleared(self, finished_kept: float) -> Change:
        """The change that forgets the finished tables no live process keeps, ended ``finished_kept`` seconds ago."""
        now = _now()
        before = now - timedelta(seconds=finished_kept)
        return Change(work=lambda writes: writes.clear_finished(self.owner, now, before))


def _settle(batch: list[tuple[Change, asyncio.Future[None]]], outcomes: list[BaseException | None]) -> None:
    """Hand each waiting change its outcome (a writer that stopped waiting is skipped)."""
    for (_, done), outcome in zip(batch, outcomes, strict=True):
        if done.done():
            continue
        if outcome is None:
            done.set_result(None)
        else:
            done.set_exception(outcome)


def _lost(change: Change) -> TableLost:
    return TableLost(f"table {change.owned} is dealt by another server now")


_REFUSED = (TableLost, AlreadyOpened)
"""What a change may be refused for in the ordinary run of things: no failure of the store."""


def _alone(store: LiveStore, change: Change, owner: str | None) -> BaseException | None:
    try:
        with store.transaction() as writes:
            lost = _apply(writes, [change], owner)
    except AlreadyOpened as exc:  # a retried creation: its caller answers with the table its key opened
        return exc
    except Exception as exc:
        log.exception("a change to the store failed")
        return exc
    return _lost(change) if lost else None


# -- tables to rows and back ---------------------------------------------------------
def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def opened(table: Table, ledger: Ledger, once: Once | None = None) -> Change:
    """The change that stores a new table, dealt by this process: its game, seats and first deal.

    With ``once``, the table is stored with its creator's key, unless that
    key opened a table already (the change then raises :class:`AlreadyOpened`).
    """
    game = table.game
    change = taken(table)
    change.owned = None  # its row is written in the same change
    change.table = LiveTable(
        id=table.id,
        game=game.name,
        rules_version=game.rules_version,
        options=json.dumps(game.options, sort_keys=True),
        seed=table.seed,
        chosen_deal=table.chosen,
        start=_resumed(table),
        spectators=table.spectators,
        public=table.public,
        created_at=_now(),
        updated_at=_now(),
        seq=0,
        host_hash=table.host_hash,
        stand_in=table.stand_in,
        away=table.away,
        owner=ledger.owner,
        lease_until=ledger.lease_until(),
        seats=_seats(table),
        key_hash=once.key_hash if once is not None else None,
        request_hash=once.request_hash if once is not None else None,
        rated=table.rated,
        clock=None if table.clock is None else json.dumps(table.clock.settings()),
    )
    return change


def taken(table: Table) -> Change:
    """The change that stores the table's actions since the last one (and the game, once it is over)."""
    entries, table.journal = table.journal, []
    table_id = table.id
    change = Change(
        actions=[LiveAction(table_id, e.seq, e.notation, e.seat, e.reason, e.by, e.left) for e in entries],
        progress=Progress(table_id, table.seq, _now()),
        owned=table_id,
    )
    record = table.record()
    if record is not None:
        names = [seat.name if is_human(seat.spec) else None for seat in table.seats]
        accounts = tuple(seat.account for seat in table.seats)
        change.finished = Finished(table_id, record, names, accounts, rated=table.rated)

        def stored(game_id: int) -> None:
            table.stored_as = game_id

        change.stored = stored
    return change


def seated(table: Table) -> Change:
    """The change that stores who sits where (after someone joins)."""
    table_id, seats = table.id, _seats(table)

    def work(writes: LiveWrites) -> None:
        writes.seat(table_id, seats)

    return Change(work=work, owned=table_id)


def rematched(table: Table, again: Table, ledger: Ledger) -> Change:
    """The change that stores ``again``, the rematch of the finished ``table``, and links the two.

    Committed only while this process owns ``table``: two processes asked
    for a rematch at once cannot store two different ones.
    """
    change = opened(again, ledger)
    table_id, rematch, first = table.id, again.id, change.work

    def work(writes: LiveWrites) -> None:
        if first is not None:
            first(writes)
        writes.rematch(table_id, rematch)

    change.work = work
    change.owned = table_id
    return change


def forgotten(table_id: str) -> Change:
    """The change that removes a table nobody will come back to (a finished game stays in ``games``)."""

    return Change(work=lambda writes: writes.forget(table_id), owned=table_id)


def _resumed(table: Table) -> str | None:
    """A resumed save's state (where the table's actions start) and its record's start, as JSON."""
    if table.origin is None:
        return None
    start = table.start.to_json() if table.start is not None else None
    return json.dumps({"origin": table.origin.to_json(), "start": start})


def _seats(table: Table) -> tuple[LiveSeat, ...]:
    return tuple(
        LiveSeat(
            seat=i, spec=s.spec, name=s.name, token_hash=s.token_hash, invite_hash=s.invite_hash, account_id=s.account
        )
        for i, s in enumerate(table.seats)
    )


LISTED = 100
"""The most tables the lobby lists."""


def listed_tables(url: str | None = None) -> list[dict[str, Any]]:
    """The unfinished tables their hosts made public, newest first, whichever process deals them.

    Read from the store, so that every process of a server lists the same
    tables; each as ``GET /api/tables/{ID}`` shows it in short.
    """
    return [
        {
            "table": row.id,
            "game": row.game,
            "title": game_title(row.game),
            "seats": [{"seat": s.seat, "name": s.name, "kind": _kind(s.spec)} for s in row.seats],
        }
        for row in LiveStore.at(url).listed(LISTED)
    ]


def _kind(spec: str) -> str:
    return OPEN if spec == OPEN else "human" if is_human(spec) else "computer"


def _dealt_again(stored: list[StoredTable]) -> list[Table]:
    """The stored tables dealt again to the move they had reached; one that cannot be is named in the log."""
    tables = []
    for row, actions in stored:
        try:
            tables.append(_restore(row, actions))
        except (DeckhandError, ValueError, KeyError) as exc:
            log.warning("table %s cannot be dealt again: %s", row.id, exc)
    return tables


def _restore(row: LiveTable, actions: list[LiveAction]) -> Table:
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
            account=s.account_id,
        )
        for s in row.seats
    ]
    origin = start = None
    if row.start:
        resumed = json.loads(row.start)
        origin = game.state_from_json(resumed["origin"])
        start = game.state_from_json(resumed["start"]) if resumed["start"] is not None else None
    entries = [Entry(a.seq, None, a.seat, a.reason, notation=a.action, by=a.by, left=a.left) for a in actions]
    clock = None
    if row.clock:
        clock = Clock.new(json.loads(row.clock), [seat.agent is None for seat in seats])
    moves = [entry for entry in entries if not is_mark(entry.notation)]
    table = Table.restored(
        id=row.id,
        game=game,
        seats=seats,
        seed=row.seed,
        chosen=row.chosen_deal,
        origin=origin,
        start=start,
        entries=moves,
        spectators=row.spectators,
        public=row.public,
        host_hash=row.host_hash,
        stand_in=row.stand_in,
        away=row.away,
        recorded=row.finished_game_id is not None,
        stored_as=row.finished_game_id,
        rematch=row.rematch,
        rated=row.rated,
        clock=clock,
    )
    for entry in entries:
        if is_mark(entry.notation):
            restore_mark(table, entry)
    return table
