"""The server behind ``deckhand serve``: the table contract of ARCHITECTURE §5, and the pages.

``create_app()`` builds the FastAPI application; ``deckhand serve`` runs it
on uvicorn. Tables live in the process; finished games go to the same store
as the terminal's (``DECKHAND_DB``). Every refused request gets a JSON
``{"error": "..."}`` with one line naming what is wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from deckhand.agents.registry import is_human, make_agent
from deckhand.core.errors import ConfigError, DeckhandError, quote
from deckhand.play.seats import default_level, parse_seats
from deckhand.web.catalog import catalog_router, resume_from_saves
from deckhand.web.guard import check_deal, web_agent, web_options
from deckhand.web.handshake import login
from deckhand.web.headers import SecurityHeaders
from deckhand.web.ledger import LEASE, Ledger, TableLost, forgotten, opened, seated
from deckhand.web.limits import BURST, RATE, Bucket
from deckhand.web.redact import redact_tokens
from deckhand.web.rooms import MOVED, Client, Room
from deckhand.web.table import OPEN, NotInvited, Table, make_seats, new_table_id
from deckhand.web.thinking import THINKERS, Thinking
from deckhand.web.wire import (
    HintRequest,
    Invite,
    Join,
    MarksRequest,
    MatchRequest,
    MoveRequest,
    NewTable,
    Rematch,
    RematchMade,
    RematchMessage,
    SeatToken,
    Start,
    TableCreated,
    first_problem,
    read_client_message,
)

log = logging.getLogger("deckhand.web")

MISDIRECTED = 421
"""HTTP status for a table another server process deals (the body names its ``owner``)."""

STATIC = Path(str(files("deckhand.web").joinpath("static")))

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

    async def keep(self) -> None:
        """Renew this process's lease on its tables; close the rooms of tables another process took over."""
        for table_id in await self.ledger.renew(list(self.rooms)):
            room = self.rooms.get(table_id)
            if room is not None:
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


