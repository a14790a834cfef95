"""Load on ``deckhand serve``: N simulated players on loopback, at tables against the computer or each other.

    python benchmarks/web_load.py [--clients 10 100 500] [--seconds 20] [--think 0] [--processes 2]
                                  [--game cambio] [--computer random] [--people 1]
                                  [--servers 1] [--postgres URL] [--balancer]

A real server process is started (``deckhand serve`` on a free port, with a
throw-away data directory); each client creates a table, connects its
websocket and plays random legal moves, starting a new table when a game
ends. Reported per N: moves per second (the people's), the p50/p95 round
trip of a person's move (from sending it to the state message that shows
it: the computer's thinking comes after and is not counted), the
server's memory per table (its resident size grown, over N), and the CPU
used by the server and by the players (100% is one core). The players run
in their own processes so that the server, not they, is what is measured;
``--think`` makes them wait like people before each move. The server's
own figures follow, read from its metrics port: group commits a second,
moves in each, a commit's mean milliseconds and a computer's mean answer.

With ``--people K`` (2 or more) N counts tables of K people and no
computer: each table is created with one person's seat and K-1 open ones,
the others join, and every seat connects its own websocket (K connections
a table, all in the same player process). Reported per N: the connections
held (the fewest open at any moment of the counted window, as the players
count them and as sockets of the server process) and how many tables were
being set up at that moment (made, joined, connected: their first game or
the next one; their people hold no connection yet), moves per second, the
p50/p95 relay latency (from one seat sending a move to each other seat
receiving the state message that shows it, over every move and other
seat), the server's memory per connection and the CPU as above; then any
``error`` message, failure or dropped connection, by count.

With ``--servers N --postgres URL`` N processes share one PostgreSQL
database; ``--balancer`` puts nginx in front of them with the shipped
configuration (``examples/balancer/nginx.conf``, TLS and all), and the
players go through it only. The server's CPU and memory are then the
processes' together (nginx's not counted).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import httpx2 as httpx
from websockets.asyncio.client import connect

from load_common import cpu_seconds, free_port, post, rss_kib, server_figures, tls
from web_people import people_rows, raise_open_files


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
    made: dict[str, Any] = (await post(http, "/api/tables", request)).json()
    return made


async def player(load: Load, seed: int, start: float, counted: float, stop: float, rtts: list[float]) -> int:
    """Play random moves at fresh tables from ``start`` to ``stop``; the moves made after ``counted``."""
    rng = random.Random(seed)
    moves = 0
    await asyncio.sleep(start - time.perf_counter())
    async with httpx.AsyncClient(base_url=load.url, timeout=30, verify=tls(load.url) or True) as http:
        while time.perf_counter() < stop:
            seats = ["human", load.computer]
            made = await new_table(http, {"game": load.game, "seats": seats, "seed": seed})
            ws_url = load.url.replace("http", "ws") + f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}"
            async with connect(ws_url, max_size=2**22, ssl=tls(ws_url)) as ws:
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


# -- people against people ------------------------------------------------------------


def computer_rows(args: argparse.Namespace, url: str, server: list[int], metrics: list[int]) -> None:
    """One line per N players, each at its own table against the computer."""
    print(
        f"{args.game} against {args.computer}, {args.seconds:g} s per row, think {args.think:g} s,"
        f" players in {args.processes} processes"
    )
    heads = ["tables", "moves/s", "p50 ms", "p95 ms", "KiB/table", "server", "players"]
    heads += ["commits/s", "moves/com", "commit ms", "answer ms"]
    print(" ".join(f"{head:>9}" for head in heads))
    for clients in args.clients:
        before = rss_kib(server)
        figures = server_figures(metrics)
        server_cpu = cpu_seconds(server)
        load = Load(url, args.game, args.computer, args.seconds, args.think, args.ramp)
        moves, rtts, own_cpu = run(load, clients, args.processes)
        grown = rss_kib(server) - before
        server_cpu = (cpu_seconds(server) - server_cpu) / (args.ramp + args.seconds)
        figures = {name: value - figures[name] for name, value in server_figures(metrics).items()}
        own_cpu /= args.ramp + args.seconds
        rtts.sort()
        p50 = statistics.median(rtts) * 1000 if rtts else float("nan")
        p95 = rtts[int(0.95 * (len(rtts) - 1))] * 1000 if rtts else float("nan")
        rate = moves / args.seconds
        print(
            f"{clients:>9} {rate:>9.0f} {p50:>9.1f} {p95:>9.1f} {grown / clients:>9.0f}"
            f" {server_cpu:>9.0%} {own_cpu:>9.0%} {figures['commits'] / (args.ramp + args.seconds):>9.0f}"
            f" {figures['moves'] / max(figures['commits'], 1):>9.1f}"
            f" {1000 * figures['commit_seconds'] / max(figures['commits'], 1):>9.1f}"
            f" {1000 * figures['answer_seconds'] / max(figures['answers'], 1):>9.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--clients",
        type=int,
        nargs="+",
        default=[10, 100, 500],
        help="one row per N: players against the computer, or with --people tables of people",
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds counted per row, after the ramp")
    parser.add_argument("--game", default="cambio")
    parser.add_argument("--computer", default="random")
    parser.add_argument(
        "--people",
        type=int,
        default=1,
        help="people a table, every seat a person's with its own websocket (1: each against the computer)",
    )
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a player waits before each move")
    parser.add_argument("--ramp", type=float, default=3.0, help="seconds over which the players sit down")
    parser.add_argument("--processes", type=int, default=2, help="client processes the players are spread over")
    parser.add_argument("--servers", type=int, default=1, help="deckhand serve processes (more than 1: --postgres)")
    parser.add_argument("--postgres", help="a PostgreSQL URL the servers share (a database is made and dropped)")
    parser.add_argument(
        "--balancer", action="store_true", help="nginx with examples/balancer/nginx.conf in front (TLS), as deployed"
    )
    args = parser.parse_args()
    if (args.servers > 1 or args.balancer) and not args.postgres:
        parser.error("several servers, or a balancer, share one PostgreSQL: give --postgres URL")
    raise_open_files()
    with tempfile.TemporaryDirectory() as home, shared_database(args.postgres) as database:
        url, pids, _, metrics, stop = start_servers(args, Path(home), database)
        try:
            if args.people > 1:
                people_rows(args, url, pids)
            else:
                computer_rows(args, url, pids, metrics)
        finally:
            stop()


@contextlib.contextmanager
def shared_database(postgres: str | None) -> Iterator[str | None]:
    """A fresh database on the PostgreSQL server, dropped afterwards (None: each server's own SQLite file)."""
    if postgres is None:
        yield None
        return
    from sqlalchemy import create_engine, make_url, text

    name = f"deckhand_load_{os.getpid()}"
    admin = create_engine(postgres, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield make_url(postgres).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


class Servers(NamedTuple):
    """Servers started for a run: the URL players use, their pids, ports and metrics ports, how to stop them."""

    url: str
    pids: list[int]
    ports: list[int]
    metrics: list[int]
    stop: Callable[[], None]


def start_servers(args: argparse.Namespace, home: Path, database: str | None) -> Servers:
    """The servers (and the balancer), answering."""
    ports = [free_port() for _ in range(args.servers)]
    metrics = [free_port() for _ in range(args.servers)]
    servers = []
    for number, port in enumerate(ports):
        env = {**os.environ, "DECKHAND_HOME": str(home / str(number))}
        env["DECKHAND_DB"] = database or f"sqlite:///{home}/load.db"
        command = [sys.executable, "-m", "deckhand.cli", "serve", "--port", str(port)]
        command += ["--advertise", f"http://127.0.0.1:{port}", "--metrics-port", str(metrics[number])]
        if args.think == 0:  # players that move as fast as the server answers go past a person's rate limit
            command += ["--rate", "0"]
        servers.append(subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL))
    for port in ports:
        for _ in range(300):
            try:
                httpx.get(f"http://127.0.0.1:{port}/healthz")
                break
            except httpx.TransportError:
                time.sleep(0.1)
    url = f"http://127.0.0.1:{ports[0]}"
    balancer = None
    if args.balancer:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' nginx, set up as deployed
        balancer = importlib.import_module("tests.web.balancer").Balancer(home / "nginx", ports)
        url = balancer.url

    def stop() -> None:
        if balancer is not None:
            balancer.stop()
        for server in servers:
            server.terminate()
            server.wait(10)

    return Servers(url, [server.pid for server in servers], ports, metrics, stop)


if __name__ == "__main__":
    main()
