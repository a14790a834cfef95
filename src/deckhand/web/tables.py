"""The tables one server process deals: found by id, taken over from the store, swept when left.

Every route and the websocket reach a table through :class:`Tables`. A
table this process does not deal, finished or not, is taken over from the
store (the balancer in front sent its id here: see :meth:`Ledger.claim`), so
a player is never sent to another process; a table nobody is at is
forgotten after a while; and this process's lease on its tables is renewed
for as long as it runs, its tables taken by another process noticed within
a second.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable
from functools import partial

from starlette.exceptions import HTTPException

from deckhand.core.errors import quote
from deckhand.store.live import LiveWrites
from deckhand.web.ledger import Ledger, Once, TableLost, forgotten, opened, rematched
from deckhand.web.metrics import Metrics
from deckhand.web.rooms import Room
from deckhand.web.table import Table
from deckhand.web.thinking import Thinking

log = logging.getLogger("deckhand.web")

FINISHED_KEPT = 10 * 60.0
"""Seconds a finished table nobody is at stays reachable (its result, a last look)."""
ABANDONED_KEPT = 24 * 3600.0
"""Seconds an unfinished table nobody is at waits for its players to come back."""
SWEEP_EVERY = 30.0
CHECK_EVERY = 1.0
"""Seconds between two looks at which of this process's tables another process took (their rooms are closed)."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id can look like (``secrets.token_urlsafe``): anything else is no table, unasked."""


