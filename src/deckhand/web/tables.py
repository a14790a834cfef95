"""The tables one server process deals: found by id, taken over from the store, swept when left.

Every route and the websocket reach a table through :class:`Tables`. A
table another live process deals raises :class:`Elsewhere` (naming where);
one whose process died is taken over from the store; a table nobody is at
is forgotten after a while; and this process's lease on its tables is
renewed for as long as it runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time

from starlette.exceptions import HTTPException

from deckhand.core.errors import quote
from deckhand.web.ledger import Ledger, TableLost, forgotten, opened
from deckhand.web.rooms import Room
from deckhand.web.table import Table
from deckhand.web.thinking import Thinking

log = logging.getLogger("deckhand.web")

FINISHED_KEPT = 10 * 60.0
"""Seconds a finished table nobody is at stays reachable (its result, a last look)."""
ABANDONED_KEPT = 24 * 3600.0
"""Seconds an unfinished table nobody is at waits for its players to come back."""
SWEEP_EVERY = 30.0
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id can look like (``secrets.token_urlsafe``): anything else is no table, unasked."""


class Elsewhere(Exception):
    """The table is dealt by another server process, at ``owner``."""

    def __init__(self, table_id: str, owner: str) -> None:
        super().__init__(f"table {quote(table_id, 24)} is dealt by another server{f' ({owner})' if owner else ''}")
        self.owner = owner


class Tables:
    """The tables this process deals, by id; tables nobody is at are cleared after a while."""

    def __init__(self, ledger: Ledger, thinking: Thinking) -> None:
        self.rooms: dict[str, Room] = {}
        self.ledger = ledger
        self.thinking = thinking
        self.swept = time.monotonic()
        self._claims: dict[str, asyncio.Task[Table | str | None]] = {}

    async def open(self, table: Table) -> Room:
        """A new table, stored before anyone can sit at it."""
        now = time.monotonic()
        if now - self.swept >= SWEEP_EVERY:
            await self.sweep(now)
        await self.ledger.write(opened(table, self.ledger))
        return self.add(table)

    def add(self, table: Table) -> Room:
        room = Room(table, self.ledger, self.thinking)
        room.on_lost = self._lost
        self.rooms[table.id] = room
        room.review()
        return room

    def _lost(self, room: Room) -> None:
        if self.rooms.get(room.table.id) is room:
            del self.rooms[room.table.id]
            self.thinking.forget(room.table.id)

    async def find(self, table_id: str) -> Room:
        """The table's room: this process's, or taken over from the store if its owner's lease ran out.

        ``HTTPException`` 404 when there is no such table; :class:`Elsewhere`
        when another live process deals it.
        """
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if not TABLE_ID.fullmatch(table_id):  # not one of ours: never sent to the store (PostgreSQL refuses NUL)
            raise HTTPException(404, f"no table {quote(table_id, 24)}")
        claim = self._claims.get(table_id)
        if claim is None:
            claim = asyncio.create_task(asyncio.to_thread(self.ledger.claim, table_id))
            self._claims[table_id] = claim
            claim.add_done_callback(lambda _: self._claims.pop(table_id, None))
        found = await asyncio.shield(claim)
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if isinstance(found, Table):
            room = self.add(found)
            room.wake()
            return room
        if isinstance(found, str):
            raise Elsewhere(table_id, found)
        raise HTTPException(404, f"no table {quote(table_id, 24)}")

    async def resume(self) -> None:
        """Deal again every unfinished table free to take (the server is starting), and let its computers go on."""
        for table in await asyncio.to_thread(self.ledger.claim_unfinished):
            self.add(table).wake()

    async def keep(self) -> None:
        """Renew this process's lease on its tables; close the rooms of tables another process took over."""
        for table_id in await self.ledger.renew(list(self.rooms)):
            room = self.rooms.get(table_id)
            if room is not None:
                room.lose()

    async def keep_leases(self) -> None:
        """:meth:`keep` every third of the lease while the server runs.

        If the store stays away longer than a lease, another process may deal
        these tables now: their rooms are closed (unless this process is alone
        on its database).
        """
        lease = self.ledger.lease
        renewed = time.monotonic()
        while True:
            await asyncio.sleep(lease / 3)
            try:
                await self.keep()
                renewed = time.monotonic()
            except Exception:  # the store is away for a moment: try again next time
                log.exception("the tables' lease could not be renewed")
                if time.monotonic() - renewed > lease and not self.ledger.sole:  # another process may deal them now
                    for room in list(self.rooms.values()):
                        room.lose()

    async def sweep(self, now: float) -> None:
        """Forget finished tables left for :data:`FINISHED_KEPT`, others left for :data:`ABANDONED_KEPT`."""
        self.swept = now
        for table_id, room in list(self.rooms.items()):
            kept = FINISHED_KEPT if room.table.state.is_terminal() else ABANDONED_KEPT
            if room.idle_for(now) > kept and (room.worker is None or room.worker.done()):
                del self.rooms[table_id]
                self.thinking.forget(table_id)
                with contextlib.suppress(TableLost):  # then it is not this process's to forget
                    await self.ledger.write(forgotten(table_id))
