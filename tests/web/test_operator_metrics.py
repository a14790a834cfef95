"""What an operator reads: requests by route and status, errors, sockets by close code, reconnects, games
finished, the process itself; an access log a line (or a JSON object) a request; metrics on a port of their own."""

from __future__ import annotations

import json
import logging
import random
import re
import signal
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from deckhand.web.access import ACCESS_LOG, UNMATCHED
from deckhand.web.app import create_app
from tests.web.tables import connect, free_port, new_table, play_to_the_end
from tests.web.test_crash import start_server


def value(text: str, name: str, **labels: str) -> float:
    """The sample ``name{labels}`` of a metrics text (labels in any order); 0 if there is none."""
    for line in text.splitlines():
        match = re.fullmatch(r"([a-z_]+)(?:\{(.*)\})? (\S+)", line)
        if match is None or match[1] != name:
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', match[2] or ""))
        if all(found.get(key) == wanted for key, wanted in labels.items()):
            return float(match[3])
    return 0.0


@pytest.fixture
def observed() -> Iterator[TestClient]:
    with TestClient(create_app(rate=0, access_log="json"), raise_server_exceptions=False) as client:
        yield client


def test_requests_are_counted_by_route_pattern_and_status_never_by_path(observed: TestClient) -> None:
    made = new_table(observed, game="three_trios", seats=["human", "easy"])
    assert observed.get(f"/api/tables/{made['table']}").status_code == 200
    assert observed.get("/api/tables/nosuchtable").status_code == 404
    assert observed.get("/no/such/page").status_code == 404
    text = observed.get("/metrics").text
    route = "/api/tables/{table_id}"
    assert value(text, "deckhand_http_request_seconds_count", route=route, method="GET", status="200") == 1
    assert value(text, "deckhand_http_request_seconds_count", route=route, method="GET", status="404") == 1
    assert value(text, "deckhand_http_request_seconds_count", route=UNMATCHED, status="404") == 1
    assert value(text, "deckhand_http_request_seconds_count", route="/api/tables", method="POST", status="201") == 1
    assert made["table"] not in text and "nosuchtable" not in text, "a table id is never a label"
    assert value(text, "process_cpu_seconds_total") > 0 and value(text, "process_resident_memory_bytes") > 0


def test_an_exception_that_escapes_counts_as_an_error_of_its_route(
    observed: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object) -> None:
        raise RuntimeError("the store's driver broke")

    monkeypatch.setattr(observed.app.state.tables, "find", broken)  # type: ignore[attr-defined]
    assert observed.get("/api/tables/abc").status_code == 500
    text = observed.get("/metrics").text
    assert value(text, "deckhand_http_errors_total", route="/api/tables/{table_id}") == 1
    assert value(text, "deckhand_http_request_seconds_count", route="/api/tables/{table_id}", status="500") == 1


def test_sockets_reconnects_and_finished_games_are_counted(observed: TestClient) -> None:
    made = new_table(observed, game="three_trios", seats=["human", "easy"], seed=3)
    token = made["seats"][0]["token"]
    with connect(observed, made["table"], token) as ws:
        ws.receive_json()
    with connect(observed, made["table"], token) as ws:  # the same seat again: a reconnection
        play_to_the_end(ws, random.Random(1))
    with connect(observed, "nosuchtable") as ws:
        assert ws.receive_json()["type"] == "error"  # then the server closes it, before the browser does
        ws.receive()
    text = observed.get("/metrics").text
    assert value(text, "deckhand_websocket_opened_total") == 3
    assert value(text, "deckhand_websocket_closed_total", code="1000", by="browser") == 2
    assert value(text, "deckhand_websocket_closed_total", code="4404", by="server") == 1
    assert value(text, "deckhand_reconnects_total") == 1
    assert value(text, "deckhand_games_finished_total", game="three_trios") == 1
    assert value(text, "deckhand_thinking_wait_seconds_count") >= 4, "the easy computer's moves"


def test_the_access_log_is_a_json_object_a_request_with_tokens_hidden(
    observed: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    made = new_table(observed, game="basra", seats=["human", "easy"])
    token = made["seats"][0]["token"]
    with caplog.at_level(logging.INFO, logger=ACCESS_LOG):
        caplog.clear()  # the table's creation may be logged already, where another test left the level at INFO
        observed.get(f"/api/tables/{made['table']}?token={token}")
        with connect(observed, made["table"], token) as ws:
            ws.receive_json()
    lines = [json.loads(record.getMessage()) for record in caplog.records if record.name == ACCESS_LOG]
    assert [(line["method"], line["status"]) for line in lines] == [("GET", 200), ("WEBSOCKET", 1000)]
    assert lines[0]["route"] == "/api/tables/{table_id}" and lines[0]["path"].endswith("?token=[hidden]")
    assert not [r for r in caplog.records if r.name.startswith("deckhand") and token in r.getMessage()]
    assert {"time", "client", "ms", "bytes"} <= set(lines[0])


def test_the_access_log_is_off_unless_asked_for(caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(create_app(rate=0)) as client, caplog.at_level(logging.INFO, logger=ACCESS_LOG):
        client.get("/api/games")
    assert not [record for record in caplog.records if record.name == ACCESS_LOG]


def test_serve_gives_metrics_on_a_loopback_port_of_their_own_and_not_on_the_public_one(tmp_path: Path) -> None:
    port, metrics = free_port(), free_port()
    server = start_server(tmp_path, port, "--metrics-port", str(metrics), "--access-log", "text")
    try:
        assert httpx.get(f"http://127.0.0.1:{port}/metrics").status_code == 404
        text = httpx.get(f"http://127.0.0.1:{metrics}/metrics").text
        assert "deckhand_tables 0.0" in text and "process_open_fds" in text
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(15)
