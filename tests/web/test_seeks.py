"""Seeks and quick pairing: strangers find a game, each learns their seat, and nobody can take two places or hold many.

Tested the way a stranger would use them, and the way an attacker would: tokens never listed, a seat only for the
token that took the place, the last place taken once however many ask at the same moment.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from deckhand.store.db import get_engine
from deckhand.store.seeks import Seeker, ask, take_place
from deckhand.web import seeks
from deckhand.web.app import create_app
from deckhand.web.credentials import Passwords
from deckhand.web.seats import token_hash
from tests.web.servers import NO_POSTGRES, POSTGRES, database
from tests.web.tables import Inbox, connect, summary
from tests.web.test_accounts import HERE, Counting
from tests.web.test_ratings import accounts, as_person

__all__ = ["database"]  # the fixture


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(rate=0, passwords=Passwords(Counting())), headers=HERE) as test_client:
        yield test_client


def from_address(client: TestClient, host: str) -> TestClient:
    """The same server seen from another address: another person for the limits."""
    other = TestClient(client.app, client=(host, 50000), headers=HERE)
    return other


def seek(client: TestClient, **request: Any) -> dict[str, Any]:
    response = client.post("/api/seeks", json={"name": "Ada"} | request)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def asked(client: TestClient, made: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/api/seeks/{made['seek']}", headers={"X-Seek-Token": made["token"]})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_a_seek_is_listed_without_its_token_and_fills_when_someone_accepts(client: TestClient) -> None:
    made = seek(client, game="basra", clock={"initial": 300, "increment": 3})
    listed = client.get("/api/seeks").json()["seeks"]
    assert [s["seek"] for s in listed] == [made["seek"]]
    assert listed[0] | {"waiting": 0} == {
        "seek": made["seek"],
        "game": "basra",
        "title": "Basra",
        "preset": None,
        "players": 2,
        "seated": 1,
        "rated": False,
        "clock": {"initial": 300.0, "increment": 3.0},
        "seekers": [{"name": "Ada", "rating": None, "account": False}],
        "waiting": 0,
    }
    assert made["token"] not in client.get("/api/seeks").text
    assert asked(client, made)["state"] == "open"
    bo = from_address(client, "198.51.100.2")
    accepted = bo.post(f"/api/seeks/{made['seek']}/accept", json={"name": "Bo"})
    assert accepted.status_code == 200, accepted.text
    mine = accepted.json()
    theirs = asked(client, made)
    assert theirs["state"] == "filled" and theirs["table"] == mine["table"] and theirs["token"] == made["token"]
    assert {theirs["seat"], mine["seat"]} == {0, 1}
    table = summary(client, mine["table"])
    assert table["clock"] == {"initial": 300.0, "increment": 3.0} and not table["rated"]
    assert {table["seats"][theirs["seat"]]["name"], table["seats"][mine["seat"]]["name"]} == {"Ada", "Bo"}
    assert client.get("/api/seeks").json()["seeks"] == []
    for answer in (theirs, mine):  # each token is its seat's
        with connect(client, answer["table"], answer["token"]) as ws:
            assert Inbox(ws).next("state")["seat"] == answer["seat"]


def test_a_seek_of_three_waits_with_202_until_its_last_place_is_taken(client: TestClient) -> None:
    made = seek(client, game="cambio", players=3)
    bo = from_address(client, "198.51.100.2").post(f"/api/seeks/{made['seek']}/accept", json={"name": "Bo"})
    assert bo.status_code == 202 and bo.json()["table"] is None
    waiting = asked(client, {"seek": made["seek"], "token": bo.json()["token"]})
    assert waiting["state"] == "open" and waiting["seated"] == 2 and waiting["players"] == 3
    cy = from_address(client, "198.51.100.3").post(f"/api/seeks/{made['seek']}/accept", json={"name": "Cy"})
    assert cy.status_code == 200
    seats = {asked(client, made)["seat"], asked(client, bo.json())["seat"], cy.json()["seat"]}
    assert seats == {0, 1, 2}
    assert summary(client, cy.json()["table"])["options"]["players"] == 3


def test_a_seek_past_the_lobbys_list_can_still_be_accepted(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seeks, "LISTED", 1)
    seek(client, game="basra")
    later = seek(client, game="go_fish")
    assert [s["seek"] for s in client.get("/api/seeks").json()["seeks"]] != [later["seek"]]
    accepted = from_address(client, "198.51.100.2").post(f"/api/seeks/{later['seek']}/accept", json={"name": "Bo"})
    assert accepted.status_code == 200, accepted.text


def test_the_seeker_withdraws_and_one_who_accepted_may_leave(client: TestClient) -> None:
    made = seek(client, game="cambio", players=3)
    bo = from_address(client, "198.51.100.2").post(f"/api/seeks/{made['seek']}/accept", json={"name": "Bo"}).json()
    assert client.delete(f"/api/seeks/{made['seek']}", headers={"X-Seek-Token": bo["token"]}).status_code == 204
    assert asked(client, made)["seated"] == 1
    assert client.delete(f"/api/seeks/{made['seek']}", headers={"X-Seek-Token": "not-the-token"}).status_code == 404
    assert client.delete(f"/api/seeks/{made['seek']}", headers={"X-Seek-Token": made["token"]}).status_code == 204
    assert client.get(f"/api/seeks/{made['seek']}", headers={"X-Seek-Token": made["token"]}).status_code == 404
    assert client.get("/api/seeks").json()["seeks"] == []


def test_a_seek_goes_when_its_seeker_stops_asking_and_a_long_wait_is_offered_the_computer(client: TestClient) -> None:
    made = seek(client, game="go_fish")
    with get_engine().begin() as conn:
        conn.execute(text("UPDATE seeks SET created_at = :t"), {"t": seeks.now() - timedelta(seconds=31)})
    assert asked(client, made)["computer"] is True
    with get_engine().begin() as conn:
        conn.execute(text("UPDATE seekers SET seen_at = :t"), {"t": seeks.now() - timedelta(seconds=21)})
    assert client.get("/api/seeks").json()["seeks"] == []
    refused = from_address(client, "198.51.100.2").post(f"/api/seeks/{made['seek']}/accept", json={"name": "Bo"})
    assert refused.status_code == 404


def test_nobody_accepts_their_own_seek_nor_holds_more_than_a_few(client: TestClient) -> None:
    (ada,) = accounts(client, "Ada")
    as_person(client, ada)
    made = seek(client, game="basra")
    again = client.post(f"/api/seeks/{made['seek']}/accept", json={})
    assert again.status_code == 409 and "already" in again.json()["error"]
    quick = client.post("/api/seeks/quick", json={"game": "basra"})
    assert quick.status_code == 201, "quick pairing does not pair a person with themselves"
    client.cookies.clear()
    seek(client, game="go_fish")  # anonymous, from the same address: the address holds three
    seek(client, game="cambio")
    seek(client, game="cambio")
    fourth = client.post("/api/seeks", json={"game": "casino", "name": "Ada"})
    assert fourth.status_code == 429 and "3 seeks open" in fourth.json()["error"]


def test_seeking_in_a_loop_is_limited(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seeks, "SEEKS_MOST", 4)
    for _ in range(4):
        made = seek(client, game="basra")
        client.delete(f"/api/seeks/{made['seek']}", headers={"X-Seek-Token": made["token"]})
    refused = client.post("/api/seeks", json={"game": "basra", "name": "Ada"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0


@pytest.mark.parametrize(
    ("request_", "status", "words"),
    [
        ({"game": "chess", "name": "Ada"}, 422, "chess"),
        ({"game": "basra", "players": 3, "name": "Ada"}, 422, "players"),
        ({"game": "basra"}, 422, "a name is needed"),
        ({"game": "basra", "name": "Ada", "seats": ["human"]}, 422, "unknown field 'seats'"),
        ({"game": "basra", "name": "Ada", "rated": True}, 403, "sign in"),
        ({"game": "three_trios", "preset": "file-order", "name": "Ada", "rated": False}, 201, ""),
    ],
)
def test_a_bad_seek_is_refused_with_one_line(
    client: TestClient, request_: dict[str, Any], status: int, words: str
) -> None:
    response = client.post("/api/seeks", json=request_)
    assert response.status_code == status, response.text
    if status != 201:
        assert words in response.json()["error"] and "\n" not in response.json()["error"]


def test_a_rated_seek_takes_only_accounts_and_deals_a_rated_table(client: TestClient) -> None:
    ada, bo = accounts(client, "Ada", "Bob")
    as_person(client, ada)
    made = seek(client, game="basra", rated=True)
    assert client.get("/api/seeks").json()["seeks"][0]["seekers"] == [{"name": "Ada", "rating": 1500, "account": True}]
    client.cookies.clear()
    anonymous = from_address(client, "198.51.100.2").post(f"/api/seeks/{made['seek']}/accept", json={"name": "Eve"})
    assert anonymous.status_code == 403
    as_person(client, bo)
    accepted = client.post(f"/api/seeks/{made['seek']}/accept", json={})
    assert accepted.status_code == 200, accepted.text
    table = summary(client, accepted.json()["table"])
    assert table["rated"] and all(seat["account"] for seat in table["seats"])
    assert sorted(seat["name"] for seat in table["seats"]) == ["Ada", "Bob"]


def test_quick_pairing_joins_a_seek_that_fits_else_posts_one(client: TestClient) -> None:
    five = {"initial": 300, "increment": 3}
    first = client.post("/api/seeks/quick", json={"game": "basra", "clock": five, "name": "Ada"})
    assert first.status_code == 201
    other_clock = from_address(client, "198.51.100.2").post(
        "/api/seeks/quick", json={"game": "basra", "clock": {"initial": 600, "increment": 5}, "name": "Bo"}
    )
    assert other_clock.status_code == 201, "a seek of another clock does not fit"
    paired = from_address(client, "198.51.100.3").post(
        "/api/seeks/quick", json={"game": "basra", "clock": five, "name": "Cy"}
    )
    assert paired.status_code == 200 and paired.json()["table"]
    assert asked(client, first.json())["table"] == paired.json()["table"]


def test_quick_pairing_widens_its_rating_range_the_longer_a_seek_waits() -> None:
    from datetime import datetime

    from deckhand.store.seeks import Seek
    from deckhand.web.wire import NewSeek, NewTable

    def waiting(seconds: float, rating: int) -> Seek:
        made = datetime(2026, 1, 1) - timedelta(seconds=seconds)
        person = Seeker(0, "Ada", 1, rating, "someone")
        return Seek("s", "basra", None, "{}", 2, True, None, made, (person,))

    request = NewSeek(game="basra", rated=True)
    table = NewTable(game="basra", rated=True)
    me = Seeker(0, "Bo", 2, 1500, "me")
    at = datetime(2026, 1, 1)
    assert seeks.fitting([waiting(0, 1650)], request, table, me, at)  # 150 apart: at once
    assert not seeks.fitting([waiting(0, 1800)], request, table, me, at)  # 300 apart: not yet
    assert seeks.fitting([waiting(15, 1800)], request, table, me, at)  # after 15 s the range is 350
    near, far = waiting(30, 1520), waiting(60, 1700)
    assert seeks.fitting([far, near], request, table, me, at) == [near, far], "the closest rating first"


def test_of_many_taking_the_last_place_at_once_one_has_it(client: TestClient) -> None:
    made = seek(client, game="basra")
    assert only_one_takes_the_last_place(made) == 1


@pytest.mark.skipif(POSTGRES is None, reason=NO_POSTGRES)
def test_on_postgresql_the_last_place_is_taken_once_and_the_seek_fills_across_processes(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DECKHAND_DB", database)
    with TestClient(create_app(rate=0), headers=HERE) as first, TestClient(create_app(rate=0), headers=HERE) as second:
        made = seek(first, game="basra")
        assert only_one_takes_the_last_place(made) == 1
        other = seek(first, game="go_fish")
        accepted = TestClient(second.app, client=("198.51.100.9", 1), headers=HERE).post(
            f"/api/seeks/{other['seek']}/accept", json={"name": "Bo"}
        )
        assert accepted.status_code == 200, "a seek posted to one process fills in another"
        assert asked(first, other)["table"] == accepted.json()["table"]
    get_engine(database).dispose()


def only_one_takes_the_last_place(made: dict[str, Any]) -> int:
    """Eight people take the last place of a two-player seek at the same moment; how many have it."""
    won: list[str] = []
    start = threading.Barrier(8)

    def take(i: int) -> None:
        start.wait()
        token = f"token-{i}"
        if take_place(made["seek"], Seeker(0, f"P{i}", None, None, f"p{i}"), token_hash(token)) is not None:
            won.append(token)

    threads = [threading.Thread(target=take, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    found = ask(made["seek"], token_hash(won[0])) if won else None
    assert found is not None and found[0].seated == 2
    return len(won)
