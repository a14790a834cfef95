"""``GET /readyz`` and ``GET /metrics``: whether the balancer may send this process work, and its load.

``/healthz`` (in :mod:`deckhand.web.routes`) says the process answers;
``/readyz`` says it should be sent tables: it fails while the process is
stopping (draining) or cannot reach its database, so a balancer that checks
it sends the tables' ids elsewhere. ``/metrics`` is for whoever runs the
server (Prometheus scrapes each process directly, not through the balancer).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse

from deckhand.web.metrics import CONTENT_TYPE, Metrics
from deckhand.web.tables import Tables

log = logging.getLogger("deckhand.web")

PATIENCE = 2.0
"""Seconds the database has to answer a readiness check before the process counts as not ready."""


@dataclass
class Health:
    """What readiness depends on beyond the database: whether the process is stopping."""

    draining: bool = False
    _ping: asyncio.Task[None] | None = field(default=None, repr=False)

    async def store_answers(self, tables: Tables) -> bool:
        """Whether the database answers within :data:`PATIENCE` (one question at a time, however many ask)."""
        if self._ping is None or self._ping.done():
            self._ping = asyncio.create_task(asyncio.to_thread(tables.ledger.reachable))
        try:
            await asyncio.wait_for(asyncio.shield(self._ping), PATIENCE)
        except Exception as exc:  # any failure of the driver or the network means the same: not ready
            log.warning("readiness: the database does not answer: %s", exc or type(exc).__name__)
            return False
        return True


def health_router(tables: Tables, metrics: Metrics, health: Health, *, metrics_route: bool = True) -> APIRouter:
    """``/readyz`` for the balancer and (if ``metrics_route``) ``/metrics`` for people running the server."""
    router = APIRouter()

    @router.get("/readyz")
    async def readyz() -> JSONResponse:
        if health.draining:
            return JSONResponse({"ready": False, "error": "this process is stopping"}, status_code=503)
        if not await health.store_answers(tables):
            return JSONResponse({"ready": False, "error": "the database does not answer"}, status_code=503)
        return JSONResponse({"ready": True})

    if metrics_route:

        @router.get("/metrics", include_in_schema=False)
        async def metrics_text() -> Response:
            return Response(metrics.text(), media_type=CONTENT_TYPE)

    return router
