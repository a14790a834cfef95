"""Two processes behind each shipped balancer (nginx, HAProxy) on one PostgreSQL; one is killed with ``kill -9``.

Everything goes through the balancer's port, over TLS, as browsers would:
tables are made, joined and played there. When every table is some moves
in, the process dealing the most of them is killed; every game is then
played to its end, each connection coming back through the balancer as the
browser's client does. Nothing told is lost (no connection ever sees its
``seq`` go back), every game is stored once, and no message holds a card
its seat cannot see (checked against the stored game, with the other
seats' tokens as secrets). Behind a balancer that forwards no client
address, the owner's routes answer only the owner token.

Killed while browsers open tables through the balancer, the creations under
way there are answered ``502``; the browser sends each again with its
``Idempotency-Key``, and no error reaches a person, nor does a key open two
tables (slow tier).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import secrets
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidMessage, InvalidStatus, WebSocketException
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as sync_connect

from deckhand.play.records import start_state
from deckhand.store.db import load_record
from deckhand.testing.wire import check_received
from deckhand.web.owner import COOKIE, HEADER, OWNER_ONLY
from tests.web.balancer import MISSING, OPENSSL, PROGRAMS, Balancer, client_tls
from tests.web.servers import NO_POSTGRES, POSTGRES, Server, database
from tests.web.tables import OWNER, save_basra
from tests.web.test_crash import run

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not POSTGRES, reason=NO_POSTGRES),
    pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed (it makes the balancer's test certificate)"),
]

__all__ = ["database"]


@pytest.fixture(params=["nginx", "haproxy"])
def kind(request: pytest.FixtureRequest) -> str:
    """Which shipped balancer stands in front: each test runs behind both."""
    name: str = request.param
    if PROGRAMS[name] is None:
        pytest.skip(MISSING[name])
    return name


GAMES = [("casino", {}), ("go_fish", {}), ("cambio", {"preset": "house"}), ("go_fish", {}), ("three_trios", {})]
BEFORE_KILL = 4
"""Moves made at every table before the kill."""
RECOVERY = 10.0
"""Seconds by which every affected connection must be back at its table."""


@dataclass
class Seat:
    """One seat's connection, as a browser keeps it: its messages, its drops and how long each took to heal."""

    table: str
    seat: int
    token: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    back_after: list[float] = field(default_factory=list)


@dataclass
class Stage:
    """What the players share: moves made per table, the tables paused for the kill, and the kill itself."""

    moves: dict[str, int] = field(default_factory=dict)
    paused: set[str] = field(default_factory=set)
    killed: asyncio.Event = field(default_factory=asyncio.Event)
    killed_at: float = 0.0


async def play(balancer: Balancer, seat: Seat, stage: Stage, rng: random.Random) -> None:
    """Random legal moves until the game ends, reconnecting through the balancer whenever the socket drops."""
    url = f"wss://127.0.0.1:{balancer.port}/ws/tables/{seat.table}?token={seat.token}"
    last = -1
    dropped_at: float | None = None
    while True:
        try:
            async with connect(url, ssl=client_tls(), open_timeout=5, close_timeout=1) as ws:
                async for raw in ws:
                    message = json.loads(raw)
                    seat.messages.append(message)
                    assert message["type"] != "error", message
                    if message["type"] != "state":
                        continue
                    assert message["seat"] == seat.seat
                    assert message["seq"] >= last, "a reconnected seat never sees its table go back"
                    last = message["seq"]
                    if dropped_at is not None:
                        seat.back_after.append(time.monotonic() - max(dropped_at, stage.killed_at))
                        dropped_at = None
                    if message["result"] is not None:
                        stage.paused.add(seat.table)
                        return
                    if not message["legal"]:
                        continue
                    if not stage.killed.is_set() and stage.moves.get(seat.table, 0) >= BEFORE_KILL:
                        stage.paused.add(seat.table)
                        await stage.killed.wait()
                    moves = [m for m in message["legal"] if m != "cambio"] or message["legal"]  # not the end yet
                    await ws.send(json.dumps({"type": "move", "move": rng.choice(moves)}))
                    stage.moves[seat.table] = stage.moves.get(seat.table, 0) + 1
        except (WebSocketException, OSError, TimeoutError):
            pass
        if dropped_at is None:
            dropped_at = time.monotonic()
        await asyncio.sleep(0.25)


