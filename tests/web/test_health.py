"""Readiness and metrics: ``/readyz`` fails while stopping or without a database; ``/metrics`` counts what happened."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from tests.web.tables import eventually, new_table, play_to_the_end


def test_a_process_is_ready_while_its_database_answers_and_not_once_it_stops(client: TestClient) -> None:
    assert client.get("/readyz").json() == {"ready": True}
    client.app.state.health.draining = True  # type: ignore[attr-defined]
    stopping = client.get("/readyz")
    assert stopping.status_code == 503 and stopping.json() == {"ready": False, "error": "this process is stopping"}


def test_a_process_whose_database_is_gone_is_not_ready(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused() -> None:
        raise OperationalError("SELECT 1", {}, ConnectionRefusedError("connection refused"))

    with monkeypatch.context() as outage:  # undone alone: monkeypatch.undo() would undo the test's private store too
        outage.setattr(client.app.state.tables.ledger, "reachable", refused)  # type: ignore[attr-defined]
        lost = client.get("/readyz")
    assert lost.status_code == 503 and lost.json() == {"ready": False, "error": "the database does not answer"}
    # ready again once it answers (a loaded machine may take longer than the check's patience at first)
    eventually(lambda: client.get("/readyz").status_code == 200, "ready again once it answers", patience=30)


def test_the_metrics_count_tables_connections_and_moves_in_prometheus_text(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "random"], seed=3)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}") as ws:

        def counted() -> Any:
            """The metrics once they count the socket: its handler may first read the table from the store."""
            metrics = client.get("/metrics")
            return metrics if "deckhand_connections 1.0" in metrics.text else None

        during = eventually(counted, "the connection is counted")
        play_to_the_end(ws, random.Random(2))
    assert during.headers["content-type"].startswith("text/plain")
    assert "deckhand_tables 1.0" in during.text
    after = eventually(lambda: _moves(client) or None, "the moves are counted")
    assert after > 40  # a whole game of Basra, both seats
    text = client.get("/metrics").text
    assert "deckhand_thinking_queue 0.0" in text and "deckhand_connections 0.0" in text
    assert 'deckhand_commit_seconds_bucket{le="0.1"}' in text


def _moves(client: TestClient) -> float:
    for line in client.get("/metrics").text.splitlines():
        if line.startswith("deckhand_moves_total "):
            return float(line.split()[1])
    return 0.0
