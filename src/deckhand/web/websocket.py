"""The table's websocket, ``/ws/tables/{ID}``: who may connect, and each message a browser sends.

A connection speaks for the seat its token holds, or watches as a spectator.
It is accepted first, then closed with a code of its own when it may not
stay (:data:`BAD_TOKEN`, :data:`NO_SPECTATORS`, ...), after an ``error``
naming why. Each connection is rate-limited, and writes go out through its
own queue so that one slow browser never holds up the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.exceptions import HTTPException

from deckhand.core.errors import DeckhandError, quote
from deckhand.web.endings import abort, resign
from deckhand.web.handshake import login
from deckhand.web.limits import Bucket
from deckhand.web.rooms import MOVED, Client, Room
from deckhand.web.tables import Tables
from deckhand.web.thinking import ThinkingFailed
from deckhand.web.wire import (
    AbortRequest,
    ClaimRequest,
    HintRequest,
    MarksRequest,
    MatchRequest,
    MoveRequest,
    ResignRequest,
    read_client_message,
)

log = logging.getLogger("deckhand.web")

BAD_TOKEN = 4401
"""Close code for a token that holds no seat at the table."""
NO_SPECTATORS = 4403
"""Close code for a spectator at a table that allows none."""
NO_TABLE = 4404
FLOOD = 4429
"""Close code for a connection that went on sending far past its rate limit."""
TOO_MANY_WATCHERS = 4430

MAX_WATCHERS = 200
"""Spectators one table takes at once: each is sent every change, so they are not free."""
MAX_TABS = 5
"""Connections one seat may have at once (tabs, devices)."""


def socket_router(tables: Tables, *, rate: float, burst: int, watchers: int) -> APIRouter:
    """The websocket route: each connection may send ``rate`` messages a second, a table takes ``watchers``."""
    router = APIRouter()

    @router.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        subprotocol, token = login(websocket.scope, token)
        await websocket.accept(subprotocol=subprotocol)
        try:
            room = await tables.find(table_id)
        except HTTPException:
            await _close(websocket, NO_TABLE, f"no table {quote(table_id, 24)}")
            return
        seat = None
        if token is not None:
            seat = room.table.seat_of(token)
            if seat is None:
                await _close(websocket, BAD_TOKEN, "this link's token holds no seat at the table")
                return
        elif not room.table.spectators:
            await _close(websocket, NO_SPECTATORS, "this table does not allow spectators")
            return
        client = Client(seat)
        bucket = Bucket(rate, burst)
        async with room.lock:  # not in the middle of a move: the snapshot shows only what is stored
            full = _full(room, seat, watchers)  # counted as it joins: two at once cannot both pass the cap
            if full is None:
                if tables.rooms.get(table_id) is room:
                    room.join(client)
                else:  # closed meanwhile: the browser connects again and finds the table where it is now
                    client.close(MOVED)
        if full is not None:
            await _close(websocket, TOO_MANY_WATCHERS, full)
            return
        writer = asyncio.create_task(send_queued(websocket, client))
        try:
            async for text in incoming(websocket, bucket):
                if text is None:
                    room.refuse(client, f"too many messages: at most {rate:g} a second")
                else:
                    await _handle(room, client, text)
            if bucket.flooding:
                await _close(websocket, FLOOD, "too many messages: this connection is closed")
        except WebSocketDisconnect:
            pass
        finally:
            room.leave(client)
            client.close()
            with contextlib.suppress(Exception):
                await writer

    return router


def _full(room: Room, seat: int | None, watchers: int) -> str | None:
    """Why the table takes no more of these connections (watchers, or tabs of one seat), or None."""
    if seat is None and sum(1 for other in room.clients if other.seat is None) >= watchers:
        return f"this table has {watchers} watchers already; try later"
    if seat is not None and sum(1 for other in room.clients if other.seat == seat) >= MAX_TABS:
        return f"this seat is open in {MAX_TABS} places already"
    return None


async def _handle(room: Room, client: Client, text: str) -> None:
    """One message from a browser; anything wrong gets an ``error`` and changes nothing."""
    try:
        message = read_client_message(text)
    except ValueError as exc:
        room.refuse(client, str(exc))
        return
    if isinstance(message, MoveRequest):
        await room.move(client, message.move)
        return
    if isinstance(message, (ResignRequest, AbortRequest)):
        await room.end(client, resign if isinstance(message, ResignRequest) else abort)
        return
    if isinstance(message, ClaimRequest):
        await room.claim(client, message.seat)
        return
    if client.seat is None:
        room.refuse(client, "a spectator cannot ask for hints")
        return
    seat = client.seat
    try:
        if isinstance(message, HintRequest):
            async with room.hint_lock:
                async with room.lock:
                    spec, view, rng = room.table.hint_job(seat)
                try:
                    explanation = await room.thinking.decide(room.table.id, spec, view, rng)
                except ThinkingFailed:
                    log.exception("table %s: the hint for seat %d failed", room.table.id, seat)
                    raise DeckhandError("no hint could be worked out here; try again after the next move") from None
                async with room.lock:
                    client.send(room.table.hint_message(view, explanation, message.selection))
        elif isinstance(message, MarksRequest):
            client.send(room.table.marks_message(seat, message.selection))
        elif isinstance(message, MatchRequest):
            client.send(room.table.matching(seat, message.cards))
    except DeckhandError as exc:
        room.refuse(client, str(exc))


async def incoming(websocket: WebSocket, bucket: Bucket) -> AsyncIterator[str | None]:
    """The text of each message the browser sends, until it goes; ``None`` for one past the rate limit.

    Ends too once the connection floods (``bucket.flooding``): the caller closes it.
    """
    while True:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            return
        if not bucket.take():
            if bucket.flooding:
                return
            yield None
            continue
        text = received.get("text")
        yield bytes(received.get("bytes") or b"").decode("utf-8", "replace") if text is None else text


async def send_queued(websocket: WebSocket, client: Client) -> None:
    """Send a connection's queued messages in order until it closes."""
    while True:
        text = await client.queue.get()
        if text is None:
            with contextlib.suppress(Exception):
                await websocket.close(code=client.close_code)
            return
        try:
            await websocket.send_text(text)
        except Exception:  # the browser went away: the reader sees it too
            return


async def _close(websocket: WebSocket, code: int, problem: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json({"type": "error", "message": problem})
        await websocket.close(code=code)
