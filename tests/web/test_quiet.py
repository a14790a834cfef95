"""The quiet protocols on a transport of the test's own, and the uvicorn internals they stand on.

:mod:`deckhand.web.quiet` subclasses uvicorn's protocol classes and reads
their private state, which uvicorn may rename in any release: pyproject pins
uvicorn to the releases this was checked against, and when that pin moves,
these tests name what is gone instead of a server that quietly keeps silent
sockets open again.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest
import uvicorn
from uvicorn.server import ServerState

from deckhand.web import quiet
from deckhand.web.quiet import PromptRefusal, QuietHangUp
from tests.web.test_crash import run  # asyncio.run in a thread: a browser test may leave a loop running here

HTTP_PROTOCOLS = (
    "uvicorn.protocols.http.httptools_impl:HttpToolsProtocol",
    "uvicorn.protocols.http.h11_impl:H11Protocol",
)
WEBSOCKET_PROTOCOL = "uvicorn.protocols.websockets.websockets_sansio_impl:WebSocketsSansIOProtocol"
OVERRIDDEN = {"http": ("connection_made", "connection_lost"), "websocket": ("data_received",)}
"""The methods of uvicorn's protocols that quiet.py overrides, calling uvicorn's own first."""
READ = {"http": ("loop", "transport", "cycle"), "websocket": ("transport", "handshake_initiated", "conn")}
"""What quiet.py reads of a protocol's state once a connection is made."""
UPGRADE = b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
UPGRADE += b"Sec-WebSocket-Version: 13\r\n"


class Transport(asyncio.Transport):
    """A socket that keeps what is written to it and remembers being closed."""

    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.closed = False
        self.protocol: asyncio.BaseProtocol | None = None

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += data

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_protocol(self) -> asyncio.BaseProtocol:
        assert self.protocol is not None
        return self.protocol

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self.protocol = protocol

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


def connected(kind: Callable[..., Any], app: Callable[..., Awaitable[None]]) -> tuple[Any, Transport]:
    """A protocol of ``kind`` as uvicorn makes one for a new connection, on a :class:`Transport`."""
    config = uvicorn.Config(app, http=QuietHangUp, ws=PromptRefusal, lifespan="off", log_config=None)
    protocol: Any = kind(config=config, server_state=ServerState(), app_state={}, _loop=asyncio.get_running_loop())
    transport = Transport()
    transport.set_protocol(protocol)
    protocol.connection_made(transport)
    return protocol, transport


async def no_answer(scope: dict[str, Any], receive: Receive, send: Send) -> None:
    """An application that never needs to answer: these tests end before it would."""


@pytest.fixture
def prompt(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(quiet, "FIRST_REQUEST", 0.05)
    yield


@pytest.mark.parametrize("where", [*HTTP_PROTOCOLS, WEBSOCKET_PROTOCOL], ids=lambda w: w.rsplit(":")[1])
def test_the_uvicorn_internals_quiet_stands_on_are_there(where: str) -> None:
    """Both HTTP protocols (quiet.py takes httptools' when it is installed, else h11's) and the websocket one."""
    module, name = where.split(":")
    if "httptools" in module:
        pytest.importorskip("httptools")
    base: type[asyncio.Protocol] = getattr(importlib.import_module(module), name)
    kind = "websocket" if where == WEBSOCKET_PROTOCOL else "http"
    missing = [method for method in OVERRIDDEN[kind] if not callable(getattr(base, method, None))]

    async def made() -> Any:
        return connected(base, no_answer)[0]

    protocol = run(made())
    missing += [attribute for attribute in READ[kind] if not hasattr(protocol, attribute)]
    if kind == "websocket":
        missing += [
            f"conn.{attribute}"
            for attribute in ("handshake_exc", "data_to_send")
            if not hasattr(protocol.conn, attribute)
        ]
    assert not missing, (
        f"uvicorn {uvicorn.__version__}'s {module}.{name} no longer has {', '.join(missing)}: "
        "deckhand/web/quiet.py must follow it before the uvicorn pin in pyproject.toml moves"
    )


def test_a_connection_that_never_sends_a_request_is_closed(prompt: None) -> None:
    async def scene() -> bool:
        protocol, transport = connected(QuietHangUp, no_answer)
        await asyncio.sleep(0.2)
        closed = transport.closed
        protocol.connection_lost(None)
        return closed

    assert run(scene())


def test_half_a_request_is_no_request(prompt: None) -> None:
    async def scene() -> bool:
        protocol, transport = connected(QuietHangUp, no_answer)
        protocol.data_received(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the headers never end
        await asyncio.sleep(0.2)
        closed = transport.closed
        protocol.connection_lost(None)
        return closed

    assert run(scene())


def test_a_request_being_answered_is_not_cut_off(prompt: None) -> None:
    answer = asyncio.Event()

    async def slow(scope: dict[str, Any], receive: Receive, send: Send) -> None:
        await answer.wait()
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})

    async def scene() -> tuple[bool, bytes]:
        protocol, transport = connected(QuietHangUp, slow)
        protocol.data_received(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        await asyncio.sleep(0.2)  # past the first request's deadline, while the answer is being made
        closed = transport.closed
        answer.set()
        await asyncio.sleep(0.05)
        protocol.connection_lost(None)
        return closed, bytes(transport.written)

    closed, written = run(scene())
    assert not closed
    assert written.startswith(b"HTTP/1.1 200") and written.endswith(b"ok")


@pytest.mark.parametrize(
    ("request_line", "status"),
    [
        (b"GET /ws/tables/x?token=" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"414"),
        (b"GET /ws/tables/x HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: " + b"c" * 20_000 + b"\r\n", b"431"),
    ],
    ids=["long line", "large header"],
)
def test_a_handshake_too_large_to_read_is_answered_and_closed_at_once(request_line: bytes, status: bytes) -> None:
    async def scene() -> tuple[bool, bytes]:
        protocol, transport = connected(PromptRefusal, no_answer)
        protocol.data_received(request_line + UPGRADE + b"\r\n")
        return transport.closed, bytes(transport.written)

    closed, written = run(scene())
    assert closed
    assert written.startswith(b"HTTP/1.1 " + status), written[:60]
