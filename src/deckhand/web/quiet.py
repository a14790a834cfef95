"""Hang up on connections that never send a request: a thousand silent sockets must not sit on the server.

uvicorn closes a connection left idle *after* a request; one that opens a
socket and never completes a first request is kept for ever. This protocol
is uvicorn's own with one rule more: a connection that has not started a
request (nor become a websocket) within :data:`FIRST_REQUEST` seconds is
closed. :class:`PromptRefusal` does the same for a websocket handshake the
websockets library refused.

No public setting of uvicorn does either (``timeout_keep_alive`` starts only
after a first response), so both subclass uvicorn's private protocol classes
and read their state: pyproject pins uvicorn to the releases this was checked
against, and ``tests/web/test_quiet.py`` names what is gone when the pin moves.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as _HTTP
except ImportError:  # uvicorn without httptools speaks HTTP through h11
    from uvicorn.protocols.http.h11_impl import H11Protocol as _HTTP  # type: ignore[assignment]

FIRST_REQUEST = 10.0
"""Seconds a new connection has to send its first request's headers."""


class QuietHangUp(_HTTP):
    """uvicorn's HTTP protocol, closing a connection that stays silent past :data:`FIRST_REQUEST`."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = self.loop.call_later(FIRST_REQUEST, self._hang_up)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        super().connection_lost(exc)

    def _hang_up(self) -> None:
        self._deadline = None
        upgraded = self.transport.get_protocol() is not self  # a websocket now: it has its own pings
        if self.cycle is None and not upgraded and not self.transport.is_closing():
            self.transport.close()


class PromptRefusal(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, answering at once a handshake the websockets library could not read.

    The HTTP protocol hands every upgrade request on, whatever its length; the
    websockets library refuses a line over 8 KB (a long query string) with 414,
    a header too large with 431, and garbage by hanging up, but uvicorn
    neither sends that answer nor closes the socket (no request came out of
    the parser, so nothing happens): the socket sat open with no answer. Here
    the refusal is sent and the connection closed.
    """

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        refused = not self.handshake_initiated and self.conn.handshake_exc is not None
        if refused and not self.transport.is_closing():
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()
