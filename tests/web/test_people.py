"""People at one table from their own browsers: seats by link, who is connected, the host, stand-ins, rematches."""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from deckhand.play.records import GameRecord, replay
from deckhand.store.db import load_record, record_game
from deckhand.store.statistics import recent_games
from deckhand.web.app import create_app
from tests.web.tables import Inbox, connect, drive, eventually, join, new_table, summary


def two_people(client: TestClient, **request: Any) -> tuple[str, str, str, str]:
    """A Basra table for a person and an open seat, the second person joined: table, tokens, the host's token."""
    made = new_table(client, game="basra", seats=["human", "open"], names=["Ann"], **request)
    joined = join(client, made, "Bob")
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1
    return made["table"], made["seats"][0]["token"], joined.json()["token"], made["host"]


def test_everyone_sees_who_is_connected_and_names_as_they_join(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "open"], names=["Ann"])
    table, ann = made["table"], made["seats"][0]["token"]
    with connect(client, table, ann) as ws:
        first = Inbox(ws)
        waiting = first.seats()
        assert waiting["waiting"] is True
        assert [(s["name"], s["kind"], s["connected"]) for s in waiting["seats"]] == [
            ("Ann", "human", True),
            ("Seat 2", "open", False),  # counted from one, as people count
        ]
        bob = join(client, made, "Bob", 1).json()["token"]
        joined = first.seats(lambda m: not m["waiting"])
        assert joined["seats"][1].pop("away") >= 0, "Bob has a seat and no connection yet: away since he sat down"
        assert joined["seats"][1] == {
            "seat": 1,
            "name": "Bob",
            "kind": "human",
            "connected": False,
            "stand_in": None,
            "account": False,
        }
        with connect(client, table, bob):
            here = first.seats(lambda m: m["seats"][1]["connected"])
            assert here["watching"] == 0
            with connect(client, table):
                assert first.seats(lambda m: m["watching"] == 1)["seats"][1]["connected"]
        gone = first.seats(lambda m: not m["seats"][1]["connected"])
        assert gone["watching"] == 0


def test_a_seat_is_joined_by_its_own_link_once(client: TestClient) -> None:
    made = new_table(client, game="cambio", preset="house", options={"players": 3}, seats=["human", "open", "open"])
    second = join(client, made, "Cy", 2)
    assert second.json()["seat"] == 2
    again = join(client, made, "Di", 2)
    assert again.status_code == 409 and again.json() == {"error": "seat 2 is not free at this table"}
    taken = join(client, made, "Di", 0)
    assert taken.status_code == 409
    assert join(client, made, "Di").json()["seat"] == 1
    full = join(client, made, "Ed")
    assert full.status_code == 409 and full.json() == {"error": "no seat is free at this table"}


def test_the_host_starts_early_and_empty_seats_go_to_the_computer(client: TestClient) -> None:
    made = new_table(client, game="cambio", preset="house", options={"players": 3}, seats=["human", "open", "open"])
    table, token, host = made["table"], made["seats"][0]["token"], made["host"]
    with connect(client, table, token) as ws:
        inbox = Inbox(ws)
        first = inbox.state_at(0)
        assert first["legal"] and inbox.seats()["waiting"]
        inbox.send({"type": "move", "move": first["legal"][0]})
        assert inbox.next("error")["message"] == "the game starts when every seat is taken"
        refused = client.post(f"/api/tables/{table}/start", json={"host": token})
        assert refused.status_code == 403, "a seat's token is not the host's"
        bad_level = client.post(f"/api/tables/{table}/start", json={"host": host, "level": "grandmaster"})
        assert bad_level.status_code == 422 and "grandmaster" in bad_level.json()["error"]
        assert summary(client, table)["waiting"], "a refused start changes nothing"
        started = client.post(f"/api/tables/{table}/start", json={"host": host, "level": "easy"})
        assert started.status_code == 200, started.text
        assert [(s["kind"], s["spec"]) for s in started.json()["seats"]] == [
            ("human", "human"),
            ("computer", "easy"),
            ("computer", "easy"),
        ]
        filled = inbox.seats(lambda m: not m["waiting"])
        assert [s["kind"] for s in filled["seats"]] == ["human", "computer", "computer"]
        assert client.post(f"/api/tables/{table}/start", json={"host": host}).status_code == 409
        drive(client, table, {0: inbox}, random.Random(1))
    stored = eventually(lambda: recent_games(game="cambio"), "the game is stored")
    assert [s["player"] for s in stored[0].seats] == ["human", "easy", "easy"]


