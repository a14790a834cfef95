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
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import httpx2 as httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rss_kib(pids: list[int]) -> int:
    """The processes' resident size in KiB, together (Linux)."""
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def server_figures(ports: list[int]) -> dict[str, float]:
    """The servers' own counters, summed: group commits and their seconds, moves stored, computer answers."""
    from prometheus_client.parser import text_string_to_metric_families

    wanted = {
        "deckhand_commit_seconds_count": "commits",
        "deckhand_commit_seconds_sum": "commit_seconds",
        "deckhand_moves_total": "moves",
        "deckhand_thinking_wait_seconds_count": "answers",
        "deckhand_thinking_wait_seconds_sum": "answer_seconds",
    }
    figures: dict[str, float] = dict.fromkeys(wanted.values(), 0.0)
    for port in ports:
        text = httpx.get(f"http://127.0.0.1:{port}/metrics").text
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                if sample.name in wanted:
                    figures[wanted[sample.name]] += sample.value
    return figures


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU time of the processes so far, together (Linux)."""
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


TLS = ssl.create_default_context()
TLS.check_hostname = False
TLS.verify_mode = ssl.CERT_NONE
"""Through the balancer: its test certificate is self-signed."""


def tls(url: str) -> ssl.SSLContext | None:
    return TLS if url.startswith(("https:", "wss:")) else None


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


async def post(http: httpx.AsyncClient, path: str, request: dict[str, object]) -> httpx.Response:
    """``POST`` a JSON request; again if the server had closed the idle connection meanwhile."""
    try:
        return await http.post(path, json=request)
    except httpx.TransportError:
        return await http.post(path, json=request)


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
LEAD = 2.0
"""Seconds the player processes are given to start before the first table is set up."""
TICK = 0.5
"""Seconds between counts of the connections held."""
GRACE = 5.0
"""Seconds past a row's end the people go on listening for the moves sent before it."""
BACK_OFF = 1.0
"""Seconds a person waits after a refused move or a failed table before trying again."""
SHORT_LIVED = httpx.Limits(max_connections=8, max_keepalive_connections=0)
"""Requests on connections closed after each, so that the server's sockets are its websockets."""


def sockets_open(pids: list[int]) -> int:
    """How many sockets the processes have open, together (Linux)."""
    count = 0
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                count += os.readlink(fd).startswith("socket:")
    return count


def raise_open_files() -> None:
    """Let this process and those it starts (the server, the players) open as many files as they may."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def people_request(game: str, people: int) -> dict[str, object]:
    """The game part of a create request for ``people`` seats: the game as it is, or with ``players``."""
    from deckhand import load_game  # the parent's alone: the player processes do not need the games

    if load_game(game).num_players == people:
        return {"game": game}
    if load_game(game, players=people).num_players == people:
        return {"game": game, "options": {"players": people}}
    raise SystemExit(f"--people {people}: {game} does not seat {people}")


@dataclass(frozen=True)
class PeopleLoad:
    """One row of tables of people: where, what, when, how fast they move."""

    url: str
    request: dict[str, object]
    """The create request's game and options; the seats are added."""
    people: int
    think: float
    """Mean seconds a person waits before moving (exponential): 0 plays as fast as the server answers."""
    ramp: float
    """The tables are set up one after another over this many seconds."""
    begin: float
    """When the first table is set up, by ``time.monotonic`` (one clock for every process on Linux)."""
    counted: float
    """When counting starts: every table has been set up by then, if the server kept up."""
    stop: float


@dataclass
class Tally:
    """What one player process saw of a row."""

    moves: int = 0
    """Moves sent in the counted window that reached every other seat."""
    relays: list[float] = field(default_factory=list)
    """Seconds from a move's sending to another seat's state message showing it, per move and other seat."""
    unrelayed: int = 0
    """Moves sent in the window some other seat was never shown (within :data:`GRACE` of the end)."""
    open: int = 0
    held: list[int] = field(default_factory=list)
    """The websockets open at each tick of the counted window."""
    setting_up: int = 0
    setups: list[int] = field(default_factory=list)
    """The tables being set up at each tick (a game made, joined and connected: the first one, or the next)."""
    dropped: int = 0
    """Websockets that closed or failed while their game went on."""
    problems: Counter[str] = field(default_factory=Counter)
    """``error`` messages from the server and failed requests, by text."""
    cpu: float = 0.0
    """CPU seconds this process used in the counted window."""


class Refused(Exception):
    """The server answered a request with an error status."""


