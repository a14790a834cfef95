"""Rooms removed by one path while another waits on the store: each removes only the room it decided on.

The sweep, a lease's check (:meth:`Tables.keep`), a first request for a
table opened here and a table's loss to another process each decide on a
room, await the store, then act. Each test holds one of them at that await
(a gate on the ledger), lets another path change the rooms, then lets it go
on, as two processes under load interleave them. Before, the sweep raised
``KeyError`` on a room removed meanwhile (a ``500`` to whoever was opening
a table) and removed a newer room dealing the same table.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from deckhand.store.live import Claim, LiveStore
from deckhand.web.ledger import Change, Ledger
from deckhand.web.rooms import Client, Room
from deckhand.web.routes import build_table
from deckhand.web.tables import ABANDONED_KEPT, Tables
from deckhand.web.thinking import Thinking
from deckhand.web.wire import NewTable
from tests.web.test_crash import run

ELSEWHERE = "http://elsewhere:8000#another"
"""The owner another process writes on the tables it takes."""


def _tables() -> Tables:
    """A process sharing its database with others (not alone: who owns a table is asked of the store)."""
    return Tables(Ledger(lease=30.0, sole=False), Thinking(1))


async def _open(tables: Tables) -> Room:
    """A table against the computer nobody has come to (the person moves first, so no computer thinks)."""
    return await tables.open(build_table(NewTable(game="three_trios", seats=["human", "random"], seed=1)))


def _later() -> float:
    """A sweep's clock after every table here has been left long enough to forget."""
    return time.monotonic() + ABANDONED_KEPT + 1


def _taken_elsewhere(table_id: str) -> None:
    """Another process takes the table over in the store (the balancer sent its id there)."""
    now = datetime.now(UTC).replace(tzinfo=None)
    claim = Claim(owner=ELSEWHERE, until=now + timedelta(seconds=60), now=now, every=True)
    held = LiveStore.at().claim(table_id, claim)
    assert held is not None and held.taken


def _owner(table_id: str) -> str | None:
    stored = LiveStore.at().stored(table_id)
    return None if stored is None else stored.table.owner


def _is_forget(change: Change) -> bool:
    """A change that removes a table from the store (the sweep's), not a move, a new table or a lease."""
    return change.owned is not None and not change.actions and change.progress is None and change.table is None


@dataclass
class Gate:
    """Holds every write of the ledger that ``which`` picks until :attr:`opened`; :attr:`held` once one waits."""

    which: Callable[[Change], bool]
    held: asyncio.Event = field(default_factory=asyncio.Event)
    opened: asyncio.Event = field(default_factory=asyncio.Event)

    def wrap(self, write: Callable[[Change], Awaitable[None]]) -> Callable[[Change], Awaitable[None]]:
        async def gated(change: Change) -> None:
            if self.which(change):
                self.held.set()
                await self.opened.wait()
            await write(change)

        return gated


def test_a_sweep_meeting_a_table_lost_meanwhile_neither_fails_nor_forgets_the_other_process_s_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def scenario() -> None:
        tables = _tables()
        first, second = await _open(tables), await _open(tables)
        gate = Gate(_is_forget)
        monkeypatch.setattr(tables.ledger, "write", gate.wrap(tables.ledger.write))
        sweep = asyncio.create_task(tables.sweep(_later()))
        await gate.held.wait()  # forgetting the first table, in the store
        _taken_elsewhere(second.table.id)
        await tables.keep(extend=False)  # this process sees the second taken: its room is closed
        assert second.table.id not in tables.rooms
        gate.opened.set()
        await sweep  # raised KeyError: the second's room was no longer there
        assert tables.rooms == {}
        assert _owner(first.table.id) is None, "the first table is forgotten"
        assert _owner(second.table.id) == ELSEWHERE, "the table another process deals is left to it"
        await tables.ledger.aclose()

    run(scenario())