def make_tables(balancer: Balancer) -> list[Seat]:
    """Tables against the computer, and one of two people who joined by invite, all made through the balancer."""
    seats = []
    with httpx.Client(base_url=balancer.url, verify=False) as client:
        for name, options in GAMES:
            preset = options.get("preset")
            made = client.post("/api/tables", json={"game": name, "preset": preset, "seats": ["human", "random"]})
            assert made.status_code == 201, made.text
            seats.append(Seat(made.json()["table"], 0, made.json()["seats"][0]["token"]))
        made = client.post("/api/tables", json={"game": "casino", "seats": ["human", "open"]})
        table, invite = made.json()["table"], made.json()["invites"][0]["code"]
        joined = client.post(f"/api/tables/{table}/join", json={"name": "Bo", "invite": invite})
        assert joined.status_code == 200, joined.text
        seats += [Seat(table, 0, made.json()["seats"][0]["token"]), Seat(table, 1, joined.json()["token"])]
    return seats


def test_two_processes_behind_a_balancer_lose_nothing_when_one_is_killed(
    kind: str, database: str, tmp_path: Path
) -> None:
    servers = [Server(tmp_path / name, database, lease=3.0, wait=False) for name in ("a", "b")]
    balancer = None
    try:
        for server in servers:
            server.wait()
        balancer = Balancer(tmp_path / kind, [server.port for server in servers], kind)
        seats = make_tables(balancer)
        killed_tables = run(played(balancer, servers, seats, database))  # a browser test may leave a loop here
    finally:
        if balancer is not None:
            balancer.stop()
        for server in servers:
            server.process.kill()
    assert killed_tables, "the killed process dealt tables"
    affected = [seat for seat in seats if seat.back_after]
    print([seat.back_after for seat in seats])
    assert affected, "the kill dropped connections"
    slowest = max(after for seat in affected for after in seat.back_after)
    assert slowest < RECOVERY, f"a browser took {slowest:.1f} s to get back to its table"

    engine = create_engine(database)
    with engine.connect() as conn:
        finished = dict(conn.execute(text("SELECT id, finished_game_id FROM live_tables")).all())
        stored = conn.execute(text("SELECT count(*) FROM games")).scalar()
    engine.dispose()
    tables = {seat.table for seat in seats}
    assert set(finished) == tables and all(finished.values()), "every game finished and was stored"
    assert stored == len(tables), "each game stored once"
    for seat in seats:
        record = load_record(finished[seat.table], url=database)
        others = [other.token for other in seats if other is not seat]
        check_received(start_state(record), record.actions, seat.seat, seat.messages, secrets=others, worlds=1)


async def played(balancer: Balancer, servers: list[Server], seats: list[Seat], database: str) -> int:
    """Play every table some moves in, kill -9 the process dealing most of them, play on; how many it dealt."""
    stage = Stage()
    tables = {seat.table for seat in seats}
    players = [asyncio.create_task(play(balancer, seat, stage, random.Random(i))) for i, seat in enumerate(seats)]
    try:
        deadline = time.monotonic() + 30
        while stage.paused != tables:
            assert time.monotonic() < deadline, "the tables did not all get going"
            for player in players:
                if player.done():
                    player.result()  # a failure shows here
            await asyncio.sleep(0.05)
        dealt = owners(database)
        victim = max(servers, key=lambda server: dealt.get(server.url, 0))
        print("paused", time.monotonic() - deadline + 30)
        victim.stop(signal.SIGKILL)
        stage.killed_at = time.monotonic()
        stage.killed.set()
        await asyncio.wait_for(asyncio.gather(*players), 60)
    finally:
        for player in players:
            player.cancel()
    return dealt.get(victim.url, 0)


