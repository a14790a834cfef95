"""What every request did, for the operator: its latency and status in ``/metrics``, one line in the access log.

:class:`Observed` wraps the whole application (outside every other
middleware, so a request refused early is counted too). HTTP requests are
timed by route (the route's pattern, ``/api/tables/{table_id}``, never the
path a visitor typed, which would make a metric per table id) and status; an
exception that escapes the application counts as an error and a ``500``.
Websockets are counted as they open and close, by close code (who closed
them, the server or the browser). The access log (``deckhand serve
--access-log``) writes one line per request, or one JSON object a line, to
the ``deckhand.access`` logger, with every ``token`` parameter hidden.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from deckhand.web.metrics import Metrics
from deckhand.web.redact import hide_tokens

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

ACCESS_LOG = "deckhand.access"
FORMATS = ("off", "text", "json")
"""What ``--access-log`` takes: no access log, a line of text a request, or a JSON object a line."""
UNMATCHED = "(unmatched)"
"""The route label of a request no route took (a 404 for a path the server does not have)."""

access = logging.getLogger(ACCESS_LOG)


def route_of(scope: Scope) -> str:
    """The pattern of the route that took the request (``/static`` for files), else :data:`UNMATCHED`."""
    path = getattr(scope.get("route"), "path", None)
    if isinstance(path, str):
        return path
    if str(scope.get("path", "")).startswith("/static/"):
        return "/static"
    return UNMATCHED


class Observed:
    """ASGI middleware: request latency and errors by route and status, websocket opens and closes, the access log."""

    def __init__(self, app: ASGIApp, metrics: Metrics, log_format: str = "off") -> None:
        if log_format not in FORMATS:
            raise ValueError(f"access log format {log_format!r}: expected one of {', '.join(FORMATS)}")
        self.app = app
        self.metrics = metrics
        self.log_format = log_format

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        status = 500
        size = 0

        async def sending(message: Message) -> None:
            nonlocal status, size
            if message["type"] == "http.response.start":
                status = int(message["status"])
            elif message["type"] == "http.response.body":
                size += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception:
            status = 500
            raise
        finally:
            seconds = time.perf_counter() - started
            route = route_of(scope)
            method = str(scope.get("method", ""))
            self.metrics.requests.labels(route=route, method=method, status=str(status)).observe(seconds)
            if status >= 500:
                self.metrics.errors.labels(route=route).inc()
            if self.log_format != "off":
                self._log(scope, method, status, seconds, size)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        closed: list[tuple[int, str]] = []

        async def sending(message: Message) -> None:
            if message["type"] == "websocket.accept":
                self.metrics.sockets_opened.inc()
            elif message["type"] == "websocket.close" and not closed:
                closed.append((int(message.get("code", 1000)), "server"))
            await send(message)

        async def receiving() -> Message:
            message = await receive()
            if message["type"] == "websocket.disconnect" and not closed:
                closed.append((int(message.get("code", 1005)), "browser"))
            return message

        started = time.perf_counter()
        try:
            await self.app(scope, receiving, sending)
        finally:
            code, by = closed[0] if closed else (1006, "server")
            self.metrics.sockets_closed.labels(code=str(code), by=by).inc()
            if self.log_format != "off":
                self._log(scope, "WEBSOCKET", code, time.perf_counter() - started, 0)

    def _log(self, scope: Scope, method: str, status: int, seconds: float, size: int) -> None:
        query = scope.get("query_string", b"").decode("latin-1")
        path = hide_tokens(str(scope.get("path", "")) + ("?" + query if query else ""))
        client = scope.get("client")
        peer = client[0] if client else "-"
        if self.log_format == "json":
            access.info(
                json.dumps(
                    {
                        "time": round(time.time(), 3),
                        "client": peer,
                        "method": method,
                        "path": path,
                        "route": route_of(scope),
                        "status": status,
                        "ms": round(seconds * 1000, 2),
                        "bytes": size,
                    },
                    separators=(",", ":"),
                )
            )
        else:
            access.info('%s "%s %s" %d %d %.1fms', peer, method, path, status, size, seconds * 1000)
