"""The lobby's websocket: pages told of seeks as they change, a held seek told when it fills, and a page that goes
taking its place with it; tried too as an attacker would (tokens never sent to others, another's seek not held)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from deckhand.store.db import get_engine
from deckhand.web import lobby
from deckhand.web.app import create_app
from deckhand.web.credentials import Passwords
from deckhand.web.lobby import HOLD_MOST, LOBBY_FULL
from deckhand.web.rooms import MOVED
from deckhand.web.websocket import FLOOD
from tests.web.servers import NO_POSTGRES, POSTGRES, database
from tests.web.tables import Inbox
from tests.web.test_accounts import HERE, Counting
from tests.web.test_seeks import asked, from_address, seek

__all__ = ["database"]  # the fixture


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(rate=0, passwords=Passwords(Counting())), headers=HERE) as test_client:
        yield test_client


def listed(inbox: Inbox, check: Any = None) -> list[dict[str, Any]]:
    seeks: list[dict[str, Any]] = inbox.next("seeks", check)["seeks"]
    return seeks


def test_a_lobby_page_is_told_of_each_seek_as_it_comes_and_goes_never_its_token(client: TestClient) -> None:
    with client.websocket_connect("/ws/lobby") as ws:
        page = Inbox(ws)
        assert listed(page) == []
        made = seek(client, game="basra")
        shown = listed(page)
        assert [s["seek"] for s in shown] == [made["seek"]] and shown[0]["seekers"][0]["name"] == "Ada"
        assert [s | {"waiting": 0} for s in shown] == [
            s | {"waiting": 0} for s in client.get("/api/seeks").json()["seeks"]
        ], "as GET /api/seeks lists them"
        assert client.delete(f"/api/seeks/{made['seek']}", headers={"X-Seek-Token": made["token"]}).status_code == 204
        assert listed(page) == []
        assert all(made["token"] not in str(message) for message in page.log)


def test_a_held_seek_is_told_how_it_stands_and_where_to_sit_once_it_fills(client: TestClient) -> None:
    made = seek(client, game="cambio", players=3)
    with client.websocket_connect("/ws/lobby") as ws:
        page = Inbox(ws)
        page.send({"type": "hold", "seek": made["seek"], "token": made["token"]})
        first = page.next("seek")
        assert first["state"] == "open" and first["seated"] == 1 and first["place"] == 0
        bo = from_address(client, "198.51.100.2").post(f"/api/seeks/{made['seek']}/accept", json={"name": "Bo"})
        assert bo.status_code == 202
        assert page.next("seek", lambda m: m["seated"] == 2)["state"] == "open"
        cy = from_address(client, "198.51.100.3").post(f"/api/seeks/{made['seek']}/accept", json={"name": "Cy"})
        filled = page.next("seek", lambda m: m["state"] != "open")
        assert filled == {
            "type": "seek",
            "seek": made["seek"],
            "state": "filled",
            "table": cy.json()["table"],
            "seat": filled["seat"],
            "token": made["token"],
        }
        assert filled["seat"] in (0, 1, 2) and filled["seat"] != cy.json()["seat"]


def test_a_page_that_goes_takes_its_seek_with_it(client: TestClient) -> None:
    made = seek(client, game="go_fish", players=3)
    bo = from_address(client, "198.51.100.2").post(f"/api/seeks/{made['seek']}/accept", json={"name": "Bo"}).json()
    with client.websocket_connect("/ws/lobby") as ws:
        ws.send_json({"type": "hold", "seek": made["seek"], "token": bo["token"]})
        assert Inbox(ws).next("seek")["seated"] == 2
    assert wait_for(lambda: asked(client, made)["seated"] == 1), "Bo's place went with Bo's page"
    with client.websocket_connect("/ws/lobby") as ws:
        ws.send_json({"type": "hold", "seek": made["seek"], "token": made["token"]})
        assert Inbox(ws).next("seek")["state"] == "open"
    gone = lambda: client.get(f"/api/seeks/{made['seek']}", headers={"X-Seek-Token": made["token"]})  # noqa: E731
    assert wait_for(lambda: gone().status_code == 404), "the seeker's page went: so did the seek"
    assert client.get("/api/seeks").json()["seeks"] == []


def test_a_stopping_server_closes_its_lobby_pages_and_keeps_their_seeks(client: TestClient) -> None:
    made = seek(client, game="basra")
    with client.websocket_connect("/ws/lobby") as ws:
        page = Inbox(ws)
        page.send({"type": "hold", "seek": made["seek"], "token": made["token"]})
        assert page.next("seek")["state"] == "open"
        client.portal.call(hang_up, client)  # type: ignore[union-attr]
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == MOVED
    assert asked(client, made)["state"] == "open"


def hang_up(client: TestClient) -> None:
    client.app.state.lobby.hang_up()  # type: ignore[attr-defined]


def test_an_unknown_seek_a_wrong_token_and_a_bad_message_are_told_apart_only_as_gone_or_one_line(
    client: TestClient,
) -> None:
    made = seek(client, game="basra")
    with client.websocket_connect("/ws/lobby") as ws:
        page = Inbox(ws)
        page.send({"type": "hold", "seek": made["seek"], "token": "not-the-token"})
        wrong = page.next("seek")
        page.send({"type": "hold", "seek": "nosuchseek", "token": made["token"]})
        unknown = page.next("seek")
        assert wrong | {"seek": ""} == unknown | {"seek": ""} == {"type": "seek", "seek": "", "state": "gone"}
        for bad, problem in (
            ("{", "not JSON"),
            ('{"type": "hold", "seek": "x"}', "missing field 'token'"),
            ('{"type": "hold", "seek": "x", "token": "' + "t" * 65 + '"}', "token:"),
            ('{"type": "move", "move": "x"}', "type:"),
            ("x" * 5000, "message too long"),
        ):
            ws.send_text(bad)
            error = page.next("error")["message"]
            assert problem in error and "\n" not in error, (bad, error)
    assert asked(client, made)["state"] == "open", "another's token neither held nor withdrew the seek"


def test_a_page_holds_only_a_few_seeks(client: TestClient) -> None:
    made = [seek(from_address(client, f"198.51.100.{i}"), game="basra") for i in range(HOLD_MOST + 1)]
    with client.websocket_connect("/ws/lobby") as ws:
        page = Inbox(ws)
        for one in made:
            page.send({"type": "hold", "seek": one["seek"], "token": one["token"]})
        for _ in range(HOLD_MOST):
            assert page.next("seek")["state"] == "open"
        assert f"at most {HOLD_MOST} seeks" in page.next("error")["message"]


def wait_for(check: Any, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(POSTGRES is None, reason=NO_POSTGRES)
def test_on_postgresql_a_page_on_one_process_is_told_of_seeks_posted_and_filled_on_another(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DECKHAND_DB", database)
    with (
        TestClient(create_app(rate=0), headers=HERE) as first,
        TestClient(create_app(rate=0), headers=HERE) as second,
        second.websocket_connect("/ws/lobby") as ws,
    ):
        page = Inbox(ws)
        assert listed(page) == []
        made = seek(first, game="basra")
        assert [s["seek"] for s in listed(page)] == [made["seek"]], "read from the store within a tick"
        page.send({"type": "hold", "seek": made["seek"], "token": made["token"]})
        assert page.next("seek")["state"] == "open"
        accepted = TestClient(first.app, client=("198.51.100.9", 1), headers=HERE).post(
            f"/api/seeks/{made['seek']}/accept", json={"name": "Bo"}
        )
        filled = page.next("seek", lambda m: m["state"] != "open")
        assert filled["state"] == "filled" and filled["table"] == accepted.json()["table"]
        assert listed(page) == []
    get_engine(database).dispose()


def test_a_page_that_floods_the_lobby_is_closed() -> None:
    with (
        TestClient(create_app(rate=1, burst=2), headers=HERE) as client,
        client.websocket_connect("/ws/lobby") as ws,
    ):
        assert Inbox(ws).next("seeks")["seeks"] == []
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(100):
                ws.send_text("{}")
            while True:
                ws.receive_json()
        assert closed.value.code == FLOOD


def test_a_store_that_fails_a_hold_keeps_the_page_and_the_seeks_it_holds(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = seek(client, game="basra")
    other = seek(from_address(client, "198.51.100.7"), game="go_fish")
    real = lobby.seek_answer

    async def failing(seek_id: str, token: str, url: str | None) -> Any:
        if seek_id == other["seek"]:
            raise OSError("the database is away")
        return await real(seek_id, token, url)

    monkeypatch.setattr(lobby, "seek_answer", failing)
    with client.websocket_connect("/ws/lobby") as ws:
        page = Inbox(ws)
        page.send({"type": "hold", "seek": made["seek"], "token": made["token"]})
        assert page.next("seek")["state"] == "open"
        page.send({"type": "hold", "seek": other["seek"], "token": other["token"]})
        assert "try again" in page.next("error")["message"]
        page.send({"type": "hold", "seek": made["seek"], "token": made["token"]})
        assert page.next("seek")["state"] == "open", "the page is still connected"
        listed_now = {s["seek"] for s in client.get("/api/seeks").json()["seeks"]}
        assert listed_now == {made["seek"], other["seek"]}, "nothing was withdrawn"


def test_one_address_opens_only_a_few_lobby_pages(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby, "PAGES_AT_ONE_ADDRESS", 2)
    with client.websocket_connect("/ws/lobby") as first, client.websocket_connect("/ws/lobby") as second:
        for ws in (first, second):
            assert Inbox(ws).next("seeks")["seeks"] == []
        with client.websocket_connect("/ws/lobby") as third:
            assert "2 pages from here already" in Inbox(third).next("error")["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == LOBBY_FULL