def owners(database: str) -> dict[str, int]:
    """How many unfinished tables each process (by address) deals."""
    engine = create_engine(database)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT owner FROM live_tables WHERE finished_game_id IS NULL")).scalars().all()
    engine.dispose()
    counts: dict[str, int] = {}
    for owner in rows:
        address = (owner or "").split("#", 1)[0]
        counts[address] = counts.get(address, 0) + 1
    return counts


FINISHED = 8
"""Tables played to their end before a process is killed and started again."""
HANDSHAKE = 15.0
"""Seconds a websocket's opening may take through the balancer: the slow tier runs browsers beside it, and a
starved machine answers late (10 s, the library's default, once was not enough)."""
OPENINGS = 3
"""Tries at opening a websocket through the balancer. The test's client (websockets' threaded one, over TLS)
now and then loses its opening request, about one run of this test in eight: HAProxy answers 408 (no request
came within 10 s), and through nginx no answer comes. A browser's table reconnects, and so does this client;
three openings lost in a row still fail."""


def open_through(url: str) -> ClientConnection:
    """A websocket opened through the balancer, tried again when its opening is lost (:data:`OPENINGS`)."""
    for tries_left in range(OPENINGS - 1, -1, -1):
        try:
            return sync_connect(url, ssl=client_tls(), open_timeout=HANDSHAKE)
        except (TimeoutError, EOFError, InvalidMessage, InvalidStatus) as lost:
            if tries_left == 0 or (isinstance(lost, InvalidStatus) and lost.response.status_code != 408):
                raise
    raise AssertionError("unreachable")


def finish_through(balancer: Balancer, client: httpx.Client, rng: random.Random) -> tuple[str, str]:
    """A table against the computer made and played to its end through the balancer: its id and seat token."""
    made = client.post("/api/tables", json={"game": "three_trios", "seats": ["human", "random"]})
    assert made.status_code == 201, made.text
    table, token = made.json()["table"], made.json()["seats"][0]["token"]
    url = f"wss://127.0.0.1:{balancer.port}/ws/tables/{table}?token={token}"
    with open_through(url) as ws:
        while True:
            message = json.loads(ws.recv(timeout=30))
            assert message["type"] != "error", message
            if message["type"] == "state" and message["result"] is not None:
                return table, token
            if message["type"] == "state" and message["legal"]:
                ws.send(json.dumps({"type": "move", "move": rng.choice(message["legal"])}))


def test_finished_tables_answer_through_the_balancer_wherever_it_sends_them(
    kind: str, database: str, tmp_path: Path
) -> None:
    servers = [Server(tmp_path / name, database, lease=30.0, wait=False) for name in ("a", "b")]
    balancer = None
    try:
        for server in servers:
            server.wait()
        balancer = Balancer(tmp_path / kind, [server.port for server in servers], kind)
        private = [f"127.0.0.1:{server.port}" for server in servers]
        with httpx.Client(base_url=balancer.url, verify=False) as client:

            def ask(method: str, path: str, **request: Any) -> dict[str, Any]:
                """Through the balancer: always answered, never naming a process's own address."""
                answer = client.request(method, path, **request)
                assert answer.status_code == 200, answer.text
                assert not any(address in answer.text for address in private), answer.text
                return dict(answer.json())

            for private_only in ("/readyz", "/metrics"):  # asked of each process at its own address
                assert client.get(private_only).status_code == 404
            rng = random.Random(8)
            tables = [finish_through(balancer, client, rng) for _ in range(FINISHED)]
            results = {table: ask("GET", f"/api/tables/{table}") for table, _ in tables}
            assert all(summary["finished"] and summary["replay"] for summary in results.values())
            dealt = finished_owners(database)
            victim = max(servers, key=lambda server: len(dealt.get(server.url, [])))
            assert dealt.get(victim.url), "the process to kill keeps finished tables"
            victim.stop(signal.SIGKILL)  # its lease (30 s) runs on: the other takes its tables when asked

            rematches = {}
            for table, token in tables:
                summary = ask("GET", f"/api/tables/{table}", headers={"X-Seat-Token": token})
                assert summary["finished"] and summary["replay"] == results[table]["replay"] and summary["review"]
                rematches[table] = ask("POST", f"/api/tables/{table}/rematch", json={"token": token})["table"]

            back = Server(tmp_path / "back", database, port=victim.port, lease=30.0)  # the hash ring moves back
            servers.append(back)
            # nginx tries a process it marked down again after fail_timeout (5 s); HAProxy takes it back after two
            # good health checks, a second apart
            time.sleep(5.5)
            for table, token in tables:
                summary = ask("GET", f"/api/tables/{table}")
                assert summary["finished"] and summary["rematch"] == rematches[table], "the rematch came along"
                again = ask("POST", f"/api/tables/{table}/rematch", json={"token": token})
                assert again["table"] == rematches[table], "one rematch, whichever process is asked"
                assert not ask("GET", f"/api/tables/{rematches[table]}")["finished"]
            moved_back = finished_owners(database).get(back.url, [])
            assert moved_back, "the process that came back took its finished tables back from the other"
    finally:
        if balancer is not None:
            balancer.stop()
        for server in servers:
            server.process.kill()
    engine = create_engine(database)
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT count(*) FROM games")).scalar()
    engine.dispose()
    assert stored == FINISHED, "each game stored once"