def test_a_stand_in_plays_for_a_person_away_too_long_and_hands_the_seat_back(client: TestClient) -> None:
    table, ann, bob, _ = two_people(client, away=0.3, stand_in="random")
    rng = random.Random(2)
    with connect(client, table, ann) as ws:
        first = Inbox(ws)
        with connect(client, table, bob) as ws2:
            first.seats(lambda m: all(s["connected"] for s in m["seats"]))
            drive(client, table, {0: first, 1: Inbox(ws2)}, rng, until=lambda s: s["seq"] > 12)
        first.seats(lambda m: not m["seats"][1]["connected"] and m["seats"][1]["stand_in"] is None)
        standing = first.seats(lambda m: m["seats"][1]["stand_in"] is not None)
        assert standing["seats"][1]["stand_in"] == "random"
        away_from = summary(client, table)["seq"]
        told = len(first.events)
        drive(client, table, {0: first}, rng, until=lambda s: s["seq"] > away_from + 12)
        stood = [e for e in first.events[told:] if e["seat"] == 1]
        assert stood and all(e["by"] == "random" for e in stood), "the log says who played for the absent seat"
        with connect(client, table, bob) as ws3:
            first.seats(lambda m: m["seats"][1]["connected"] and m["seats"][1]["stand_in"] is None)
            now = summary(client, table)
            if now["to_move"] == 1:
                time.sleep(0.3)
                assert summary(client, table)["seq"] == now["seq"], "the returned person moves for themselves"
            told = len(first.events)
            drive(client, table, {0: first, 1: Inbox(ws3)}, rng)
        assert not [e for e in first.events[told:] if e["seat"] == 1 and e["by"]]
    stored = eventually(lambda: recent_games(game="basra"), "the game is stored")
    record = load_record(stored[0].id)
    stand_ins = record.meta["stand_ins"]
    assert stand_ins and {s["seat"] for s in stand_ins} == {1} and {s["by"] for s in stand_ins} == {"random"}
    state = replay(record, upto=stand_ins[0]["action"])
    assert state.current_player() == 1, "each stand-in entry points at a move of its seat"


def test_nobody_stands_in_for_the_only_person_at_a_table(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "random"], seed=4, away=0.05, stand_in="random")
    table, token = made["table"], made["seats"][0]["token"]
    with connect(client, table, token) as ws:
        Inbox(ws).state_at(0)
    before = summary(client, table)["seq"]
    time.sleep(0.3)
    assert summary(client, table)["seq"] == before, "a game against the computer waits for its person"


def test_no_stand_in_when_the_table_says_never(client: TestClient) -> None:
    table, ann, _, _ = two_people(client, away=0, stand_in="random")
    with connect(client, table, ann) as ws:
        first = Inbox(ws)
        before = first.state_at(0)["seq"]
        time.sleep(0.3)
        assert summary(client, table)["seq"] == before
        assert all(s["stand_in"] is None for s in first.seats()["seats"])


def test_a_rematch_seats_the_same_people_with_the_same_tokens_one_seat_on(client: TestClient) -> None:
    table, ann, bob, host = two_people(client)
    with connect(client, table, ann) as ws, connect(client, table, bob) as ws2:
        first, second = Inbox(ws), Inbox(ws2)
        early = client.post(f"/api/tables/{table}/rematch", json={"token": ann})
        assert early.status_code == 409 and early.json() == {"error": "the game is not over yet"}
        drive(client, table, {0: first, 1: second}, random.Random(3))
        stranger = client.post(f"/api/tables/{table}/rematch", json={"token": "x" * 24})
        assert stranger.status_code == 403
        again = client.post(f"/api/tables/{table}/rematch", json={"token": bob})
        assert again.status_code == 200, again.text
        new = again.json()["table"]
        for inbox in (first, second):
            assert inbox.next("rematch") == {"type": "rematch", "table": new, "shift": 1}
        assert client.post(f"/api/tables/{table}/rematch", json={"token": ann}).json()["table"] == new
    fresh = summary(client, new)
    assert [(s["name"], s["kind"]) for s in fresh["seats"]] == [("Bob", "human"), ("Ann", "human")]
    assert fresh["seq"] > 0 and not fresh["finished"]
    with connect(client, new, bob) as ws:
        assert Inbox(ws).state_at(0)["seat"] == 0, "the seats turned: who led now follows"
    assert client.post(f"/api/tables/{new}/start", json={"host": host}).status_code == 409, "the host is still host"
    with connect(client, table) as ws:
        assert Inbox(ws).next("rematch")["table"] == new, "who comes late to the old table is sent on"


@pytest.mark.parametrize("away", [-1, 86401, "soon"])
def test_a_bad_away_setting_is_refused(client: TestClient, away: Any) -> None:
    response = client.post("/api/tables", json={"game": "basra", "seats": ["human", "open"], "away": away})
    assert response.status_code == 422 and response.json()["error"].startswith("away:")


def test_a_bad_stand_in_level_is_refused_when_the_table_is_made(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "basra", "seats": ["human", "open"], "stand_in": "nobody"})
    assert response.status_code == 422 and "nobody" in response.json()["error"]


def test_no_hint_before_every_seat_is_taken(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "open"])
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        inbox = Inbox(ws)
        assert inbox.state_at(0)["legal"]
        inbox.send({"type": "hint"})
        assert inbox.next("error")["message"] == "the game starts when every seat is taken"


