"""A process asked to stop drains: ``/readyz`` fails at once, it serves on for its window, then sends its browsers on.

A balancer checking readiness (HAProxy, Kubernetes) stops sending work to
a process whose ``/readyz`` fails; the process goes on answering every
request and websocket meanwhile, so nobody meets a refused connection.
Once the window closes its websockets are closed with the code that tells
the browser to connect again (through the balancer, to another process),
and it exits within the window and 2 s. A second signal stops it at once.
"""

from __future__ import annotations

import inspect
import json
import random
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
import uvicorn
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from deckhand.cli import app
from deckhand.web.rooms import MOVED
from deckhand.web.serve import DRAIN, drain_window
from tests.web.tables import free_port
from tests.web.test_crash import start_server

WINDOW = 3.0
"""The drain window the tests ask for (seconds)."""
AFTER = 2.0
"""What the process may take to exit once its window closes: the bound the drain promises."""


def _state(ws: Any) -> dict[str, Any]:
    """The next state message (``seats`` messages come at any time)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message


def _exits(server: subprocess.Popen[bytes], by: float) -> int:
    """The process's exit code, once it exits before the monotonic time ``by``; fails if it is still running then."""
    try:
        return server.wait(max(0.0, by - time.monotonic()))
    except subprocess.TimeoutExpired:
        raise AssertionError("the process did not exit in time") from None


@pytest.mark.slow  # a real server process drained: the slow tier
def test_a_stopping_process_is_not_ready_at_once_serves_its_window_then_sends_its_websockets_on(
    tmp_path: Path,
) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(tmp_path, port, "--drain", str(WINDOW))
    try:
        assert httpx.get(f"{url}/readyz").status_code == 200
        made = httpx.post(f"{url}/api/tables", json={"game": "basra", "seats": ["human", "random"]}).json()
        table, token = made["table"], made["seats"][0]["token"]
        rng = random.Random(3)
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}") as ws:
            state = _state(ws)
            signaled = time.monotonic()
            server.send_signal(signal.SIGTERM)
            ready = [httpx.get(f"{url}/readyz").status_code]  # the first look after the signal
            while not state["legal"]:  # the table plays on: a move, and the computer's answer
                state = _state(ws)
            ws.send(json.dumps({"type": "move", "move": rng.choice(state["legal"])}))
            moved = _state(ws)
            answered, made_during = [], []
            inside = signaled + WINDOW - 0.5  # well inside the window, whenever the process began it
            while time.monotonic() < inside:
                ready.append(httpx.get(f"{url}/readyz").status_code)
                answered.append(httpx.get(f"{url}/api/tables/{table}").status_code)
                made_during.append(httpx.post(f"{url}/api/tables", json={"game": "three_trios"}).status_code)
                time.sleep(0.1)
            assert set(ready) == {503}, "not ready from the first look after the signal"
            assert moved["seq"] > state["seq"], "the table played on meanwhile"
            assert set(answered) == {200} and set(made_during) == {201}, "every request answered meanwhile"
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=WINDOW + AFTER)
            left_at = time.monotonic()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == MOVED, "told to connect again"
        assert left_at >= signaled + WINDOW, "the websocket was served for the whole window"
        code = _exits(server, signaled + WINDOW + AFTER)
    finally:
        server.kill()
    assert code in (0, -signal.SIGTERM)


def test_asked_twice_a_draining_process_stops_at_once(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    window = 60.0
    server = start_server(tmp_path, port, "--drain", str(window))
    try:
        signaled = time.monotonic()
        server.send_signal(signal.SIGTERM)
        assert httpx.get(f"{url}/readyz").status_code == 503
        server.send_signal(signal.SIGINT)  # Ctrl-C again
        code = _exits(server, signaled + window / 4)
    finally:
        server.kill()
    assert code in (0, -signal.SIGTERM, -signal.SIGINT)


def test_the_drain_window_is_a_few_seconds_where_a_balancer_shares_the_work_and_never_negative() -> None:
    assert 2 <= DRAIN <= 10, "long enough for a balancer's checks to notice, short enough for a deploy"
    assert drain_window(None, "postgresql+psycopg://deckhand@db.internal/deckhand") == DRAIN
    assert drain_window(None, "sqlite:///games.db") == 0, "alone on SQLite: no other process takes the players"
    assert drain_window(0, "postgresql+psycopg://deckhand@db.internal/deckhand") == 0
    assert drain_window(12.5, "sqlite:///games.db") == 12.5
    refused = CliRunner().invoke(app, ["serve", "--drain", "-1"])
    assert refused.exit_code != 0 and "--drain" in refused.output


def test_the_uvicorn_server_parts_the_drain_stands_on_are_there() -> None:
    """The drain overrides uvicorn's server loop and reads its state: a uvicorn release that moves them fails here."""
    for method in ("handle_exit", "on_tick", "shutdown"):
        assert callable(getattr(uvicorn.Server, method, None)), method
    assert inspect.iscoroutinefunction(uvicorn.Server.on_tick) and inspect.iscoroutinefunction(uvicorn.Server.shutdown)
    server = uvicorn.Server(uvicorn.Config(app=None))
    assert server.should_exit is False and server.force_exit is False
    assert "timeout_graceful_shutdown" in inspect.signature(uvicorn.Config).parameters