def finished_owners(database: str) -> dict[str, list[str]]:
    """The finished tables each process (by address) keeps."""
    engine = create_engine(database)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT id, owner FROM live_tables WHERE finished_game_id IS NOT NULL")).all()
    engine.dispose()
    kept: dict[str, list[str]] = {}
    for table, owner in rows:
        kept.setdefault((owner or "").split("#", 1)[0], []).append(table)
    return kept


def forwarding_only_x_real_ip(kind: str, shipped: str) -> str:
    """The shipped configuration as an operator might have written it: no X-Forwarded-For, only X-Real-IP."""
    old, new = {
        "nginx": (
            "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
            "proxy_set_header X-Real-IP $remote_addr;",
        ),
        "haproxy": ("option forwardfor\n", "http-request set-header X-Real-IP %[src]\n"),
    }[kind]
    assert shipped.count(old) == 1, f"the shipped {kind} configuration forwards the client's address once"
    return shipped.replace(old, new)


def test_behind_a_balancer_that_forwards_no_address_the_saves_answer_only_the_owner_token(
    kind: str, database: str, tmp_path: Path
) -> None:
    """Every request reaches the processes from the balancer's loopback address with no X-Forwarded-For.

    An address-based check took every visitor for the owner there; the owner
    token alone counts, and both processes share it (``DECKHAND_OWNER_TOKEN``).
    """
    save_basra()  # in tmp_path/home/saves: both processes' home
    servers = [Server(tmp_path / "home", database, wait=False, owner=OWNER) for _ in range(2)]
    balancer = None
    try:
        for server in servers:
            server.wait()
        edit = lambda shipped: forwarding_only_x_real_ip(kind, shipped)  # noqa: E731
        balancer = Balancer(tmp_path / kind, [server.port for server in servers], kind, edit)
        with httpx.Client(base_url=balancer.url, verify=False) as visitor:
            for headers in [{}, {"X-Forwarded-For": "127.0.0.1"}, {"X-Real-IP": "127.0.0.1"}, {"Forwarded": "for=::1"}]:
                for _ in range(4):  # the processes share the requests that name no table
                    answers = [
                        visitor.get("/api/saves", headers=headers),
                        visitor.post("/api/tables", json={"game": "basra", "resume": "mine.json"}, headers=headers),
                        visitor.post("/api/tables", json={"game": "basra", "resume": "none.json"}, headers=headers),
                        visitor.get("/api/saves", headers={**headers, HEADER: OWNER[:-1]}),
                    ]
                    assert all(answer.status_code == 403 for answer in answers), [a.text for a in answers]
                    assert len({answer.content for answer in answers}) == 1, "nothing tells which saves exist"
                    assert answers[0].json() == {"error": OWNER_ONLY}
        with httpx.Client(base_url=balancer.url, verify=False) as owner:
            for _ in range(4):
                listed = owner.get("/api/saves", headers={HEADER: OWNER})
                assert listed.status_code == 200 and [s["name"] for s in listed.json()] == ["mine.json"]
            welcomed = owner.post("/api/owner", headers={HEADER: OWNER})
            assert welcomed.status_code == 204, welcomed.text
            cookie = welcomed.headers["set-cookie"].lower()
            assert all(part in cookie for part in ("httponly", "samesite=strict", "secure")), "TLS at the balancer"
            assert owner.cookies.get(COOKIE) == OWNER
            for _ in range(4):
                assert owner.get("/api/saves").status_code == 200, "the cookie, at either process"
            resumed = owner.post("/api/tables", json={"game": "basra", "resume": "mine.json"})
            assert resumed.status_code == 201, resumed.text
    finally:
        if balancer is not None:
            balancer.stop()
        for server in servers:
            server.process.kill()
    assert "/api/saves" in balancer.logs(), "the balancer logs its requests"
    assert OWNER not in balancer.logs(), "the owner token is in no log"


