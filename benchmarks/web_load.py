"""Load on ``deckhand serve``: N simulated players on loopback, each at its own table against the computer.

    python benchmarks/web_load.py [--clients 10 100 500] [--seconds 20] [--think 0] [--processes 2]
                                  [--game cambio] [--computer random]

A real server process is started (``deckhand serve`` on a free port, with a
throw-away data directory); each client creates a table, connects its
websocket and plays random legal moves, starting a new table when a game
ends. Reported per N: moves per second (the people's), the p50/p95 round
trip of a person's move (from sending it to the state message that shows
it: the computer's thinking comes after and is not counted), the
server's memory per table (its resident size grown, over N), and the CPU
used by the server and by the players (100% is one core). The players run
in their own processes so that the server, not they, is what is measured;
``--think`` makes them wait like people before each move.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    """The process's resident size in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Load:
    """One row's players: where, what, for how long, how fast they move."""

    url: str
    game: str
    computer: str
    seconds: float
    """How long moves are counted, once every player has sat down."""
    think: float
    """Mean seconds a player waits before moving (exponential): 0 plays as fast as the server answers."""
    ramp: float
    """The players sit down one after another over this many seconds, as people arrive."""


async def new_table(http: httpx.AsyncClient, request: dict[str, object]) -> dict[str, Any]:
    """``POST /api/tables``; again if the server had closed the idle connection meanwhile."""
    try:
        response = await http.post("/api/tables", json=request)
    except httpx.TransportError:
        response = await http.post("/api/tables", json=request)
    made: dict[str, Any] = response.json()
    return made


async def player(load: Load, seed: int, start: float, counted: float, stop: float, rtts: list[float]) -> int:
    """Play random moves at fresh tables from ``start`` to ``stop``; the moves made after ``counted``."""
    rng = random.Random(seed)
    moves = 0
    await asyncio.sleep(start - time.perf_counter())
    async with httpx.AsyncClient(base_url=load.url, timeout=30) as http:
        while time.perf_counter() < stop:
            seats = ["human", load.computer]
            made = await new_table(http, {"game": load.game, "seats": seats, "seed": seed})
            ws_url = load.url.replace("http", "ws") + f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}"
            async with connect(ws_url, max_size=2**22) as ws:
                sent_at: float | None = None
                while time.perf_counter() < stop:
                    message = json.loads(await ws.recv())
                    if message["type"] != "state":
                        continue
                    if sent_at is not None and any(e["seat"] == 0 for e in message["events"]):
                        if sent_at >= counted:
                            rtts.append(time.perf_counter() - sent_at)
                            moves += 1
                        sent_at = None
                    if message["result"] is not None:
                        break
                    if message["legal"]:
                        if load.think:
                            await asyncio.sleep(rng.expovariate(1 / load.think))
                        sent_at = time.perf_counter()
                        await ws.send(json.dumps({"type": "move", "move": rng.choice(message["legal"])}))
            seed += 1000
    return moves


async def players(load: Load, seeds: range, tables: int) -> tuple[int, list[float]]:
    now = time.perf_counter()
    counted = now + load.ramp
    stop = counted + load.seconds
    rtts: list[float] = []
    done = await asyncio.gather(
        *(player(load, seed, now + load.ramp * seed / tables, counted, stop, rtts) for seed in seeds)
    )
    return sum(done), rtts


def players_in_process(load: Load, seeds: range, tables: int) -> tuple[int, list[float]]:
    return asyncio.run(players(load, seeds, tables))


def run(load: Load, clients: int, processes: int) -> tuple[int, list[float], float]:
    """The players spread over ``processes``, so that the clients are not what is measured.

    Returns the moves made, the round trips and the players' CPU seconds.
    """
    shares = [range(i, clients, processes) for i in range(processes)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        results = pool.starmap(players_in_process, [(load, share, clients) for share in shares])
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return sum(m for m, _ in results), [t for _, rtts in results for t in rtts], cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", default="cambio")
    parser.add_argument("--computer", default="random")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a player waits before each move")
    parser.add_argument("--ramp", type=float, default=3.0, help="seconds over which the players sit down")
    parser.add_argument("--processes", type=int, default=2, help="client processes the players are spread over")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        port = free_port()
        env = {**os.environ, "DECKHAND_HOME": home, "DECKHAND_DB": f"sqlite:///{home}/load.db"}
        command = [sys.executable, "-m", "deckhand.cli", "serve", "--port", str(port)]
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    httpx.get(url + "/healthz")
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            print(
                f"{args.game} against {args.computer}, {args.seconds:g} s per row, think {args.think:g} s,"
                f" players in {args.processes} processes"
            )
            heads = ("tables", "moves/s", "p50 ms", "p95 ms", "KiB/table", "server", "players")
            print(" ".join(f"{head:>9}" for head in heads))
            for clients in args.clients:
                before = rss_kib(server.pid)
                server_cpu = cpu_seconds(server.pid)
                load = Load(url, args.game, args.computer, args.seconds, args.think, args.ramp)
                moves, rtts, own_cpu = run(load, clients, args.processes)
                grown = rss_kib(server.pid) - before
                server_cpu = (cpu_seconds(server.pid) - server_cpu) / (args.ramp + args.seconds)
                own_cpu /= args.ramp + args.seconds
                rtts.sort()
                p50 = statistics.median(rtts) * 1000 if rtts else float("nan")
                p95 = rtts[int(0.95 * (len(rtts) - 1))] * 1000 if rtts else float("nan")
                rate = moves / args.seconds
                print(
                    f"{clients:>9} {rate:>9.0f} {p50:>9.1f} {p95:>9.1f} {grown / clients:>9.0f}"
                    f" {server_cpu:>9.0%} {own_cpu:>9.0%}"
                )
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
