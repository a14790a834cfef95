"""``deckhand serve``: the application on uvicorn, with limits a public server needs."""

from __future__ import annotations

import errno
import gc
import logging
import os
import socket
import sys
import threading
import time
import webbrowser
from pathlib import Path
from types import FrameType
from typing import IO
from urllib.parse import urlsplit

import uvicorn
from prometheus_client import start_http_server

from deckhand.core.errors import ConfigError, quote
from deckhand.core.paths import database_url
from deckhand.store.db import sqlite_file
from deckhand.web.access import ACCESS_LOG
from deckhand.web.app import create_app
from deckhand.web.health import Health
from deckhand.web.ledger import LEASE
from deckhand.web.limits import RATE
from deckhand.web.lobby import Lobby
from deckhand.web.owner import ENV, LINK, Owner, check_token, new_token
from deckhand.web.quiet import PromptRefusal, QuietHangUp
from deckhand.web.tables import Tables
from deckhand.web.thinking import LIMIT
from deckhand.web.wire import MAX_MESSAGE

DRAIN = 5.0
"""Seconds a process sharing its database goes on serving once asked to stop, while ``/readyz`` fails.

A balancer that checks readiness every second or two has stopped sending
it new work by then; only then are its websockets told to connect again
(through the balancer, to another process). Alone on SQLite there is no
other process to send anyone to, so it stops at once (``--drain`` says otherwise).
"""
FINISHING = 1
"""Seconds the requests still being answered at the end of the drain have to finish before they are cut off."""


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    open_browser: bool = False,
    rate: float = RATE,
    advertise: str | None = None,
    lease: float = LEASE,
    think_limit: float = LIMIT,
    drain: float | None = None,
    metrics_port: int | None = None,
    metrics_host: str = "127.0.0.1",
    access_log: str = "off",
) -> None:
    """Run the server until interrupted; ``ConfigError`` when the address or the owner token cannot be used.

    ``drain``: seconds it goes on serving once asked to stop (None: :data:`DRAIN`, or 0 alone on SQLite).
    The metrics are served at ``metrics_host:metrics_port`` only (never at the public address); the access
    log (``text`` or ``json``) goes to the standard error.
    """
    token, given = owner_token()
    _check_free(host, port)
    if metrics_port is not None:
        _check_free(metrics_host, metrics_port, "--metrics-port", "--metrics-host")
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    here = socket.gethostname() if host in ("0.0.0.0", "::") else host
    address = _advertised(advertise, f"http://{here}:{port}")
    sole = _alone_on(database_url())
    app = create_app(
        rate=rate,
        address=address,
        lease=lease,
        sole=sole is not None,
        owner_token=token,
        think_limit=think_limit,
        access_log=access_log,
        metrics_route=False,
    )
    if metrics_port is not None:
        start_http_server(metrics_port, addr=metrics_host, registry=app.state.metrics.registry)
    if access_log != "off":
        _log_access()
    app.state.thinking.warm()  # the thinking processes start now, not with the first computer's move
    print(f"deckhand is serving at {url} (Ctrl-C to stop)", flush=True)
    if metrics_port is not None:
        print(f"metrics at http://{metrics_host}:{metrics_port}/metrics", flush=True)
    print(owner_line(url, token, given), flush=True)
    if open_browser:
        threading.Timer(0.8, webbrowser.open, args=(browser_link(url, app.state.owner),)).start()
    _tune_collector()
    _share_interpreter()
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=MAX_MESSAGE * 4,  # larger messages are cut off by the server before they are read
        ws_ping_interval=20,
        ws_per_message_deflate=False,  # messages are under 1.5 KB: compressing cost more CPU and memory than it saved
        ws_ping_timeout=20,
        http=QuietHangUp,  # a socket that never sends a request is closed
        ws=PromptRefusal,  # a handshake too long to read is refused at once
        timeout_graceful_shutdown=FINISHING,
    )
    Draining(config, app.state.health, app.state.tables, drain_window(drain, database_url()), app.state.lobby).run()


def drain_window(drain: float | None, url: str) -> float:
    """The drain window asked for, else :data:`DRAIN` on a database processes share, 0 alone on SQLite."""
    if drain is not None:
        return drain
    return 0.0 if sqlite_file(url) is not None else DRAIN


def owner_token() -> tuple[str, bool]:
    """The owner token: ``DECKHAND_OWNER_TOKEN`` if set (shared by every process behind a balancer), else a new one.

    Also whether it was given. ``ConfigError`` for a malformed one, never
    quoting it. Never a command-line flag: ``ps`` shows every user those.
    """
    given = os.environ.get(ENV)
    if given is None:
        return new_token(), False
    return check_token(given.strip()), True


def owner_line(url: str, token: str, given: bool) -> str:
    """What ``deckhand serve`` prints for the owner: the link with a new token; a token given is never echoed."""
    if given:
        return f"Owner's link (saved games, reviews of terminal games): {url}{LINK} followed by {ENV}"
    return f"Owner's link (saved games, reviews of terminal games; keep it to yourself): {url}{LINK}{token}"


def browser_link(url: str, owner: Owner) -> str:
    """The owner's link as ``--open`` hands it to the browser: a one-time code in place of the token."""
    return f"{url}{LINK}{owner.once()}"