def test_a_flood_is_refused_then_closed_and_the_table_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(rate=5, burst=5)) as client:
        table, ann, bob, _ = two_people(client)
        with connect(client, table, ann) as ws, connect(client, table, bob) as flood:
            first = Inbox(ws)
            for _ in range(40):
                flood.send_text("{}")
            told = [flood.receive_json() for _ in range(12)]
            errors = [m["message"] for m in told if m["type"] == "error"]
            assert "too many messages: at most 5 a second" in errors
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(100):
                    flood.receive_json()
            assert closed.value.code == 4429
            first.seats(lambda m: not m["seats"][1]["connected"])
            opening = first.state_at(0)
            if opening["legal"]:
                first.send({"type": "move", "move": opening["legal"][0]})
                assert first.state_at(opening["seq"] + 1)["seq"] > opening["seq"], "the others play on"


def test_a_table_takes_so_many_watchers_and_tells_the_next_why() -> None:
    with TestClient(create_app(watchers=2)) as client:
        made = new_table(client, game="basra", seats=["human", "random"], seed=3)
        table = made["table"]
        with connect(client, table) as first, connect(client, table) as second:
            assert first.receive_json()["type"] == second.receive_json()["type"] == "state"  # both have joined
            with connect(client, table) as third:
                told = third.receive_json()
                assert told == {"type": "error", "message": "this table has 2 watchers already; try later"}
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4430
        with connect(client, table, made["seats"][0]["token"]) as seated:
            assert Inbox(seated).state_at(0)["seat"] == 0, "a seat is never turned away"


def test_the_statistics_show_people_by_name(client: TestClient) -> None:
    outcome = {"returns": [0.5, 0.5], "scores": [1.0, 1.0]}
    record = GameRecord(
        game="cambio", rules_version="1", options={}, seats=["human", "hard"], actions=[], outcome=outcome
    )
    record_game(record, names=["Ann", None])
    data = client.get("/api/stats").json()
    assert [(p["name"], p["played"], p["wins"], p["against_computer"]) for p in data["people"]] == [("Ann", 1, 0.5, 1)]
    assert [s["name"] for s in data["recent"][0]["seats"]] == ["Ann", None]
    assert client.get("/api/stats", params={"game": "basra"}).json()["people"] == []


def test_the_lobby_lists_the_public_tables_of_every_process_sharing_the_store() -> None:
    with (
        TestClient(create_app(address="http://a.example:8000")) as first,
        TestClient(create_app(address="http://b.example:8000")) as second,
    ):
        listed = new_table(first, game="basra", seats=["human", "open"], names=["Ann"], public=True)["table"]
        new_table(first, game="basra", seats=["human", "open"])  # private: by link only
        theirs = new_table(second, game="casino", seats=["human", "open"], public=True)["table"]
        assert first.post(f"/api/tables/{listed}/join", json={"name": "<i>Bob</i>"}).status_code == 200
        shown = first.get("/api/tables").json()
        assert [t["table"] for t in shown] == [theirs, listed], "newest first, whichever process deals it"
        assert shown[1] == {
            "table": listed,
            "game": "basra",
            "title": "Basra",
            "seats": [{"seat": 0, "name": "Ann", "kind": "human"}, {"seat": 1, "name": "<i>Bob</i>", "kind": "human"}],
        }
        assert second.get("/api/tables").json() == shown
        taken = second.get(f"/api/tables/{listed}")
        assert taken.status_code == 200, "the table follows the balancer: asked for here, it is dealt here now"
        rooms = first.app.state.tables.rooms  # type: ignore[attr-defined]
        eventually(lambda: listed not in rooms, "the first process lets the table go")


@pytest.mark.parametrize("name", ["\x1b]0;owned\x07", "Ann\x1b[2J", "\u202eevil", "   ", "a\nb"])
def test_a_name_with_control_characters_is_refused(client: TestClient, name: str) -> None:
    made = new_table(client, game="basra", seats=["human", "open"])
    response = client.post(f"/api/tables/{made['table']}/join", json={"name": name})
    assert response.status_code == 422 and response.json()["error"].startswith("name: ")
    assert summary(client, made["table"])["waiting"], "nothing changed"


def test_a_stand_in_decision_thrown_away_is_not_told(client: TestClient) -> None:
    """The person came back while the stand-in thought: no state message repeats a seq."""
    table, ann, bob, _ = two_people(client, away=0.05, stand_in="random")
    with connect(client, table, ann) as ws:
        first = Inbox(ws)
        for _ in range(5):
            with connect(client, table, bob) as again:
                drive(client, table, {0: first, 1: Inbox(again)}, random.Random(1), until=lambda s: s["to_move"] == 0)
            time.sleep(0.1)
        drive(client, table, {0: first}, random.Random(2), until=lambda s: s["seq"] > 40)
        seqs = [m["seq"] for m in first.log if m["type"] == "state"]
        assert seqs == sorted(set(seqs)), "each state message carries a larger seq"


def test_a_seat_open_in_too_many_places_is_refused(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "random"])
    table, token = made["table"], made["seats"][0]["token"]
    with contextlib.ExitStack() as stack:
        for _ in range(5):
            stack.enter_context(connect(client, table, token))
        with connect(client, table, token) as sixth:
            assert sixth.receive_json() == {"type": "error", "message": "this seat is open in 5 places already"}