def test_a_sweep_never_removes_the_room_that_took_its_table_back_meanwhile(monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> None:
        tables = _tables()
        await _open(tables)
        second = await _open(tables)
        table_id = second.table.id
        gate = Gate(_is_forget)
        monkeypatch.setattr(tables.ledger, "write", gate.wrap(tables.ledger.write))
        sweep = asyncio.create_task(tables.sweep(_later()))
        await gate.held.wait()
        _taken_elsewhere(table_id)
        await tables.keep(extend=False)
        asked = asyncio.create_task(tables.find(table_id))  # its player comes back through the balancer, here
        await asyncio.wait({asked}, timeout=0.5)  # a request for a table being forgotten waits for the store
        gate.opened.set()
        back = await asked
        client = Client(0)
        back.join(client)
        await sweep  # removed the room that took the table back, and deleted its rows
        assert tables.rooms.get(table_id) is back and client in back.clients
        assert _owner(table_id) == tables.ledger.owner, "the table is this process's again, in the store too"
        await tables.ledger.aclose()

    run(scenario())


def test_a_lease_check_s_stale_answer_never_closes_the_room_that_took_the_table_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def scenario() -> None:
        tables = _tables()
        room = await _open(tables)
        table_id = room.table.id
        _taken_elsewhere(table_id)
        renew = tables.ledger.renew
        held, opened = asyncio.Event(), asyncio.Event()

        async def late(ids: Any, *, extend: bool = True) -> set[str]:
            """The store's answer, delivered after the rooms changed."""
            lost = await renew(ids, extend=extend)
            held.set()
            await opened.wait()
            return lost

        monkeypatch.setattr(tables.ledger, "renew", late)
        keep = asyncio.create_task(tables.keep(extend=False))
        await held.wait()
        room.lose(taken=True)  # the old room's next write was refused: it closed
        back = await tables.find(table_id)  # and a request here took the table back
        client = Client(0)
        back.join(client)
        opened.set()
        await keep  # closed the new room: the store had said the table was another's
        assert tables.rooms.get(table_id) is back and client in back.clients
        assert client.queue.qsize() and client.close_code == 1000, "its connection is not told to go"
        await tables.ledger.aclose()

    run(scenario())


def test_a_first_request_never_gets_a_room_closed_while_the_store_was_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> None:
        tables = _tables()
        room = await _open(tables)
        table_id = room.table.id
        assert room.unasked, "opened here and not asked for yet: the first request asks the store who deals it"
        owns = tables.ledger.owns
        asking, answer = threading.Event(), threading.Event()

        def slow(asked: str) -> bool:
            asking.set()
            answer.wait(10)
            return owns(asked)

        monkeypatch.setattr(tables.ledger, "owns", slow)
        found = asyncio.create_task(tables.find(table_id))
        await asyncio.to_thread(asking.wait, 10)
        room.lose()  # meanwhile its write failed: closed, to be dealt again from the store
        answer.set()
        got = await found  # was the closed room, which no connection can join
        assert got is not room and tables.rooms.get(table_id) is got
        await tables.ledger.aclose()

    run(scenario())


def test_a_sweep_whose_store_is_away_keeps_the_table_for_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> None:
        tables = _tables()
        room = await _open(tables)
        write = tables.ledger.write

        async def away(change: Change) -> None:
            if _is_forget(change):
                raise OperationalError("DELETE", {}, ConnectionRefusedError("connection refused"))
            await write(change)

        monkeypatch.setattr(tables.ledger, "write", away)
        await tables.sweep(_later())  # raised, failing the request that opened a table
        assert tables.rooms.get(room.table.id) is room and _owner(room.table.id) == tables.ledger.owner
        monkeypatch.setattr(tables.ledger, "write", write)
        await tables.sweep(_later())
        assert tables.rooms == {} and _owner(room.table.id) is None
        await tables.ledger.aclose()

    run(scenario())
