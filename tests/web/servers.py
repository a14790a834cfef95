"""Real ``deckhand serve`` processes on one PostgreSQL, for the tests of several processes (and the balancer)."""

from __future__ import annotations

import importlib.util
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
from websockets.sync.client import connect

from tests.web.tables import free_port

HOW = (
    "pip install -e '.[test,postgres]', then run the tests with DECKHAND_TEST_POSTGRES_URL set to a server where "
    "the role may create databases (postgresql+psycopg://USER:PASSWORD@HOST:PORT/postgres; "
    "`.ci/postgres start /tmp/deckhand-pg` starts a throwaway one and prints its URL; .ci/run does all this)"
)
DRIVER = importlib.util.find_spec("psycopg") is not None
POSTGRES = os.environ.get("DECKHAND_TEST_POSTGRES_URL") if DRIVER else None
NO_POSTGRES = (
    f"needs PostgreSQL: {HOW}"
    if DRIVER or not os.environ.get("DECKHAND_TEST_POSTGRES_URL")
    else f"DECKHAND_TEST_POSTGRES_URL is set but the PostgreSQL driver is not installed: {HOW}"
)
"""Why the tests of several processes skip, and exactly how to run them."""


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
    """One ``deckhand serve`` process, started and answering."""

    def __init__(
        self,
        home: Path,
        url: str,
        port: int | None = None,
        lease: float = 2.0,
        wait: bool = True,
        owner: str | None = None,
        drain: float = 0.0,
    ) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "DECKHAND_HOME": str(home), "DECKHAND_DB": url}
        if owner is not None:  # the owner token every process behind one balancer shares
            env["DECKHAND_OWNER_TOKEN"] = owner
        command = [sys.executable, "-m", "deckhand.cli", "serve", "--port", str(self.port)]
        command += ["--advertise", self.url, "--lease", str(lease), "--rate", "0"]  # the test plays at full speed
        command += ["--drain", str(drain)]  # a test stopping a process does not wait for a balancer's checks
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if wait:
            self.wait()

    def wait(self) -> None:
        """Until the process answers (several started at once start in the time of one)."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/healthz").status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        self.process.kill()
        self.process.wait()
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

    def stop(self, how: int = signal.SIGTERM) -> None:
        self.process.send_signal(how)
        self.process.wait(20)
