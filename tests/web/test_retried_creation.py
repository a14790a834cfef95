"""``POST /api/tables`` sent again with its ``Idempotency-Key`` answers the table the first try opened.

A creation whose answer was lost (the process was killed, the balancer
answered ``502``) is sent again with the same key, to whichever process the
balancer picks: it gets the same table and the same tokens, and no second
table is opened. A key is a secret as good as the creator's tokens: a short
one, or one sent with another request, is refused.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from deckhand.store.live import AlreadyOpened
from deckhand.web.app import create_app
from deckhand.web.ledger import Change, Ledger
from deckhand.web.once import once
from deckhand.web.routes import build_table
from deckhand.web.tables import Tables
from deckhand.web.thinking import Thinking
from deckhand.web.wire import NewTable
from tests.web.tables import receive_state
from tests.web.test_crash import run

REQUEST: dict[str, Any] = {"game": "casino", "seats": ["human", "open"]}


def key() -> str:
    """A key as the browser makes one: 24 random bytes, URL-safe."""
    return secrets.token_urlsafe(24)


def tables_in(path: Path) -> int:
    engine = create_engine(f"sqlite:///{path / 'web.db'}")
    with engine.connect() as conn:
        count = conn.execute(text("SELECT COUNT(*) FROM live_tables")).scalar()
    engine.dispose()
    return int(count or 0)


def test_a_creation_sent_again_with_its_key_answers_the_same_table_and_tokens(
    client: TestClient, private_data: Path
) -> None:
    sent = {"Idempotency-Key": key()}
    first = client.post("/api/tables", json=REQUEST, headers=sent)
    again = client.post("/api/tables", json=REQUEST, headers=sent)
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json(), "the same table, seat tokens, invite and host"
    assert tables_in(private_data) == 1
    made = first.json()
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={again.json()['seats'][0]['token']}") as ws:
        assert receive_state(ws)["seat"] == 0, "the token answered again holds the creator's seat"
    other = client.post("/api/tables", json=REQUEST, headers={"Idempotency-Key": key()})
    assert other.json()["table"] != made["table"] and tables_in(private_data) == 2, "a new key, a new table"
    plain = [client.post("/api/tables", json=REQUEST).json()["table"] for _ in range(2)]
    assert len(set(plain)) == 2, "without a key every request opens a table"


def test_a_retry_reaching_another_process_answers_the_table_the_first_opened(private_data: Path) -> None:
    url = f"sqlite:///{private_data / 'web.db'}"
    sent = {"Idempotency-Key": key()}
    with TestClient(create_app(url=url, address="http://a", rate=0)) as one:
        first = one.post("/api/tables", json=REQUEST, headers=sent)
        with TestClient(create_app(url=url, address="http://b", rate=0)) as two:
            again = two.post("/api/tables", json=REQUEST, headers=sent)
    assert again.status_code == 201 and again.json() == first.json()
    assert tables_in(private_data) == 1


def test_a_retry_answers_only_the_invites_still_unused(client: TestClient) -> None:
    sent = {"Idempotency-Key": key()}
    made = client.post("/api/tables", json=REQUEST, headers=sent).json()
    invite = made["invites"][0]["code"]
    assert client.post(f"/api/tables/{made['table']}/join", json={"name": "Bo", "invite": invite}).status_code == 200
    again = client.post("/api/tables", json=REQUEST, headers=sent).json()
    assert again["table"] == made["table"] and again["seats"] == made["seats"] and again["host"] == made["host"]
    assert again["invites"] == [], "the invite was used: the seat is Bo's"


def test_a_short_or_malformed_key_is_refused_with_one_line_naming_it(client: TestClient, private_data: Path) -> None:
    for bad in ("short", "x" * 31, "y" * 129, "has spaces in it, and is long enough to pass", "é" * 40):
        refused = client.post("/api/tables", json=REQUEST, headers={"Idempotency-Key": bad.encode()})
        assert refused.status_code == 400, bad
        assert list(refused.json()) == ["error"] and refused.json()["error"].startswith("Idempotency-Key: ")
        assert "\n" not in refused.json()["error"]
    assert tables_in(private_data) == 0
    uuid = "0b0e1f9c-8f4a-4c1d-9f5e-2a7c3d4e5f60"
    assert client.post("/api/tables", json=REQUEST, headers={"Idempotency-Key": uuid}).status_code == 201


def test_a_creation_the_store_failed_is_a_one_line_503_and_its_retry_opens_the_table(
    client: TestClient, private_data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = client.app.state.tables.ledger  # type: ignore[attr-defined]
    write = ledger.write

    async def away(change: Change) -> None:
        raise OperationalError("INSERT", {}, ConnectionRefusedError("connection refused"))

    sent = {"Idempotency-Key": key()}
    monkeypatch.setattr(ledger, "write", away)
    failed = client.post("/api/tables", json=REQUEST, headers=sent)
    assert failed.status_code == 503 and failed.json() == {"error": "the table could not be stored; try again"}
    monkeypatch.setattr(ledger, "write", write)
    made = client.post("/api/tables", json=REQUEST, headers=sent)
    assert made.status_code == 201 and tables_in(private_data) == 1


def test_a_key_sent_again_with_another_request_is_refused_and_tells_nothing(client: TestClient) -> None:
    sent = {"Idempotency-Key": key()}
    client.post("/api/tables", json=REQUEST, headers=sent)
    other = client.post("/api/tables", json={**REQUEST, "public": True}, headers=sent)
    assert other.status_code == 422 and list(other.json()) == ["error"]
    assert "another request" in other.json()["error"]


def test_two_creations_with_one_key_at_once_open_one_table(caplog: pytest.LogCaptureFixture) -> None:
    """Sent twice at once to one process (a client that gave up waiting): one table, one answer for both."""

    async def scenario() -> None:
        tables = Tables(Ledger(sole=True), Thinking(1))
        request = NewTable(game="casino", seats=["human", "open"])
        sent = key()
        made = once(sent, request)
        first, second = build_table(request, sent), build_table(request, sent)
        outcomes = await asyncio.gather(
            tables.open(first, once=made), tables.open(second, once=made), return_exceptions=True
        )
        assert sum(isinstance(outcome, AlreadyOpened) for outcome in outcomes) == 1, outcomes
        assert list(tables.rooms) in ([first.id], [second.id])
        assert first.seats[0].token_hash == second.seats[0].token_hash, "both tries hand out the same token"
        await tables.ledger.aclose()

    with caplog.at_level(logging.WARNING, logger="deckhand"):
        run(scenario())
    assert not caplog.records, "a retry is no failure of the store: nothing logged"