class Tables:
    """The tables this process deals, by id; tables nobody is at are cleared after a while."""

    def __init__(self, ledger: Ledger, thinking: Thinking, metrics: Metrics | None = None) -> None:
        self.rooms: dict[str, Room] = {}
        self.ledger = ledger
        self.thinking = thinking
        self.metrics = metrics
        self.swept = time.monotonic()
        self._claims: dict[str, asyncio.Task[Table | None]] = {}
        self._forgetting: dict[str, asyncio.Future[None]] = {}
        """Tables the sweep is removing from the store now: a request for one waits until it is gone."""

    async def open(
        self,
        table: Table,
        *,
        rematch_of: Table | None = None,
        once: Once | None = None,
        also: Callable[[LiveWrites], None] | None = None,
    ) -> Room:
        """A new table, stored before anyone can sit at it; a rematch is stored with its link from ``rematch_of``;
        ``also`` writes in the same transaction (a filled seek's link to its table).

        :class:`TableLost` if ``rematch_of`` was taken over meanwhile, :class:`AlreadyOpened` if the
        creator's key (``once``) opened a table already (nothing is stored then).
        """
        now = time.monotonic()
        if now - self.swept >= SWEEP_EVERY:
            await self.sweep(now)
        change = opened(table, self.ledger, once) if rematch_of is None else rematched(rematch_of, table, self.ledger)
        if also is not None:
            first = change.work

            def work(writes: LiveWrites) -> None:
                if first is not None:
                    first(writes)
                also(writes)

            change.work = work
        await self.ledger.write(change)
        room = self.add(table)
        room.unasked = not self.ledger.sole
        return room

    def add(self, table: Table) -> Room:
        room = Room(table, self.ledger, self.thinking, metrics=self.metrics, finished=table.over)
        room.on_lost = self.remove
        self.rooms[table.id] = room
        room.review()
        return room

    def remove(self, room: Room) -> bool:
        """Forget ``room`` here if it is still its table's room; whether it was.

        Every path that removes a room (the sweep, a table another process
        took, a lease not renewed, a first request finding the table gone)
        decided on a room it looked up before an await. By then that room may
        be gone already, or a newer room may deal the same table (taken back
        from the store): neither is that path's to remove, so every removal
        goes through here.
        """
        table_id = room.table.id
        if self.rooms.get(table_id) is not room:
            return False
        del self.rooms[table_id]
        self.thinking.forget(table_id)
        return True

    async def find(self, table_id: str) -> Room:
        """The table's room: this process's, or taken over from the store, whoever dealt it (404: no such table)."""
        room = self.rooms.get(table_id)
        if room is not None and room.unasked:
            room = await self._checked(room)
        if room is not None:
            return room
        if not TABLE_ID.fullmatch(table_id):  # not one of ours: never sent to the store (PostgreSQL refuses NUL)
            raise HTTPException(404, f"no table {quote(table_id, 24)}")
        forgetting = self._forgetting.get(table_id)
        if forgetting is not None:  # the sweep is removing it from the store: ask the store once that is done
            await asyncio.shield(forgetting)
            room = self.rooms.get(table_id)  # kept after all (the store was away)
            if room is not None:
                return room
        claim = self._claims.get(table_id)
        if claim is None:
            claim = asyncio.create_task(asyncio.to_thread(self.ledger.claim, table_id))
            self._claims[table_id] = claim
            claim.add_done_callback(partial(self._claimed, table_id))
        found = await asyncio.shield(claim)
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if isinstance(found, Table):
            if self.metrics is not None:
                self.metrics.takeovers.inc()
            room = self.add(found)
            room.wake()
            return room
        raise HTTPException(404, f"no table {quote(table_id, 24)}")

    async def _checked(self, room: Room) -> Room | None:
        """A room opened here, asked for here the first time: still this process's table, or closed (None).

        A table is opened by whichever process the balancer sends ``POST
        /api/tables`` to, and then dealt where its id is sent: often
        another process, which takes it over at once. This process lets go
        of it within :data:`CHECK_EVERY`; asked for it sooner (the balancer
        sends its id here now), it looks in the store rather than show the
        table as it was when it was opened.
        """
        room.unasked = False
        owned = await asyncio.to_thread(self.ledger.owns, room.table.id)
        current = self.rooms.get(room.table.id)
        if current is not room:  # removed meanwhile: whatever deals the table here now (None: the store knows)
            return current
        if owned:
            return room
        room.lose(taken=True)
        return None

    def _claimed(self, table_id: str, claim: asyncio.Task[Table | None]) -> None:
        if self._claims.get(table_id) is claim:
            del self._claims[table_id]

    async def resume(self) -> None:
        """Deal again every unfinished table free to take (the server is starting), and let its computers go on."""
        for table in await asyncio.to_thread(self.ledger.claim_unfinished, FINISHED_KEPT):
            self.add(table).wake()

    async def hang_up(self, patience: float = 0.5) -> None:
        """Close every connection with :data:`~deckhand.web.rooms.MOVED` (the process is stopping).

        Each browser connects again, through the balancer, to another
        process. Waits up to ``patience`` seconds for the close to be handed
        to every socket, so that it is sent before the server shuts them.
        """
        clients = [client for room in self.rooms.values() for client in room.clients]
        for room in self.rooms.values():
            room.hang_up()
        deadline = time.monotonic() + patience
        while any(not client.queue.empty() for client in clients) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.01)  # each writer took its last item: let it send the close

    def connections(self) -> int:
        """Websockets open to this process's tables now."""
        return sum(len(room.clients) for room in self.rooms.values())

    async def keep(self, *, extend: bool = True) -> None:
        """Renew this process's lease on its tables (if ``extend``); close the rooms of tables another process took."""
        if not extend and not self.rooms:
            return
        asked = dict(self.rooms)
        for table_id in await self.ledger.renew(list(asked), extend=extend):
            room = asked[table_id]
            if self.rooms.get(table_id) is room:  # a room that took the table back meanwhile is not the one asked about
                room.lose(taken=True)

    async def keep_leases(self) -> None:
        """:meth:`keep` every third of the lease while the server runs, and look for tables taken every second.

        A table another process took (the balancer sends its id there now)
        has its connections here closed within :data:`CHECK_EVERY`: they come
        back through the balancer to where the table is. If the store stays
        away longer than a lease, another process may deal these tables now:
        their rooms are closed (unless this process is alone on its database).
        """
        lease = self.ledger.lease
        tick = lease / 3 if self.ledger.sole else min(CHECK_EVERY, lease / 3)
        extended = time.monotonic()
        while True:
            await asyncio.sleep(tick)
            extend = time.monotonic() - extended >= lease / 3 - tick / 2
            try:
                await self.keep(extend=extend)
                if extend:
                    extended = time.monotonic()
            except Exception:  # the store is away for a moment: try again next time
                log.exception("the tables' lease could not be renewed")
                if time.monotonic() - extended > lease and not self.ledger.sole:  # another process may deal them now
                    for room in list(self.rooms.values()):
                        room.lose()

    async def sweep(self, now: float) -> None:
        """Forget finished tables left for :data:`FINISHED_KEPT`, others left for :data:`ABANDONED_KEPT`.

        The store's finished tables no live process keeps (their process
        stopped or died, and nobody asked for them since) are forgotten too,
        once they ended :data:`FINISHED_KEPT` ago. A sweep never fails a
        request it runs in: what cannot be forgotten now waits for the next.
        """
        self.swept = now
        try:
            await self.ledger.write(self.ledger.cleared(FINISHED_KEPT))
        except Exception:  # the store is away for a moment: next sweep
            log.exception("finished tables could not be cleared from the store")
        idle = [room for room in self.rooms.values() if _idle(room, now)]
        await asyncio.gather(*(self._forget(room, now) for room in idle))

    async def _forget(self, room: Room, now: float) -> None:
        """Remove an idle room, then its table from the store; a request for it meanwhile waits for the store.

        Removed first, so that nobody finds the room while its rows go;
        a request for the table meanwhile waits (:meth:`find`) rather than
        take it back from rows about to be deleted. If the store cannot
        forget it now, the room is put back for the next sweep.
        """
        table_id = room.table.id
        if not _idle(room, now) or not self.remove(room):  # someone came back, or it went another way
            return
        done = asyncio.get_running_loop().create_future()
        self._forgetting[table_id] = done
        try:
            await self.ledger.write(forgotten(table_id))
        except TableLost:  # another process deals it now: not this one's to forget
            pass
        except Exception:  # the store is away: the table stays, here and there, until the next sweep
            log.exception("table %s could not be forgotten", table_id)
            if table_id not in self.rooms:
                self.rooms[table_id] = room
                return
        finally:
            del self._forgetting[table_id]
            done.set_result(None)
        room.hang_up()


def _idle(room: Room, now: float) -> bool:
    """Whether nobody has been at the room long enough to forget it, and no computer is thinking there."""
    kept = FINISHED_KEPT if room.table.over else ABANDONED_KEPT
    return room.idle_for(now) > kept and (room.worker is None or room.worker.done())
