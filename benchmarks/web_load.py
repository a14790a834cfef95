"""Load on ``deckhand serve``: N simulated players on loopback, each at its own table against the computer.

    python benchmarks/web_load.py [--clients 10 100 500] [--seconds 20] [--game cambio] [--computer random]

A real server process is started (``deckhand serve`` on a free port, with a
throw-away data directory); each client creates a table, connects its
websocket and plays random legal moves, starting a new table when a game
ends. Reported per N: moves per second (the people's), the p50/p95 round
trip of a person's move (from sending it to the state message that shows
it: the computer's thinking comes after and is not counted), and the
server's memory per table (its resident size grown, over N).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


async def player(url: str, game: str, computer: str, seed: int, stop: float, rtts: list[float]) -> int:
    """Play random moves at fresh tables until ``stop``; the number of moves made."""
    rng = random.Random(seed)
    moves = 0
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        while time.perf_counter() < stop:
            made = (
                await http.post("/api/tables", json={"game": game, "seats": ["human", computer], "seed": seed})
            ).json()
            ws_url = url.replace("http", "ws") + f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}"
            async with connect(ws_url, max_size=2**22) as ws:
                sent_at: float | None = None
                while time.perf_counter() < stop:
                    message = json.loads(await ws.recv())
                    if message["type"] != "state":
                        continue
                    if sent_at is not None and any(e["seat"] == 0 for e in message["events"]):
                        rtts.append(time.perf_counter() - sent_at)
                        sent_at = None
                    if message["result"] is not None:
                        break
                    if message["legal"]:
                        sent_at = time.perf_counter()
                        await ws.send(json.dumps({"type": "move", "move": rng.choice(message["legal"])}))
                        moves += 1
            seed += 1000
    return moves


async def run(url: str, clients: int, seconds: float, game: str, computer: str) -> tuple[int, list[float]]:
    stop = time.perf_counter() + seconds
    rtts: list[float] = []
    done = await asyncio.gather(*(player(url, game, computer, i, stop, rtts) for i in range(clients)))
    return sum(done), rtts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", default="cambio")
    parser.add_argument("--computer", default="random")
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
            print(f"{args.game} against {args.computer}, {args.seconds:g} s per row, server pid {server.pid}")
            print(f"{'clients':>8} {'moves/s':>9} {'p50 ms':>8} {'p95 ms':>8} {'KiB/table':>10}")
            for clients in args.clients:
                before = rss_kib(server.pid)
                moves, rtts = asyncio.run(run(url, clients, args.seconds, args.game, args.computer))
                grown = rss_kib(server.pid) - before
                rtts.sort()
                p50 = statistics.median(rtts) * 1000 if rtts else float("nan")
                p95 = rtts[int(0.95 * (len(rtts) - 1))] * 1000 if rtts else float("nan")
                print(f"{clients:>8} {moves / args.seconds:>9.0f} {p50:>8.1f} {p95:>8.1f} {grown / clients:>10.0f}")
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