class Relay:
    """One table's moves on their way to its other seats."""

    def __init__(self, load: PeopleLoad, tally: Tally) -> None:
        self.load = load
        self.tally = tally
        self.waiting: dict[int, tuple[float, set[int]]] = {}
        """By the ``seq`` a move was made at: when it was sent, and the seats not shown it yet."""

    def sent(self, seq: int, seat: int) -> None:
        self.waiting[seq] = (time.monotonic(), set(range(self.load.people)) - {seat})

    def refused(self, seq: int) -> None:
        self.waiting.pop(seq, None)

    def shown(self, seat: int, seq: int) -> None:
        """``seat`` got the state at ``seq``: it shows every move made at an earlier ``seq``."""
        now = time.monotonic()
        for made_at, (sent_at, left) in list(self.waiting.items()):
            if made_at < seq and seat in left:
                left.discard(seat)
                counted = self.load.counted <= sent_at < self.load.stop
                if counted:
                    self.tally.relays.append(now - sent_at)
                if not left:
                    del self.waiting[made_at]
                    self.tally.moves += counted

    def owes(self, seat: int) -> bool:
        """Whether a move sent has not been shown to ``seat`` yet."""
        return any(seat in left for _, left in self.waiting.values())

    def close(self) -> None:
        """The table is left: the window's moves still on their way are counted as never relayed."""
        self.tally.unrelayed += sum(self.load.counted <= at < self.load.stop for at, _ in self.waiting.values())
        self.waiting.clear()


@contextlib.asynccontextmanager
async def held(url: str, tally: Tally) -> AsyncIterator[ClientConnection]:
    """A websocket, counted as open while it is."""
    async with connect(url, max_size=2**22, ssl=tls(url)) as ws:
        tally.open += 1
        try:
            yield ws
        finally:
            tally.open -= 1


async def person(ws: ClientConnection, seat: int, relay: Relay, rng: random.Random) -> None:
    """Play one seat until its game ends or the row does, and until it has been shown every move sent."""
    load = relay.load
    seq, legal = -1, list[str]()
    moved_at: int | None = None  # the seq this seat moved at, until a state after it comes
    while True:
        if legal and moved_at is None and time.monotonic() < load.stop:
            if load.think:
                await asyncio.sleep(rng.expovariate(1 / load.think))
            if time.monotonic() < load.stop:
                moved_at = seq
                relay.sent(seq, seat)
                await ws.send(json.dumps({"type": "move", "move": rng.choice(legal)}))
        now = time.monotonic()
        owed = relay.owes(seat)
        if now >= load.stop + GRACE or (now >= load.stop and not owed):
            return
        try:
            async with asyncio.timeout((load.stop + GRACE if owed else load.stop) - now):
                message = json.loads(await ws.recv())
        except TimeoutError:
            continue
        if message["type"] == "state":
            relay.shown(seat, message["seq"])
            seq, legal = message["seq"], message["legal"]
            if moved_at is not None and seq > moved_at:
                moved_at = None
            if message["result"] is not None:
                return
        elif message["type"] == "error":
            relay.tally.problems[f"error message: {message['message']}"] += 1
            if moved_at is not None:
                relay.refused(moved_at)
                moved_at = None
                await asyncio.sleep(BACK_OFF)


async def joined(http: httpx.AsyncClient, path: str, request: dict[str, object]) -> dict[str, Any]:
    response = await post(http, path, request)
    if response.is_error:
        raise Refused(f"{path.split('/')[-1] or path} {response.status_code} {response.text[:80]}")
    answer: dict[str, Any] = response.json()
    return answer


async def people_game(load: PeopleLoad, http: httpx.AsyncClient, seed: int, tally: Tally) -> None:
    """One table: created, its open seats joined, every seat connected, played to the end (or the row's)."""
    seats = ["human"] + ["open"] * (load.people - 1)
    tally.setting_up += 1
    try:
        made = await joined(http, "/api/tables", {**load.request, "seats": seats})  # people's tables: the server deals
        table = made["table"]
        tokens = [made["seats"][0]["token"]]
        for invite in made["invites"]:
            body = {"name": f"p{invite['seat']}", "seat": invite["seat"], "invite": invite["code"]}
            tokens.append((await joined(http, f"/api/tables/{table}/join", body))["token"])
    except BaseException:
        tally.setting_up -= 1
        raise
    ws_url = load.url.replace("http", "ws") + f"/ws/tables/{table}?token="
    relay = Relay(load, tally)
    rng = random.Random(seed)
    async with contextlib.AsyncExitStack() as stack:
        try:
            sockets = [await stack.enter_async_context(held(ws_url + token, tally)) for token in tokens]
        finally:
            tally.setting_up -= 1
        try:
            async with asyncio.TaskGroup() as group:
                for seat, ws in enumerate(sockets):
                    group.create_task(person(ws, seat, relay, rng))
        except* ConnectionClosed as lost:
            for exc in lost.exceptions:
                tally.dropped += 1
                tally.problems[f"websocket closed: {exc}"] += 1
        finally:
            relay.close()


async def people_table(load: PeopleLoad, http: httpx.AsyncClient, number: int, tables: int, tally: Tally) -> None:
    """Table ``number``'s people: a new game when one ends, until the row's end."""
    seed = number
    await asyncio.sleep(load.begin + load.ramp * number / tables - time.monotonic())
    while time.monotonic() < load.stop:
        try:
            await people_game(load, http, seed, tally)
        except (Refused, httpx.HTTPError, OSError, WebSocketException) as exc:
            tally.problems[f"{type(exc).__name__}: {exc}"] += 1
            await asyncio.sleep(BACK_OFF)
        seed += tables