def create_app(
    *,
    url: str | None = None,
    rate: float = RATE,
    burst: int = BURST,
    watchers: int = MAX_WATCHERS,
    address: str = "local",
    lease: float = LEASE,
    sole: bool = False,
    thinkers: int = THINKERS,
) -> FastAPI:
    """The application, dealing from the store at ``url`` (``DECKHAND_DB`` by default).

    On start, every unfinished table in the store that no other live process
    deals is dealt again where it stopped, and its computers go on. Each
    connection may send ``rate`` messages a second (``burst`` at once; 0: no
    limit); a table takes ``watchers`` spectators at once. Processes sharing
    a database tell each other apart by ``address`` (the one they serve
    at) and hold their tables for ``lease`` seconds between renewals; a
    ``sole`` process (alone on its database) deals every table. Computers
    and hints think on ``thinkers`` threads of the server's own.
    """
    ledger = Ledger(url, address, lease, sole)
    thinking = Thinking(thinkers)
    tables = Tables(ledger, thinking)

    async def keep_leases() -> None:
        renewed = time.monotonic()
        while True:
            await asyncio.sleep(lease / 3)
            try:
                await tables.keep()
                renewed = time.monotonic()
            except Exception:  # the store is away for a moment: try again next time
                log.exception("the tables' lease could not be renewed")
                if time.monotonic() - renewed > lease and not sole:  # another process may deal them now
                    for room in list(tables.rooms.values()):
                        room.lose()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for table in await asyncio.to_thread(ledger.claim_unfinished):
            tables.add(table).wake()
        keeper = asyncio.create_task(keep_leases())
        yield
        keeper.cancel()
        thinking.close()  # every search stops now: the server does not wait for a computer to finish thinking
        ledger.close()
        ledger.release()

    app = FastAPI(title="deckhand", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json", lifespan=lifespan)
    app.state.tables = tables
    app.add_middleware(SecurityHeaders)
    redact_tokens()

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": first_problem(exc.errors())}, status_code=422)

    @app.exception_handler(DeckhandError)
    async def deckhand_error(request: Request, exc: DeckhandError) -> JSONResponse:
        if isinstance(exc, TableLost):
            return JSONResponse({"error": str(exc)}, status_code=MISDIRECTED)
        return JSONResponse({"error": str(exc)}, status_code=422)

    @app.exception_handler(Elsewhere)
    async def elsewhere(request: Request, exc: Elsewhere) -> JSONResponse:
        return JSONResponse({"error": str(exc), "owner": exc.owner}, status_code=MISDIRECTED)

    @app.get("/healthz")
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.post("/api/tables", status_code=201)
    async def new_table(request: NewTable) -> TableCreated:
        table = build_table(request)
        host = table.make_host()
        invites = [Invite(seat=seat, code=code) for seat, code in table.hand_out_invites()]
        room = await tables.open(table)
        room.wake()
        tokens = [SeatToken(seat=seat, token=token) for seat, token in table.hand_out_tokens()]
        return TableCreated(table=table.id, seats=tokens, invites=invites, host=host)

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, request: Join) -> SeatToken:
        room = await tables.find(table_id)
        async with room.lock:
            try:
                seat, token = room.table.join(request.name, request.seat, request.invite)
            except NotInvited as exc:
                raise HTTPException(403, str(exc)) from None
            except ConfigError as exc:
                raise HTTPException(409, str(exc)) from None
            await _store_seats(room)
            room.review()
            room.tell_seats()
        room.wake()
        return SeatToken(seat=seat, token=token)

    @app.post("/api/tables/{table_id}/start")
    async def start_table(table_id: str, request: Start) -> dict[str, Any]:
        room = await tables.find(table_id)
        table = room.table
        if not table.is_host(request.host):
            raise HTTPException(403, "only the table's host can start it before every seat is taken")
        async with room.lock:
            level = web_agent(request.level, table.game, "level") if request.level else None
            level = level or table.stand_in or default_level(table.game)
            try:
                table.start_now(level)
            except ConfigError as exc:
                if table.waiting_for_people:
                    raise
                raise HTTPException(409, str(exc)) from None
            await _store_seats(room)
            room.tell_seats()
        room.wake()
        return table.summary()

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Rematch) -> RematchMade:
        room = await tables.find(table_id)
        table = room.table
        if table.seat_of(request.token) is None and not table.is_host(request.token):
            raise HTTPException(403, "only the table's people can ask for a rematch")
        async with room.lock:
            if not table.state.is_terminal():
                raise HTTPException(409, "the game is not over yet")
            if table.rematch is None:
                again = table.again(new_table_id(), secrets.randbits(63))
                (await tables.open(again)).wake()
                table.rematch = again.id
                room.tell_all(RematchMessage(table=again.id))
        return RematchMade(table=table.rematch)

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str) -> dict[str, Any]:
        return (await tables.find(table_id)).table.summary()

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        subprotocol, token = login(websocket.scope, token)
        await websocket.accept(subprotocol=subprotocol)
        try:
            room = await tables.find(table_id)
        except Elsewhere as exc:
            await _close(websocket, MOVED, str(exc))
            return
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
        elif sum(1 for other in room.clients if other.seat is None) >= watchers:
            await _close(websocket, TOO_MANY_WATCHERS, f"this table has {watchers} watchers already; try later")
            return
        if seat is not None and sum(1 for other in room.clients if other.seat == seat) >= MAX_TABS:
            await _close(websocket, TOO_MANY_WATCHERS, f"this seat is open in {MAX_TABS} places already")
            return
        client = Client(seat)
        bucket = Bucket(rate, burst)
        writer = asyncio.create_task(_write(websocket, client))
        async with room.lock:  # not in the middle of a move: the snapshot shows only what is stored
            if tables.rooms.get(table_id) is room:
                room.join(client)
            else:  # closed meanwhile: the browser connects again and finds the table where it is now
                client.close(MOVED)
        try:
            while True:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    break
                if not bucket.take():
                    if bucket.flooding:
                        await _close(websocket, FLOOD, "too many messages: this connection is closed")
                        break
                    room.refuse(client, f"too many messages: at most {rate:g} a second")
                    continue
                text = received.get("text")
                if text is None:
                    text = bytes(received.get("bytes") or b"").decode("utf-8", "replace")
                await _handle(room, client, text)
        except WebSocketDisconnect:
            pass
        finally:
            room.leave(client)
            client.close()
            with contextlib.suppress(Exception):
                await writer

    app.include_router(catalog_router(tables))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def build_table(request: NewTable) -> Table:
    """A new table from a request (or a saved game to go on with); ``ConfigError`` naming what is wrong.

    Everything a request names passes :mod:`deckhand.web.guard` first: no
    file is opened, no computer thinks past its caps, and a seed deals only
    a table where no other person can sit.
    """
    practice = None
    if request.resume is not None:
        loaded = resume_from_saves(request.resume)
        practice = loaded.meta.get("chosen_deal")
        game = loaded.state.game
        state, start = loaded.state, loaded.start
        specs = request.seats or loaded.seats or parse_seats("", game.num_players, default_level(game))
    else:
        game = web_options(request.game, request.preset, request.options)
        state, start = game.new_initial_state(), None
        specs = request.seats or parse_seats("", game.num_players, default_level(game))
    if state.is_terminal():
        raise ConfigError("that game is over: there is nothing left to play")
    for spec in specs:  # a saved game's seats too: whoever asks, the server thinks within the caps
        if not is_human(spec) and spec != OPEN:
            web_agent(spec, game)
    check_deal(specs, request.seed, game, resumed=request.resume is not None)
    seats = make_seats(game, specs, request.names)
    stand_in = web_agent(request.stand_in, game, "stand_in") if request.stand_in else default_level(game)
    make_agent(stand_in, game)  # a bad level is refused now, not when someone leaves
    chosen = request.seed is not None or game.options.get("deck") is not None or bool(practice)
    return Table(
        id=new_table_id(),
        game=game,
        seats=seats,
        state=state,
        seed=request.seed if request.seed is not None else secrets.randbits(63),
        chosen=chosen,
        spectators=request.spectators,
        public=request.public,
        stand_in=stand_in,
        away=request.away,
        start=start,
        origin=state.clone() if request.resume is not None else None,
    )


async def _store_seats(room: Room) -> None:
    """Store who sits where; if the store refuses, the room is dealt again from it and the request fails."""
    try:
        await room.ledger.write(seated(room.table))
    except TableLost:
        room.lose()
        raise
    except Exception:
        log.exception("table %s: its seats could not be stored", room.table.id)
        room.lose()
        raise HTTPException(503, "the table could not be stored; try again") from None


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
    if client.seat is None:
        room.refuse(client, "a spectator cannot ask for hints")
        return
    seat = client.seat
    try:
        if isinstance(message, HintRequest):
            async with room.hint_lock:
                async with room.lock:
                    agent, view, rng = room.table.hint_job(seat)
                explanation = await room.thinking.run(room.table.id, partial(agent.explain, view, rng))
                async with room.lock:
                    client.send(room.table.hint_message(view, explanation, message.selection))
        elif isinstance(message, MarksRequest):
            client.send(room.table.marks_message(seat, message.selection))
        elif isinstance(message, MatchRequest):
            client.send(room.table.matching(seat, message.cards))
    except DeckhandError as exc:
        room.refuse(client, str(exc))


async def _write(websocket: WebSocket, client: Client) -> None:
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
