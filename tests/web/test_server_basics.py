"""The table contract (docs/architecture.md, the web contract): health, creating and joining tables, the summary."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from websockets.asyncio.client import connect

from deckhand.core.errors import ConfigError
from deckhand.web import serve
from deckhand.web.tables import ABANDONED_KEPT, FINISHED_KEPT
from tests.web.tables import eventually, free_port, join, new_table, receive_state
from tests.web.test_crash import run, start_server


def test_health_and_lobby(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"ok": True}
    page = client.get("/")
    assert page.status_code == 200
    assert "text/html" in page.headers["content-type"]


def test_a_table_gives_a_token_for_each_human_seat(client: TestClient) -> None:
    made = new_table(client, game="cambio", preset="house", options={"players": 3}, seats=["human", "easy", "open"])
    assert [s["seat"] for s in made["seats"]] == [0]
    summary = client.get(f"/api/tables/{made['table']}").json()
    assert summary["game"] == "cambio"
    assert [s["kind"] for s in summary["seats"]] == ["human", "computer", "open"]
    assert made["seats"][0]["token"] not in str(summary)
    joined = join(client, made, "Ann")
    assert joined.status_code == 200 and joined.json()["seat"] == 2
    full = join(client, made, "Bob")
    assert full.status_code == 409 and "no seat" in full.json()["error"]


@pytest.mark.parametrize(
    ("request_body", "problem"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": "cambio", "options": {"jokers": "maybe"}}, "jokers"),
        ({"game": "cambio", "options": {"colour": 1}}, "unknown option 'colour'"),
        ({"game": "cambio", "seats": ["human", "grandmaster"]}, "grandmaster"),
        ({"game": "cambio", "seats": ["human", "easy", "easy"]}, "2 seats; 3 given"),
        ({"game": "basra", "preset": "nope"}, "unknown preset"),
        ({"game": "cambio", "colour": "red"}, "unknown field 'colour'"),
        ({"preset": "house"}, "missing field 'game'"),
        ({"game": "three_trios", "options": {"board": "/etc/passwd"}}, "files on the server"),
    ],
)
def test_a_bad_table_request_is_one_line(client: TestClient, request_body: dict[str, object], problem: str) -> None:
    response = client.post("/api/tables", json=request_body)
    assert response.status_code in (400, 422)
    error = response.json()["error"]
    assert problem in error and "\n" not in error


def test_a_request_that_is_not_json_is_refused(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert "not JSON" in response.json()["error"]


def test_unknown_tables_are_404_with_an_error(client: TestClient) -> None:
    response = client.get("/api/tables/nope")
    assert response.status_code == 404 and "no table" in response.json()["error"]


def test_the_first_message_is_a_full_snapshot(client: TestClient) -> None:
    made = new_table(client, game="three_trios", seats=["human", "easy"], seed=3)
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={token}") as ws:
        state = receive_state(ws)
    assert state["seat"] == 0 and state["to_move"] == 0
    assert state["legal"] and state["result"] is None
    assert state["view"]["game"] == "three_trios"


def test_tables_nobody_is_at_are_cleared_finished_ones_first(client: TestClient) -> None:
    tables = client.app.state.tables  # type: ignore[attr-defined]
    finished = new_table(client, game="three_trios", seats=["easy", "easy"], seed=1)["table"]
    eventually(lambda: client.get(f"/api/tables/{finished}").json()["finished"], "the computers finish")
    waiting = new_table(client, game="cambio", seats=["human", "easy"], seed=2)
    watched = new_table(client, game="basra", seats=["human", "easy"], seed=3)
    with client.websocket_connect(f"/ws/tables/{watched['table']}?token={watched['seats'][0]['token']}") as ws:
        receive_state(ws)
        now = time.monotonic()
        client.portal.call(tables.sweep, now + FINISHED_KEPT + 1)  # type: ignore[union-attr]
        assert client.get(f"/api/tables/{finished}").status_code == 404
        assert client.get(f"/api/tables/{waiting['table']}").status_code == 200
        client.portal.call(tables.sweep, now + ABANDONED_KEPT + 1)  # type: ignore[union-attr]
        assert client.get(f"/api/tables/{waiting['table']}").status_code == 404
        assert client.get(f"/api/tables/{watched['table']}").status_code == 200, "someone is at it"


def test_a_second_server_on_the_same_sqlite_file_is_refused(tmp_path: Path) -> None:

    url = f"sqlite:///{tmp_path / 'one.db'}"
    held = serve._alone_on(url)
    assert held is not None
    try:
        with pytest.raises(
            ConfigError, match="another deckhand serve is using it; run several processes on PostgreSQL"
        ):
            serve._alone_on(url)
    finally:
        serve._LOCKS.remove(held)
        held.close()
    assert serve._alone_on("postgresql+psycopg://db.example/deckhand") is None, "a shared database is shared"


def test_websocket_messages_go_uncompressed_though_the_browser_offers_deflate(tmp_path: Path) -> None:
    """A state message is under 1.5 KB: per-message deflate cost the server a quarter of a megabyte a
    connection and more CPU than the bytes it saved (docs/performance.md)."""
    port = free_port()
    server = start_server(tmp_path, port)
    try:
        url = f"http://127.0.0.1:{port}"
        made = httpx.post(f"{url}/api/tables", json={"game": "basra", "seats": ["human", "easy"]}).json()

        async def handshake() -> str | None:
            ws_url = f"ws://127.0.0.1:{port}/ws/tables/{made['table']}?token={made['seats'][0]['token']}"
            async with connect(ws_url, compression="deflate") as ws:  # as browsers do
                assert json.loads(await ws.recv())["type"] == "state"
                assert ws.request is not None and "permessage-deflate" in ws.request.headers["Sec-WebSocket-Extensions"]
                return ws.response.headers.get("Sec-WebSocket-Extensions") if ws.response is not None else "?"

        assert run(handshake()) is None
    finally:
        server.terminate()
        server.wait(30)