class Draining(uvicorn.Server):
    """uvicorn's server, draining when asked to stop (SIGTERM, Ctrl-C) rather than refusing at once.

    Readiness (``/readyz``) fails from that moment, and for ``drain`` seconds
    the process goes on serving every request and websocket as before, so
    that a balancer checking readiness sends new work elsewhere before any
    connection is refused. Then it stops listening, tells every websocket to
    connect again (:data:`~deckhand.web.rooms.MOVED`: the browser comes back
    through the balancer, to another process, which takes its table over),
    gives the requests under way :data:`FINISHING` seconds, and stops. Asked
    again meanwhile, it stops at once.
    """

    def __init__(
        self, config: uvicorn.Config, health: Health, tables: Tables, drain: float = DRAIN, lobby: Lobby | None = None
    ) -> None:
        super().__init__(config)
        self.health = health
        self.tables = tables
        self.lobby = lobby
        self.drain = drain
        self.drain_ends: float | None = None
        """When the drain window closes, once the process was asked to stop."""
        self.told = False
        """Whether the operator was told the drain began (printed from the loop: a signal handler must not print)."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.drain_ends is not None:  # asked again: the operator wants it gone now
            self.force_exit = True
        elif not self.should_exit:
            self.drain_ends = time.monotonic() + self.drain
        self.health.draining = True
        super().handle_exit(sig, frame)  # kept to raise again once stopped, as uvicorn does

    async def on_tick(self, counter: int) -> bool:
        stopping = await super().on_tick(counter)
        if not stopping or self.force_exit or self.drain_ends is None:
            return stopping
        left = self.drain_ends - time.monotonic()
        if left > 0 and not self.told:
            self.told = True
            print(f"deckhand is stopping: serving {left:.0f} s more (Ctrl-C again to stop now)", flush=True)
        return left <= 0

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:  # no new connection: a browser told to go reaches another process
            server.close()
        if self.lobby is not None:
            self.lobby.hang_up()
        await self.tables.hang_up()
        await super().shutdown(sockets)


def _tune_collector() -> None:
    """Keep the cycle collector's pauses out of the players' round trips.

    A full collection walks every object alive, and a server holds many (the
    libraries, hundreds of tables): with 500 tables its pauses made the 95th
    percentile of a move's round trip 60-75 ms instead of about 10. What is
    loaded now is frozen out of the collector's sight, and it runs less often.
    """
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


SWITCH = 0.001
"""Seconds a thread holds the interpreter before one waiting for it takes a turn (Python's default: 0.005)."""


def _share_interpreter() -> None:
    """Hand the interpreter between threads every :data:`SWITCH` seconds, not every 5 ms.

    The group commit's thread runs the database library's Python code while
    the event loop waits to relay moves; with the default interval a move
    could wait 5 ms for each hand-over. Measured with 500 tables on two
    cores, three runs of each interleaved: the median round trip from 11-23
    ms to 8-19 ms, the 95th percentile from 45-95 ms to 39-76 ms, the same
    CPU; with 200 tables, no difference beyond the machine's own noise.
    """
    sys.setswitchinterval(SWITCH)


def _log_access() -> None:
    """The access log's lines, one a request, as they are (text or JSON), on the standard error."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(message)s"))
    logger = logging.getLogger(ACCESS_LOG)
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False


def _check_free(host: str, port: int, port_option: str = "--port", host_option: str = "--host") -> None:
    """A one-line error for an address in use or not ours, instead of uvicorn's traceback."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise ConfigError(
                    f"{port_option} {port}: the port is in use; pick another with {port_option}"
                ) from None
            raise ConfigError(f"{host_option} {host}: cannot listen there: {exc.strerror or exc}") from None


def _advertised(advertise: str | None, url: str) -> str:
    """The address this process is known by, stored with the tables it deals; ``ConfigError`` if malformed."""
    if advertise is None:
        return url.rstrip("/")
    parsed = urlsplit(advertise)
    if parsed.scheme not in ("http", "https") or not parsed.netloc or parsed.path not in ("", "/"):
        raise ConfigError(f"--advertise {quote(advertise, 60)}: expected an address like http://10.0.0.5:8000")
    return advertise.rstrip("/")


_LOCKS: list[IO[bytes]] = []
"""The lock files this process holds (for as long as it runs)."""


def _alone_on(url: str) -> IO[bytes] | None:
    """On a SQLite file, lock it for this process alone; ``ConfigError`` if another server holds it.

    Several processes deal tables together only on a database that can check
    who owns a row in the same transaction (PostgreSQL); on SQLite one
    ``deckhand serve`` deals every table, and comes back to all of them at
    once after a crash. ``None`` for a database shared by design.
    """
    database = sqlite_file(url)
    if database is None:
        return None
    try:
        import fcntl
    except ImportError:  # no advisory locks here: trust the person running it
        return None
    path = Path(database).with_name(Path(database).name + ".serve-lock")
    path.parent.mkdir(parents=True, exist_ok=True)
    held = path.open("wb")
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        held.close()
        raise ConfigError(
            f"database {database}: another deckhand serve is using it; "
            "run several processes on PostgreSQL (DECKHAND_DB)"
        ) from None
    _LOCKS.append(held)
    return held
