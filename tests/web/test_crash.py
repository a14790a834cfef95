"""A server killed with SIGKILL during 50 games loses none of them: each goes on where its players last saw it.

Basra against random moves: a game lasts hundreds of actions, so the kill comes mid-game. The 50 games
in the slow tier; 10 by default.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import httpx2 as httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect

from tests.web.tables import free_port

TABLES = [pytest.param(50, id="soak", marks=pytest.mark.slow)]
"""A real server killed during 50 tables' games: the slow tier (a process killed takes seconds, whatever the count)."""
T = TypeVar("T")


def start_server(home: Path, port: int, *options: str) -> subprocess.Popen[bytes]:
    """``deckhand serve`` on SQLite in ``home``, with ``options`` more, once it answers."""
    env = {**os.environ, "DECKHAND_HOME": str(home), "DECKHAND_DB": f"sqlite:///{home / 'crash.db'}"}
    server = subprocess.Popen(
        [sys.executable, "-m", "deckhand.cli", "serve", "--port", str(port), "--rate", "0", *options],  # full speed
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError("the server did not start")


async def play(url: str, table: str, token: str, seed: int, seen: dict[str, int], until: float | None) -> None:
    """Random moves at one table until ``until`` (or the end of the game); ``seen`` keeps the last seq told."""
    rng = random.Random(seed)
    ws_url = url.replace("http", "ws") + f"/ws/tables/{table}?token={token}"
    try:
        async with connect(ws_url) as ws:
            while until is None or time.monotonic() < until:
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if message["type"] != "state":
                    continue
                if message["seq"] < seen.get(table, 0):
                    raise AssertionError(f"table {table} went back from {seen[table]} to {message['seq']}")
                seen[table] = message["seq"]
                if message["result"] is not None:
                    return
                if message["legal"]:
                    await ws.send(json.dumps({"type": "move", "move": rng.choice(message["legal"])}))
    except (TimeoutError, OSError, Exception) as exc:  # the server was killed under us
        if until is None:
            raise
        del exc


async def crowd(
    url: str, tables: list[tuple[str, str]], seen: dict[str, int], until: float | None, kill: Any = None
) -> None:
    """Everyone plays; ``kill`` (a server), if given, is killed with SIGKILL in the middle of it."""

    async def killer() -> None:
        await asyncio.sleep(1.5)
        kill.send_signal(signal.SIGKILL)

    players = [play(url, t, token, i, seen, until) for i, (t, token) in enumerate(tables)]
    await asyncio.gather(*players, *([killer()] if kill is not None else []))


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: a browser test on this worker may leave a loop running here."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.mark.parametrize("count", TABLES)
def test_a_server_killed_during_its_games_resumes_all_of_them(tmp_path: Path, count: int) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(tmp_path, port)
    try:
        tables = []
        for i in range(count):
            made: dict[str, Any] = httpx.post(
                f"{url}/api/tables", json={"game": "basra", "seats": ["human", "random"], "seed": i}
            ).json()
            tables.append((made["table"], made["seats"][0]["token"]))
        seen: dict[str, int] = {}
        run(crowd(url, tables, seen, until=time.monotonic() + 5, kill=server))
        server.wait(10)
    finally:
        server.kill()
    assert len(seen) == count
    server = start_server(tmp_path, port)
    try:
        again = {table: httpx.get(f"{url}/api/tables/{table}") for table, _ in tables}
        for table, response in again.items():
            if response.status_code == 404:  # finished before the kill: its game is in the store
                continue
            assert response.json()["seq"] >= seen[table], "nothing a player was told is lost"
        unfinished = [(t, token) for t, token in tables if again[t].status_code == 200]
        print(f"{len(unfinished)} of {count} games were in progress at the kill")
        assert len(unfinished) >= count // 2, "the kill came mid-game"
        run(crowd(url, unfinished, seen, until=None))
    finally:
        server.terminate()
        server.wait(10)
    with create_engine(f"sqlite:///{tmp_path / 'crash.db'}").connect() as conn:
        stored = conn.execute(text("SELECT COUNT(*) FROM games")).scalar()
        linked = conn.execute(text("SELECT COUNT(DISTINCT finished_game_id) FROM live_tables")).scalar()
    assert stored == count, "every game is stored, once"
    assert linked == count


@pytest.mark.slow  # a real server killed and started again: the slow tier
def test_a_clock_survives_a_kill_and_the_outage_is_charged_to_nobody(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    clock = {"initial": 600, "increment": 5}
    server = start_server(tmp_path, port)
    try:
        made = httpx.post(f"{url}/api/tables", json={"game": "basra", "seats": ["human", "random"], "clock": clock})
        table, token = made.json()["table"], made.json()["seats"][0]["token"]
        left = run(moves_then_time(url, table, token, moves=3))
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    time.sleep(3)  # the outage
    server = start_server(tmp_path, port)
    try:
        again = run(first_state(url, table, token))
    finally:
        server.terminate()
        server.wait(10)
    assert again["clock"]["running"] == 0 and again["clock"]["initial"] == 600
    assert left - 1.0 <= again["clock"]["left"][0] <= left, "the time the last move left, the outage not charged"


async def moves_then_time(url: str, table: str, token: str, moves: int) -> float:
    """Make ``moves`` moves; the seconds the last one left its mover (the increment added), as the server said."""
    rng = random.Random(1)
    made = 0
    async with connect(url.replace("http", "ws") + f"/ws/tables/{table}?token={token}") as ws:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message["type"] != "state":
                continue
            if made == moves and any(event["seat"] == 0 for event in message["events"]):
                return float(message["clock"]["left"][0])  # the state that shows the last move: stored with it
            if made < moves and message["legal"]:
                await ws.send(json.dumps({"type": "move", "move": rng.choice(message["legal"])}))
                made += 1


async def first_state(url: str, table: str, token: str) -> dict[str, Any]:
    async with connect(url.replace("http", "ws") + f"/ws/tables/{table}?token={token}") as ws:
        while True:
            message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message["type"] == "state" and message["clock"]["running"] == 0:
                return message
