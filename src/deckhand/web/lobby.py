"""The lobby's websocket, ``/ws/lobby``: the open seeks as they change, and the seeks a page waits on.

``GET /api/seeks`` answers anyone who asks, but an open lobby page is
better told. The process reads the open seeks once every :data:`TICK`
seconds for all its lobby pages together (one query, however many pages)
and sends the list (``{"type": "seeks", "seeks": [...]}``, as ``GET
/api/seeks`` lists them) to each page when it changed, at once when a seek
changed in this process. A page that posted or accepted a seek *holds* it
on its connection (``{"type": "hold", "seek", "token"}``): the server asks
after it for the page every :data:`HOLD_EVERY` seconds and sends how it
stands (``{"type": "seek", ...}``, as ``GET /api/seeks/{ID}`` answers, or
``"state": "gone"``), the table and seat once it fills. When the page's
connection goes, its place goes with it (a seeker's: the seek), so nobody
waits for a person who has left. A process that is stopping closes its
lobby connections with :data:`~deckhand.web.rooms.MOVED` and leaves their
seeks alone: the pages connect again, through the balancer, and hold them
there.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass, field

from fastapi import APIRouter, WebSocket

from deckhand.store.seeks import leave
from deckhand.web.handshake import login
from deckhand.web.limits import Bucket
from deckhand.web.rooms import MOVED, Client, Gone
from deckhand.web.seats import token_hash
from deckhand.web.seeks import listed_seeks, seek_answer
from deckhand.web.websocket import FLOOD, incoming, send_queued
from deckhand.web.wire import ErrorMessage, read_hold

log = logging.getLogger("deckhand.web")

TICK = 1.0
"""Seconds between two readings of the open seeks, for every lobby page of the process together."""
HOLD_EVERY = 2.0
"""Seconds between two asks after a held seek (a seek nobody asks after for 20 s is gone)."""
HOLD_MOST = 3
"""Seeks one connection holds at once (a person has at most as many open)."""
PAGES_MOST = 2000
"""Lobby connections one process takes at once."""
PAGES_AT_ONE_ADDRESS = 16
"""Lobby connections one process takes at once from one address (a household's tabs, not one client's thousands)."""
LOBBY_FULL = 4430
"""Close code for a lobby connection past :data:`PAGES_MOST`."""
FLOODED = ErrorMessage(message="too many messages: the connection is closed").model_dump_json()


@dataclass(eq=False)
class Page:
    """One lobby connection: its queue out, and the seeks it holds (id to token)."""

    address: str = "?"
    """Where it connects from: a few pages an address (:data:`PAGES_AT_ONE_ADDRESS`)."""
    client: Client = field(default_factory=lambda: Client(None))
    held: dict[str, str] = field(default_factory=dict)
    asked: float = 0.0

    def send(self, text: str) -> None:
        """Queue ``text``; a page that stopped reading is closed (its queue dropped), not waited for."""
        try:
            self.client.send(text)
        except Gone:
            self.client.close()


class Lobby:
    """This process's lobby pages, and the one task that keeps them told while any is open."""

    def __init__(self, url: str | None) -> None:
        self.url = url
        self.pages: set[Page] = set()
        self.stopping = False
        self._said: str | None = None
        """The list last sent, without its seconds waited (which change every second, the list not)."""
        self._message: str | None = None
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._letting_go: set[asyncio.Task[None]] = set()

    def join(self, page: Page) -> None:
        self.pages.add(page)
        if self._message is not None:
            page.send(self._message)
        self.changed()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())

    def leave(self, page: Page) -> None:
        """The page has gone: so have its places in the seeks it held (unless this process is stopping).

        Done by a task of its own: the connection's handler may be cancelled as it ends.
        """
        self.pages.discard(page)
        if self.stopping or not page.held:
            return
        task = asyncio.create_task(self._let_go(dict(page.held)))
        self._letting_go.add(task)
        task.add_done_callback(self._letting_go.discard)

    async def _let_go(self, held: dict[str, str]) -> None:
        for seek_id, token in held.items():
            try:
                await asyncio.to_thread(leave, seek_id, token_hash(token), url=self.url)
            except Exception:
                log.exception("the lobby could not take a place out of seek %s", seek_id)
        self.changed()

    def changed(self) -> None:
        """A seek changed in this process: tell the pages now rather than at the next tick."""
        self._changed.set()

    async def hold(self, page: Page, seek_id: str, token: str) -> None:
        """The page waits on this seek: how it stands now, then as it changes."""
        if seek_id not in page.held and len(page.held) >= HOLD_MOST:
            page.send(ErrorMessage(message=f"a page holds at most {HOLD_MOST} seeks").model_dump_json())
            return
        page.held[seek_id] = token
        if not await self._ask(page, seek_id, token):  # the store is away: the page stays, with what it holds
            page.held.pop(seek_id, None)
            page.send(ErrorMessage(message="the seek could not be asked after just now; try again").model_dump_json())

    def hang_up(self) -> None:
        """Close every lobby connection with MOVED, keeping their seeks: the process is stopping."""
        self.stopping = True
        for page in self.pages:
            page.client.close(MOVED)

    async def _run(self) -> None:
        while self.pages:
            self._changed.clear()
            try:
                await self._tell()
            except Exception:  # the store is away: the pages keep the last list, and the next tick tries again
                log.exception("the lobby could not read the seeks")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), TICK)
        self._said = self._message = None

    async def _tell(self) -> None:
        seeks = await listed_seeks(self.url)
        said = json.dumps([{key: value for key, value in seek.items() if key != "waiting"} for seek in seeks])
        if said != self._said:
            self._said = said
            self._message = json.dumps({"type": "seeks", "seeks": seeks})
            for page in list(self.pages):
                page.send(self._message)
        at = time.monotonic()
        for page in list(self.pages):
            if page.held and at - page.asked >= HOLD_EVERY:
                page.asked = at
                for seek_id, token in list(page.held.items()):
                    await self._ask(page, seek_id, token)  # one's failure: the others still, that one next time

    async def _ask(self, page: Page, seek_id: str, token: str) -> bool:
        """Tell the page how its seek stands; False if the store could not say (logged, the page told nothing)."""
        try:
            answer = await seek_answer(seek_id, token, self.url)
        except Exception:
            log.exception("the lobby could not ask after seek %s", seek_id)
            return False
        if answer is None:
            answer = {"seek": seek_id, "state": "gone"}
        if answer["state"] != "open":
            page.held.pop(seek_id, None)
        page.send(json.dumps({"type": "seek"} | answer))
        return True


