"""A real server process, at its edges: a handshake too long to read, the subprotocol login, tokens in the logs,
the owner's link it prints."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from deckhand.web.owner import ENV, HEADER, LINK
from tests.web.tables import OWNER, free_port

UPGRADE = (
    "Upgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)
PATIENCE = 3.0
"""Seconds a refusal may take: a liveness bound (it comes in milliseconds), not a benchmark."""


def start(command: list[str], home: Path, log: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """A server process and its address, once it answers ``/healthz``; its output goes to ``log``."""
    port = free_port()
    env = {**os.environ, "DECKHAND_HOME": str(home), "DECKHAND_DB": f"sqlite:///{home / 'edges.db'}"}
    out = log.open("wb") if log else subprocess.DEVNULL
    process = subprocess.Popen([*command, "--port", str(port)], env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/healthz").status_code == 200:
                return process, url
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not start")


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One ``deckhand serve`` for the module's tests."""
    home = tmp_path_factory.mktemp("edges")
    process, url = start([sys.executable, "-m", "deckhand.cli", "serve", "--rate", "0"], home)
    yield url
    stop(process)


def new_table(url: str) -> tuple[str, str]:
    response = httpx.post(f"{url}/api/tables", json={"game": "basra", "seats": ["human", "easy"], "seed": 2})
    assert response.status_code == 201, response.text
    return response.json()["table"], response.json()["seats"][0]["token"]


def answer_or_close(url: str, request: bytes) -> bytes:
    """What the server sends back before closing (``b""``: it just closed); fails after :data:`PATIENCE`."""
    port = int(url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as raw:
        started = time.monotonic()
        raw.sendall(request)
        try:
            answer = raw.recv(200)
        except TimeoutError:
            raise AssertionError(f"no answer nor close within {PATIENCE} s") from None
        assert time.monotonic() - started < PATIENCE
        return answer


@pytest.mark.parametrize("length", [10_000, 100_000])
@pytest.mark.parametrize("upgrade", [True, False], ids=["websocket", "http"])
def test_a_request_with_a_huge_query_is_refused_at_once(served: str, length: int, upgrade: bool) -> None:
    request = f"GET /ws/tables/x?token={'a' * length} HTTP/1.1\r\nHost: 127.0.0.1\r\n{UPGRADE if upgrade else ''}\r\n"
    answer = answer_or_close(served, request.encode())
    assert answer == b"" or answer.startswith(b"HTTP/1.1 4"), answer  # 414 or 400 to an upgrade; 404 over HTTP


def test_a_header_too_large_for_a_websocket_is_refused_at_once(served: str) -> None:
    request = f"GET /ws/tables/x HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {'c' * 20_000}\r\n{UPGRADE}\r\n"
    answer = answer_or_close(served, request.encode())
    assert answer == b"" or answer.startswith((b"HTTP/1.1 431", b"HTTP/1.1 400")), answer


def test_a_short_upgrade_still_becomes_a_websocket(served: str) -> None:
    answer = answer_or_close(served, f"GET /ws/tables/x HTTP/1.1\r\nHost: 127.0.0.1\r\n{UPGRADE}\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 101"), answer


def test_the_subprotocol_login_over_a_real_handshake(served: str) -> None:
    table, token = new_table(served)
    address = served.replace("http://", "ws://") + f"/ws/tables/{table}"
    with connect(address, subprotocols=offer("deckhand", f"token.{token}")) as ws:
        assert ws.subprotocol == "deckhand"
        state = next(m for m in map(_json, ws) if m["type"] == "state")
        assert state["seat"] == 0
    with (
        connect(address, subprotocols=offer("deckhand", "token.guess")) as ws,
        pytest.raises(ConnectionClosed) as closed,
    ):
        while True:
            ws.recv(PATIENCE)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    with connect(f"{address}?token={token}") as ws:  # the contract's way, for tools
        assert next(m for m in map(_json, ws) if m["type"] == "state")["seat"] == 0


def offer(*names: str) -> list[Subprotocol]:
    return [Subprotocol(name) for name in names]


def _json(text: str | bytes) -> dict[str, object]:
    found: dict[str, object] = json.loads(text)
    return found


def test_uvicorns_log_at_info_level_never_shows_a_token(tmp_path: Path) -> None:
    """Run as ``uvicorn --factory`` at info level: every request is logged, its ``token=`` value hidden."""
    log = tmp_path / "uvicorn.log"
    command = [sys.executable, "-m", "uvicorn", "deckhand.web.app:create_app", "--factory", "--log-level", "info"]
    process, url = start(command, tmp_path, log)
    try:
        table, token = new_table(url)
        secrets = [token, "secret-in-http", "secret-in-websocket", "secret-encoded"]
        httpx.get(f"{url}/api/tables/{table}?token=secret-in-http")
        address = url.replace("http://", "ws://") + f"/ws/tables/{table}"
        for query in [f"?token={token}", "?token=secret-in-websocket", "?x=1&%74oken=secret-encoded"]:
            with connect(address + query) as ws:
                ws.recv(PATIENCE)
    finally:
        stop(process)
    written = log.read_text()
    assert f"GET /api/tables/{table}?token=[hidden]" in written, written
    assert f"WebSocket /ws/tables/{table}?token=[hidden]" in written, written
    for secret in secrets:
        assert secret not in written, written


def test_the_printed_owners_link_is_the_one_way_to_the_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``deckhand serve`` prints a link with a token of its own; the token is printed once and logged nowhere."""
    monkeypatch.delenv(ENV, raising=False)
    log = tmp_path / "serve.log"
    process, url = start([sys.executable, "-m", "deckhand.cli", "serve", "--rate", "0"], tmp_path, log)
    try:
        printed = re.search(rf"{re.escape(url)}/{LINK}([A-Za-z0-9_-]+)\n", log.read_text())
        assert printed, log.read_text()
        token = printed[1]
        assert httpx.get(f"{url}/api/saves").status_code == 403
        assert httpx.get(f"{url}/api/saves", headers={HEADER: token}).status_code == 200
        welcomed = httpx.post(f"{url}/api/owner", headers={HEADER: token})
        assert (
            welcomed.status_code == 204 and httpx.get(f"{url}/api/saves", cookies=welcomed.cookies).status_code == 200
        )
    finally:
        stop(process)
    assert log.read_text().count(token) == 1, "printed once, at start"


def test_a_shared_owner_token_comes_from_the_environment_and_is_never_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, OWNER)
    log = tmp_path / "serve.log"
    process, url = start([sys.executable, "-m", "deckhand.cli", "serve", "--rate", "0"], tmp_path, log)
    try:
        assert httpx.get(f"{url}/api/saves", headers={HEADER: OWNER}).status_code == 200
        assert httpx.get(f"{url}/api/saves").status_code == 403
    finally:
        stop(process)
    written = log.read_text()
    assert f"{LINK} followed by {ENV}" in written and OWNER not in written
    monkeypatch.setenv(ENV, "too-short-to-be-a-token")
    refused = subprocess.run(
        [sys.executable, "-m", "deckhand.cli", "serve", "--port", str(free_port())],
        env={**os.environ, "DECKHAND_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode != 0 and refused.stdout == ""
    assert refused.stderr.startswith(f"deckhand: {ENV}: an owner token is") and refused.stderr.count("\n") == 1
    assert "too-short" not in refused.stderr
