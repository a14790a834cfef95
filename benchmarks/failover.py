"""Time from a ``kill -9`` of one server process to every affected browser back at its table, through the balancer.

    python benchmarks/failover.py --postgres URL [--tables 50] [--servers 2] [--think 0.5]

N tables of two people are made through nginx (the shipped configuration,
as ``web_load.py --balancer`` runs it) in front of ``--servers`` processes
on one PostgreSQL database. Every seat holds its own websocket and plays a
random move every ``--think`` seconds on average; a dropped socket is opened
again as the browser's client does (after 0.5, 1, 2, 4, 8 s). Once every
table is under way, the process dealing the most tables is killed with
SIGKILL. Reported: the connections it dropped, and the p50/p95/max seconds
from the kill to each one's first state message after it came back; then
any table whose ``seq`` went back (a move told and lost: none expected).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from load_common import tls
from web_load import shared_database, start_servers
from web_people import raise_open_files

RETRY = [0.5, 1.0, 2.0, 4.0, 8.0]
"""The browser client's pauses before reconnecting (static/js/connection.js)."""


@dataclass
class Watch:
    """What every seat reports: when the kill happened, each dropped seat's time back, and seqs that went back."""

    killed: float | None = None
    back: list[float] = field(default_factory=list)
    went_back: int = 0
    under_way: int = 0


async def seat(url: str, table: str, token: str, think: float, stop: float, watch: Watch, rng: random.Random) -> None:
    """One browser at its table until ``stop``: moves now and then, and reconnects as the client does."""
    last = -1
    dropped: float | None = None
    retries = 0
    counted = False
    ws_url = url.replace("https", "wss") + f"/ws/tables/{table}?token={token}"
    while time.monotonic() < stop:
        try:
            async with connect(ws_url, ssl=tls(ws_url), open_timeout=5) as ws:
                retries = 0
                while time.monotonic() < stop:
                    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), stop - time.monotonic()))
                    if message["type"] != "state":
                        continue
                    if message["seq"] < last:
                        watch.went_back += 1
                    last = message["seq"]
                    if dropped is not None and watch.killed is not None:
                        watch.back.append(time.monotonic() - max(dropped, watch.killed))
                        dropped = None
                    if not counted:
                        watch.under_way += 1
                        counted = True
                    if message["result"] is not None:
                        return
                    if message["legal"]:
                        await asyncio.sleep(rng.expovariate(1 / think))
                        await ws.send(json.dumps({"type": "move", "move": rng.choice(message["legal"])}))
        except (WebSocketException, OSError, TimeoutError):
            pass
        if dropped is None:
            dropped = time.monotonic()
        await asyncio.sleep(RETRY[min(retries, len(RETRY) - 1)])
        retries += 1


async def tables_of_two(url: str, count: int) -> list[tuple[str, str, str]]:
    """``count`` tables of Casino for two people made and joined through the balancer: (table, token, token)."""
    made = []
    async with httpx.AsyncClient(base_url=url, verify=tls(url) or True, timeout=30) as http:
        for _ in range(count):
            table = (await http.post("/api/tables", json={"game": "casino", "seats": ["human", "open"]})).json()
            body = {"name": "Bo", "invite": table["invites"][0]["code"]}
            joined = (await http.post(f"/api/tables/{table['table']}/join", json=body)).json()
            made.append((table["table"], table["seats"][0]["token"], joined["token"]))
    return made


def dealing_most(database: str) -> str:
    """The address of the process that deals the most unfinished tables."""
    engine = create_engine(database)
    with engine.connect() as conn:
        owners = conn.execute(text("SELECT owner FROM live_tables WHERE finished_game_id IS NULL")).scalars().all()
    engine.dispose()
    counts: dict[str, int] = {}
    for owner in owners:
        address = (owner or "").split("#", 1)[0]
        counts[address] = counts.get(address, 0) + 1
    return max(counts, key=lambda address: counts[address])


async def run(args: argparse.Namespace, url: str, pids: list[int], ports: list[int], database: str) -> Watch:
    made = await tables_of_two(url, args.tables)
    watch = Watch()
    stop = time.monotonic() + args.settle + args.after
    rng = random.Random(1)
    seats = [
        asyncio.create_task(seat(url, table, token, args.think, stop, watch, random.Random(rng.random())))
        for table, *tokens in made
        for token in tokens
    ]
    await asyncio.sleep(args.settle)
    victim = dealing_most(database)
    os.kill(pids[[f"http://127.0.0.1:{port}" for port in ports].index(victim)], signal.SIGKILL)
    watch.killed = time.monotonic()
    await asyncio.gather(*seats)
    return watch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", required=True, help="a PostgreSQL URL (a database is made and dropped)")
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds a person waits before each move")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds of play before the kill")
    parser.add_argument("--after", type=float, default=20.0, help="seconds of play after it")
    args = parser.parse_args()
    args.balancer = True  # start_servers reads it
    raise_open_files()
    with tempfile.TemporaryDirectory() as home, shared_database(args.postgres) as database:
        assert database is not None
        url, pids, ports, _, stop = start_servers(args, Path(home), database)
        try:
            watch = asyncio.run(run(args, url, pids, ports, database))
        finally:
            stop()
    back = sorted(watch.back)
    print(f"{args.tables} tables of two people on {args.servers} processes behind nginx; one killed with SIGKILL")
    if back:
        p95 = back[int(0.95 * (len(back) - 1))]
        print(
            f"{len(back)} connections dropped; back at their tables after p50 {statistics.median(back):.2f} s,"
            f" p95 {p95:.2f} s, max {back[-1]:.2f} s"
        )
    print(f"{watch.went_back} connections saw their table go back (a move told, then lost)")


if __name__ == "__main__":
    main()
