"""The people's load of ``benchmarks/web_load.py --people K``: tables of K people relaying moves, no computer."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import resource
import statistics
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from load_common import cpu_seconds, post, rss_kib, tls

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