def lobby_router(lobby: Lobby, *, rate: float, burst: int) -> APIRouter:
    """``/ws/lobby``: each connection may send ``rate`` messages a second (``burst`` at once)."""
    router = APIRouter()

    @router.websocket("/ws/lobby")
    async def lobby_socket(websocket: WebSocket) -> None:
        await websocket.accept(subprotocol=login(websocket.scope, None)[0])
        address = websocket.client.host if websocket.client else "?"
        full = None
        if len(lobby.pages) >= PAGES_MOST or lobby.stopping:
            full = "the lobby is full here; try later"
        elif sum(1 for other in lobby.pages if other.address == address) >= PAGES_AT_ONE_ADDRESS:
            full = f"the lobby is open in {PAGES_AT_ONE_ADDRESS} pages from here already; close one"
        if full is not None:
            with contextlib.suppress(Exception):
                await websocket.send_text(ErrorMessage(message=full).model_dump_json())
                await websocket.close(code=LOBBY_FULL if not lobby.stopping else MOVED)
            return
        page = Page(address=address)
        bucket = Bucket(rate, burst)
        writer = asyncio.create_task(send_queued(websocket, page.client))
        lobby.join(page)
        try:
            async for text in incoming(websocket, bucket):
                if text is None:
                    continue
                try:
                    hold = read_hold(text)
                except ValueError as exc:
                    page.send(ErrorMessage(message=str(exc)).model_dump_json())
                    continue
                await lobby.hold(page, hold.seek, hold.token)
            if bucket.flooding:
                page.send(FLOODED)
                page.client.close(FLOOD)
        finally:
            lobby.leave(page)
            page.client.close()
            with contextlib.suppress(Exception):
                await writer

    return router