async def count_held(load: PeopleLoad, tally: Tally) -> None:
    """The websockets open at every tick of the counted window, and the CPU this process used in it."""
    await asyncio.sleep(load.counted - time.monotonic())
    cpu = time.process_time()
    tick = load.counted
    while tick < load.stop:
        await asyncio.sleep(tick - time.monotonic())
        tally.held.append(tally.open)
        tally.setups.append(tally.setting_up)
        tick += TICK
    await asyncio.sleep(load.stop - time.monotonic())
    tally.cpu = time.process_time() - cpu


async def people_players(load: PeopleLoad, numbers: range, tables: int) -> Tally:
    tally = Tally()
    async with httpx.AsyncClient(
        base_url=load.url, timeout=30, limits=SHORT_LIVED, verify=tls(load.url) or True
    ) as http:
        await asyncio.gather(count_held(load, tally), *(people_table(load, http, n, tables, tally) for n in numbers))
    return tally


def people_in_process(load: PeopleLoad, numbers: range, tables: int) -> Tally:
    return asyncio.run(people_players(load, numbers, tables))


@dataclass
class Sample:
    """The server process seen from outside during a row's counted window."""

    sockets: list[int]
    cpu: float
    rss: int
    """KiB at the window's end, the connections still open."""


def run_people(args: argparse.Namespace, url: str, tables: int, server: list[int]) -> tuple[list[Tally], Sample]:
    """The tables spread over ``args.processes``, a table's seats in one; the server sampled meanwhile."""
    shares = [range(i, tables, args.processes) for i in range(args.processes)]
    with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
        begin = time.monotonic() + LEAD
        load = PeopleLoad(
            url=url,
            request=people_request(args.game, args.people),
            people=args.people,
            think=args.think,
            ramp=args.ramp,
            begin=begin,
            counted=begin + args.ramp,
            stop=begin + args.ramp + args.seconds,
        )
        pending = pool.starmap_async(people_in_process, [(load, share, tables) for share in shares])
        time.sleep(max(0.0, load.counted - time.monotonic()))
        cpu = cpu_seconds(server)
        sockets = []
        while (now := time.monotonic()) < load.stop:
            sockets.append(sockets_open(server))
            time.sleep(min(TICK, load.stop - now))
        sample = Sample(sockets, cpu_seconds(server) - cpu, rss_kib(server))
        return pending.get(), sample


def people_rows(args: argparse.Namespace, url: str, server: list[int]) -> None:
    """One line per N tables of ``args.people`` people, then what went wrong, if anything."""
    print(
        f"{args.game}, {args.people} people a table, {args.seconds:g} s per row after a ramp of {args.ramp:g} s,"
        f" think {args.think:g} s, players in {args.processes} processes"
    )
    heads = ["tables", "conns", "held", "setups", "srv socks", "moves/s", "p50 ms", "p95 ms", "KiB/conn", "server"]
    heads.append("players")
    print(" ".join(f"{head:>9}" for head in heads))
    for tables in args.clients:
        rss = rss_kib(server)
        idle = sockets_open(server)
        tallies, sample = run_people(args, url, tables, server)
        conns = tables * args.people
        held_ticks = zip(*(t.held for t in tallies), strict=False)
        setup_ticks = zip(*(t.setups for t in tallies), strict=False)
        ticks = [(sum(counts), sum(setups)) for counts, setups in zip(held_ticks, setup_ticks, strict=True)]
        held, setting_up = min(ticks, default=(0, 0))  # the fewest held, and how many tables were being set up then
        relays = sorted(r for t in tallies for r in t.relays)
        p50 = statistics.median(relays) * 1000 if relays else float("nan")
        p95 = relays[int(0.95 * (len(relays) - 1))] * 1000 if relays else float("nan")
        print(
            f"{tables:>9} {conns:>9} {held:>9} {setting_up:>9} {min(sample.sockets, default=0) - idle:>9}"
            f" {sum(t.moves for t in tallies) / args.seconds:>9.0f} {p50:>9.1f} {p95:>9.1f}"
            f" {(sample.rss - rss) / conns:>9.0f} {sample.cpu / args.seconds:>9.0%}"
            f" {sum(t.cpu for t in tallies) / args.seconds:>9.0%}"
        )
        problems: Counter[str] = sum((t.problems for t in tallies), Counter())
        dropped = sum(t.dropped for t in tallies)
        unrelayed = sum(t.unrelayed for t in tallies)
        if dropped or unrelayed:
            print(f"{'':>9} {dropped} websockets dropped, {unrelayed} moves of the window never relayed")
        for problem, count in problems.most_common(5):
            print(f"{'':>9} {count} x {problem[:160]}")


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
