"""A thousand idle connections do not stop a table: people play on, watchers are told, idle sockets are closed.

The thousand in the slow tier; by default a crowd of fifty.
"""

from __future__ import annotations

import asyncio
import json
import random
import resource
import signal
import socket
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from tests.web.tables import free_port
from tests.web.test_crash import run, start_server

CROWDS = [pytest.param((10, 100, 200), id="soak", marks=pytest.mark.slow)]
"""Real sockets held open against a real server: the slow tier."""
"""Tables; spectators at each table (websockets that never send a thing); connections that open a socket
and never say a word (not even a request)."""


def room_for(connections: int) -> int:
    """Raise this process's open-file limit as far as allowed; how many connections fit under it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 200
    if soft < wanted:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard)
        )
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0] - 200


async def watch(ws: ClientConnection) -> dict[str, Any]:
    """A spectator's messages until the game ends: the last state message."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if message["type"] == "state" and message["result"] is not None:
            return dict(message)


async def play(url: str, table: str, token: str, seed: int) -> int:
    """A person's random moves to the end; how many."""
    rng = random.Random(seed)
    moves = 0
    async with connect(url.replace("http", "ws") + f"/ws/tables/{table}?token={token}") as ws:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
            assert message["type"] != "error", message
            if message["type"] != "state":
                continue
            if message["result"] is not None:
                return moves
            if message["legal"]:
                await ws.send(json.dumps({"type": "move", "move": rng.choice(message["legal"])}))
                moves += 1


async def silent_sockets(port: int, count: int) -> list[socket.socket]:
    sockets = []
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        sockets.append(sock)
    return sockets


async def closed_by_server(sock: socket.socket, patience: float) -> bool:
    try:
        data = await asyncio.wait_for(asyncio.get_running_loop().sock_recv(sock, 1024), patience)
    except TimeoutError:
        return False
    except OSError:
        return True
    return data == b""


async def crowd(url: str, port: int, tables: list[tuple[str, str]], watchers: int, silent_count: int) -> None:
    silent = await silent_sockets(port, silent_count)
    # The spectators send no keepalive pings: with a thousand sockets on one loaded client loop, the
    # client's own 20-second ping deadline fails before the server does; the 60-second wait in
    # ``watch`` is what holds the server to its pace.
    spectators = [
        await connect(url.replace("http", "ws") + f"/ws/tables/{table}", open_timeout=30, ping_interval=None)
        for table, _ in tables
        for _ in range(watchers)
    ]
    try:
        watched = [asyncio.create_task(watch(ws)) for ws in spectators]
        moves = await asyncio.gather(*(play(url, table, token, i) for i, (table, token) in enumerate(tables)))
        assert all(moves), "every person played their game to the end"
        finals = await asyncio.gather(*watched)
        assert all(final["seat"] is None for final in finals), "every watcher saw its game end"
        closed = await asyncio.gather(*(closed_by_server(sock, 30) for sock in silent))
        assert all(closed), "a connection that never sends a request is closed by the server"
    finally:
        await asyncio.gather(*(ws.close() for ws in spectators))
        for sock in silent:
            sock.close()


@pytest.mark.parametrize("size", CROWDS)
def test_idle_connections_do_not_stop_the_tables(tmp_path: Path, size: tuple[int, int, int]) -> None:
    tables_count, watchers_each, silent_count = size
    wanted = tables_count * watchers_each + silent_count + tables_count
    watchers = min(watchers_each, max(10, (room_for(wanted) - silent_count) // tables_count))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(tmp_path, port)
    try:
        tables = []
        for seed in range(tables_count):
            made = httpx.post(f"{url}/api/tables", json={"game": "basra", "seats": ["human", "random"], "seed": seed})
            tables.append((made.json()["table"], made.json()["seats"][0]["token"]))
        run(crowd(url, port, tables, watchers, silent_count))
        assert httpx.get(f"{url}/healthz").json() == {"ok": True}
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(20)