def test_a_session_and_the_limits_on_guessing_hold_on_every_process_behind_the_balancer(
    kind: str, database: str, tmp_path: Path
) -> None:
    """Sessions and failed sign-ins live in the store: whichever process a request reaches, they are the same."""
    servers = [Server(tmp_path / "home", database, wait=False) for _ in range(2)]
    balancer = None
    try:
        for server in servers:
            server.wait()
        balancer = Balancer(tmp_path / kind, [server.port for server in servers], kind)
        page = {"Origin": balancer.url}  # the server's own page, as the browser names it
        with httpx.Client(base_url=balancer.url, verify=False, headers=page) as ada:
            made = ada.post("/api/account", json={"name": "Ada", "password": "correct horse"})
            assert made.status_code == 201, made.text
            assert all(part in made.headers["set-cookie"].lower() for part in ("httponly", "samesite=lax", "secure"))
            for _ in range(6):  # the balancer shares requests that name no table between the processes
                assert ada.get("/api/me").json()["name"] == "Ada"
            forged = ada.request(
                "DELETE",
                "/api/account",
                json={"password": "correct horse"},
                headers={"Origin": "https://cards.example"},
            )
            assert forged.status_code == 403
            assert ada.delete("/api/session").status_code == 204
            for _ in range(4):
                assert ada.get("/api/me").status_code == 401, "signed out at every process"
        with httpx.Client(base_url=balancer.url, verify=False, headers=page) as guesser:
            answers = [
                guesser.post("/api/session", json={"name": "Ada", "password": f"guess {n}"}).status_code
                for n in range(6)
            ]
            assert answers == [401] * 5 + [429], "the failures are counted in the store, not in one process"
    finally:
        if balancer is not None:
            balancer.stop()
        for server in servers:
            server.process.kill()
    assert "correct horse" not in balancer.logs()


CREATORS = 6
"""Browsers opening tables at once through the balancer."""
PAUSES = (0.3, 1.0, 2.0, 4.0)
"""The browser's pauses before trying a creation again with its key (api.js ``CREATE_RETRY_MS``)."""
LOST = (0, 502, 503, 504)
"""The answers after which the browser tries again (0: no answer at all); api.js ``LOST``."""
NEW_TABLE = {"game": "casino", "seats": ["human", "open"]}


@dataclass
class Creations:
    """What the creating browsers saw: every answer per key, the tries that failed, and what reached a person."""

    answers: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    retried: dict[int, int] = field(default_factory=dict)
    """How many tries were sent again after each kind of lost answer (0: none came)."""
    errors: list[tuple[str, int, str]] = field(default_factory=list)
    waiting_since: dict[int, float] = field(default_factory=dict)
    """When each creator's request now under way was sent."""
    stop: bool = False


