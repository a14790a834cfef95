"""The server behind ``deckhand serve``: the table contract of docs/architecture.md, the web contract, and the pages.

``create_app()`` assembles the FastAPI application from its parts: the
process's tables (:mod:`deckhand.web.tables`) over the ledger, the HTTP
routes (:mod:`deckhand.web.routes`, :mod:`deckhand.web.catalog`) and the
websocket (:mod:`deckhand.web.websocket`); ``deckhand serve`` runs it on
uvicorn. Tables live in the process; finished games go to the same store as
the terminal's (``DECKHAND_DB``). Every refused request gets a JSON
``{"error": "..."}`` with one line naming what is wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from deckhand.core.errors import DeckhandError
from deckhand.web.access import Observed
from deckhand.web.accounts import Accounts
from deckhand.web.catalog import catalog_router
from deckhand.web.credentials import Passwords
from deckhand.web.headers import SecurityHeaders
from deckhand.web.health import Health, health_router
from deckhand.web.ledger import LEASE, Ledger, TableLost
from deckhand.web.limits import BURST, RATE
from deckhand.web.lobby import Lobby, lobby_router
from deckhand.web.metrics import Metrics
from deckhand.web.owner import Owner
from deckhand.web.practice import practice_router
from deckhand.web.redact import redact_tokens
from deckhand.web.reviews import Reviewer, review_check, review_router
from deckhand.web.routes import STATIC, build_table, pages_router, tables_router
from deckhand.web.seeks import seeks_router
from deckhand.web.tables import TABLE_ID, Tables
from deckhand.web.thinking import AT_ONCE, LIMIT, Thinking
from deckhand.web.websocket import MAX_WATCHERS, socket_router
from deckhand.web.wire import first_problem

__all__ = ["MISDIRECTED", "STATIC", "TABLE_ID", "build_table", "create_app"]

MISDIRECTED = 421
"""HTTP status for a change to a table another server process took over at that moment (nothing was stored)."""


def create_app(
    *,
    url: str | None = None,
    rate: float = RATE,
    burst: int = BURST,
    watchers: int = MAX_WATCHERS,
    address: str = "local",
    lease: float = LEASE,
    sole: bool = False,
    thinkers: int = AT_ONCE,
    think_limit: float = LIMIT,
    owner_token: str | None = None,
    access_log: str = "off",
    metrics_route: bool = True,
    passwords: Passwords | None = None,
) -> FastAPI:
    """The application, dealing from the store at ``url`` (``DECKHAND_DB`` by default).

    On start, every unfinished table in the store that no other live process
    deals is dealt again where it stopped, and its computers go on. Each
    connection may send ``rate`` messages a second (``burst`` at once; 0: no
    limit); a table takes ``watchers`` spectators at once. Processes sharing
    a database tell each other apart by ``address`` (the one they serve
    at) and hold their tables for ``lease`` seconds between renewals; a
    ``sole`` process (alone on its database) deals every table. Computers
    and hints think in processes of the server's own, ``thinkers`` at a
    time, each decision cut off after ``think_limit`` seconds.
    Whoever holds
    ``owner_token`` (:mod:`deckhand.web.owner`) may list and resume the
    terminal's saved games and review its games; without one, nobody may.
    Every request is timed for the metrics and, unless ``access_log`` is
    ``off``, logged (``text`` or ``json``); the metrics are served at
    ``/metrics`` if ``metrics_route`` (``deckhand serve`` serves them on a port
    of their own instead). Accounts' passwords are hashed by ``passwords``
    (Argon2id at its library's recommended cost unless given).
    """
    metrics = Metrics()
    ledger = Ledger(url, address, lease, sole, metrics)
    thinking = Thinking(thinkers, limit=think_limit, metrics=metrics)
    tables = Tables(ledger, thinking, metrics)
    metrics.watch(lambda: len(tables.rooms), tables.connections, thinking.waiting)
    health = Health()
    reviewer = Reviewer(url)
    owner = Owner(owner_token)
    accounts = Accounts(url, passwords)
    lobby = Lobby(url)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await tables.resume()
        keeper = asyncio.create_task(tables.keep_leases())
        yield
        health.draining = True
        keeper.cancel()
        reviewer.close()
        thinking.close()  # every search stops now: the server does not wait for a computer to finish thinking
        await ledger.aclose()
        ledger.release()

    app = FastAPI(
        title="deckhand",
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
        exception_handlers={
            HTTPException: _http_error,
            RequestValidationError: _validation_error,
            DeckhandError: _deckhand_error,
        },
    )
    app.state.tables = tables
    app.state.thinking = thinking
    app.state.health = health
    app.state.owner = owner
    app.state.accounts = accounts
    app.state.lobby = lobby
    app.add_middleware(SecurityHeaders)
    app.add_middleware(Observed, metrics=metrics, log_format=access_log)  # outermost: every request is seen
    app.state.metrics = metrics
    redact_tokens()
    app.include_router(pages_router())
    app.include_router(health_router(tables, metrics, health, metrics_route=metrics_route))
    app.include_router(owner.router())
    app.include_router(accounts.router())
    app.include_router(tables_router(tables, owner, accounts))
    app.include_router(seeks_router(tables, accounts, lobby.changed))
    app.include_router(lobby_router(lobby, rate=rate, burst=burst))
    app.include_router(socket_router(tables, rate=rate, burst=burst, watchers=watchers))
    app.include_router(catalog_router(tables, owner, accounts))
    reviewing = review_check(owner, accounts, url)
    app.include_router(review_router(reviewer, reviewing))
    app.include_router(practice_router(reviewing, url))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _http_error(request: Request, exc: HTTPException) -> JSONResponse:
    return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers)


async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    return JSONResponse({"error": first_problem(exc.errors())}, status_code=422)


async def _deckhand_error(request: Request, exc: DeckhandError) -> JSONResponse:
    if isinstance(exc, TableLost):
        return JSONResponse({"error": str(exc)}, status_code=MISDIRECTED)
    return JSONResponse({"error": str(exc)}, status_code=422)
