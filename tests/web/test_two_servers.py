"""Two server processes on one PostgreSQL: each table is dealt by one of them, and taken over when it goes away."""

from __future__ import annotations

import json
import os
import random
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from sqlalchemy import create_engine, make_url, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.tables import free_port

POSTGRES = os.environ.get("DECKHAND_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not POSTGRES, reason="no PostgreSQL server given (DECKHAND_TEST_POSTGRES_URL)")

LEASE = 2.0


@pytest.fixture
def database() -> Iterator[str]:
    """A database of its own on the test server, dropped afterwards."""
    assert POSTGRES is not None
    name = f"deckhand_two_{secrets.token_hex(4)}"
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    yield make_url(POSTGRES).set(database=name).render_as_string(hide_password=False)
    with admin.connect() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    admin.dispose()


class Server:
    """One ``deckhand serve`` process."""

    def __init__(self, home: Path, url: str, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "DECKHAND_HOME": str(home), "DECKHAND_DB": url}
        command = [sys.executable, "-m", "deckhand.cli", "serve", "--port", str(self.port)]
        command += ["--advertise", self.url, "--lease", str(LEASE), "--rate", "0"]  # the test plays at full speed
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/healthz").status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        self.process.kill()
        raise AssertionError("the server did not start")

    def get(self, table: str) -> httpx.Response:
        return httpx.get(f"{self.url}/api/tables/{table}")

    def new_table(self, **request: Any) -> tuple[str, str]:
        response = httpx.post(f"{self.url}/api/tables", json=request)
        assert response.status_code == 201, response.text
        return response.json()["table"], response.json()["seats"][0]["token"]

    def play(self, table: str, token: str, rng: random.Random, moves: int | None) -> dict[str, Any]:
        """``moves`` random moves at the table (None: to the end); the last state message."""
        with connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table}?token={token}") as ws:
            made = 0
            while True:
                message = json.loads(ws.recv(timeout=30))
                assert message["type"] != "error", message
                if message["type"] != "state":
                    continue
                if message["result"] is not None or (moves is not None and made >= moves):
                    return dict(message)
                if message["legal"]:
                    ws.send(json.dumps({"type": "move", "move": rng.choice(message["legal"])}))
                    made += 1

    def stop(self, how: int) -> None:
        self.process.send_signal(how)
        self.process.wait(20)


def eventually_dealt(server: Server, table: str, patience: float) -> dict[str, Any]:
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        response = server.get(table)
        if response.status_code == 200:
            return dict(response.json())
        assert response.status_code == 421, response.text
        time.sleep(0.2)
    raise AssertionError(f"{server.url} never took table {table} over")


def test_each_table_is_dealt_by_one_process_and_taken_over_when_it_dies(database: str, tmp_path: Path) -> None:
    first, second = Server(tmp_path / "a", database), Server(tmp_path / "b", database)
    try:
        rng = random.Random(4)
        table, token = first.new_table(game="basra", seats=["human", "random"], seed=5)
        first.play(table, token, rng, moves=5)
        elsewhere = second.get(table)
        assert elsewhere.status_code == 421
        assert elsewhere.json() == {
            "error": f"table '{table}' is dealt by another server ({first.url})",
            "owner": first.url,
        }
        with connect(f"ws://127.0.0.1:{second.port}/ws/tables/{table}?token={token}") as ws:
            assert first.url in json.loads(ws.recv(timeout=10))["message"]
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4421
        theirs, their_token = second.new_table(game="casino", seats=["human", "random"], seed=6)
        assert first.get(theirs).status_code == 421

        time.sleep(0.5)  # the computer's answer
        before = first.get(table).json()
        first.stop(signal.SIGKILL)  # no goodbye: its lease has to run out
        taken = eventually_dealt(second, table, patience=LEASE * 3)
        assert taken["seq"] == before["seq"], "the table goes on at the move it had reached"
        after = second.play(table, token, rng, moves=None)
        assert after["result"] is not None

        again = Server(tmp_path / "a", database, port=first.port)  # the first comes back: the tables stay put
        try:
            assert again.get(table).status_code == 421 and again.get(theirs).status_code == 421
            second.play(theirs, their_token, rng, moves=3)
            time.sleep(0.5)  # the computer's answer
            where = second.get(theirs).json()["seq"]
            second.stop(signal.SIGTERM)  # a clean stop hands its tables over at once
            assert eventually_dealt(again, theirs, patience=LEASE)["seq"] == where
            assert again.play(theirs, their_token, rng, moves=None)["result"] is not None
        finally:
            again.process.kill()
    finally:
        for server in (first, second):
            server.process.kill()
    with create_engine(database).connect() as conn:
        stored = conn.execute(text("SELECT game, count(*) FROM games GROUP BY game ORDER BY game")).all()
    assert [tuple(row) for row in stored] == [("basra", 1), ("casino", 1)], "each game stored once"