async def create(client: httpx.AsyncClient, creator: int, seen: Creations) -> None:
    """One table, as the browser's lobby opens it: one key, sent again after a lost answer."""
    key = secrets.token_urlsafe(24)
    for attempt in range(len(PAUSES) + 1):
        seen.waiting_since[creator] = time.monotonic()
        try:
            answer = await client.post("/api/tables", json=NEW_TABLE, headers={"Idempotency-Key": key})
            status, text = answer.status_code, answer.text
        except httpx.TransportError as exc:
            status, text = 0, str(exc)
        finally:
            del seen.waiting_since[creator]
        if status == 201:
            seen.answers.setdefault(key, []).append(answer.json())
            return
        if status not in LOST or attempt == len(PAUSES):
            seen.errors.append((key, status, text))
            return
        seen.retried[status] = seen.retried.get(status, 0) + 1
        await asyncio.sleep(PAUSES[attempt])


async def creating(balancer: Balancer, victim: Server) -> Creations:
    """Browsers open tables one after another; the victim is killed (``kill -9``) with creations under way there.

    The victim is frozen first (SIGSTOP) until a creation has waited on it
    for a while, so that the kill certainly meets creations in flight, then
    killed; the others keep opening tables for a few seconds more.
    """
    seen = Creations()

    async def creator(number: int) -> None:
        async with httpx.AsyncClient(base_url=balancer.url, verify=False, timeout=30) as client:
            while not seen.stop:
                await create(client, number, seen)

    creators = [asyncio.create_task(creator(number)) for number in range(CREATORS)]
    try:
        deadline = time.monotonic() + 30
        while len(seen.answers) < 30:
            assert time.monotonic() < deadline and not seen.errors, seen.errors
            await asyncio.sleep(0.05)
        victim.process.send_signal(signal.SIGSTOP)
        while not any(time.monotonic() - since > 0.5 for since in list(seen.waiting_since.values())):
            assert time.monotonic() < deadline, "no creation reached the frozen process"
            await asyncio.sleep(0.05)
        victim.stop(signal.SIGKILL)
        await asyncio.sleep(3.0)
        seen.stop = True
        await asyncio.wait_for(asyncio.gather(*creators), 60)
    finally:
        for task in creators:
            task.cancel()
    return seen


@pytest.mark.slow
def test_tables_made_through_the_balancer_while_a_process_is_killed_each_open_once_and_no_browser_sees_an_error(
    database: str, tmp_path: Path
) -> None:
    servers = [Server(tmp_path / name, database, wait=False) for name in ("a", "b")]
    balancer = None
    try:
        for server in servers:
            server.wait()
        balancer = Balancer(tmp_path / "nginx", [server.port for server in servers])
        seen = run(creating(balancer, servers[0]))
    finally:
        if balancer is not None:
            balancer.stop()
        for server in servers:
            server.process.kill()
    print(f"{len(seen.answers)} tables; tries sent again, by the lost answer's status: {seen.retried}")
    assert not seen.errors, f"an error reached a browser: {seen.errors[:3]}"
    assert seen.retried, "the kill met creations under way"
    for key, answers in seen.answers.items():
        assert all(answer == answers[0] for answer in answers), f"key {key} answered two tables"
    answered = {answers[0]["table"]: answers[0] for answers in seen.answers.values()}
    engine = create_engine(database)
    with engine.connect() as conn:
        stored = dict(conn.execute(text("SELECT id, key_hash FROM live_tables")).all())
        tokens = dict(conn.execute(text("SELECT table_id, token_hash FROM live_seats WHERE seat = 0")).all())
    engine.dispose()
    assert set(stored) == set(answered), "every table stored is one a browser was answered, and the other way round"
    assert len(set(stored.values())) == len(seen.answers), "one table per key"
    for table, answer in answered.items():
        assert tokens[table] == hashlib.sha256(answer["seats"][0]["token"].encode()).hexdigest(), "the creator's seat"
