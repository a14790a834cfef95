"""Resigning and aborting at a table: told to everyone, stored in order with the moves, and dealt again the same."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from deckhand.store.db import get_engine, load_record
from deckhand.web.app import create_app
from tests.web.tables import Inbox, connect, drive, eventually, join, new_table, summary


def first_state(ws: Any) -> dict[str, Any]:
    return Inbox(ws).next("state")


def stored_games() -> int:
    with get_engine().connect() as conn:
        return int(conn.execute(text("SELECT COUNT(*) FROM games")).scalar_one())


def test_resigning_a_two_sided_game_ends_it_and_the_other_side_wins(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "easy"], names=["Ada"])
    with connect(client, made["table"], made["seats"][0]["token"]) as ws, connect(client, made["table"]) as watcher:
        inbox, watching = Inbox(ws), Inbox(watcher)
        inbox.next("state")
        watching.next("state")
        ws.send_json({"type": "resign"})
        ended = inbox.next("state", lambda m: m["ended"] is not None)
        seen = watching.next("state", lambda m: m["ended"] is not None)
    assert ended["ended"]["how"] == "resigned" and ended["ended"]["words"] == "Ada resigned."
    assert ended["result"]["returns"] == [0.0, 1.0] and ended["legal"] == [] and seen["result"] == ended["result"]
    assert any(event["words"] == "Ada resigned." for event in ended["events"])
    now = summary(client, made["table"])
    assert now["finished"] and now["ended"]["how"] == "resigned"
    record = load_record(int(now["replay"].rsplit("/", 1)[1]))
    assert record.outcome is not None and record.outcome["returns"] == [0.0, 1.0]
    assert record.meta["ended"] == {"how": "resigned", "seat": 0}
    with TestClient(create_app(rate=0)) as again:  # dealt again from the store: still over, the same way
        after = summary(again, made["table"])
        assert after["finished"] and after["ended"]["how"] == "resigned" and after["seq"] == now["seq"]
    assert stored_games() == 1


def test_aborting_before_ones_first_move_ends_without_a_result_and_stores_no_game(client: TestClient) -> None:
    made = new_table(client, game="three_trios", seats=["human", "easy"], names=["Ada"], seed=4)
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        inbox = Inbox(ws)
        state = inbox.next("state", lambda m: m["to_move"] == 0)
        assert state["abort"] is True
        ws.send_json({"type": "abort"})
        ended = inbox.next("state", lambda m: m["ended"] is not None)
    assert ended["ended"]["how"] == "aborted" and ended["result"] is None and not ended["abort"]
    assert summary(client, made["table"])["finished"] and stored_games() == 0
    with TestClient(create_app(rate=0)) as again:
        assert summary(again, made["table"])["ended"]["how"] == "aborted"
    assert stored_games() == 0


def test_after_ones_first_move_the_game_can_be_resigned_not_aborted(client: TestClient) -> None:
    made = new_table(client, game="three_trios", seats=["human", "easy"], seed=4)
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        inbox = Inbox(ws)
        state = inbox.next("state", lambda m: m["to_move"] == 0 and m["legal"])
        ws.send_json({"type": "move", "move": state["legal"][0]})
        moved = inbox.next("state", lambda m: m["seq"] > state["seq"])
        assert moved["abort"] is False
        ws.send_json({"type": "abort"})
        assert "before your first move" in inbox.next("error")["message"]
        with connect(client, made["table"]) as watcher:
            watching = Inbox(watcher)
            watching.next("state")
            watcher.send_json({"type": "resign"})
            assert "spectator" in watching.next("error")["message"]


def test_resigning_among_three_sides_hands_the_seat_to_the_computer_to_the_end(client: TestClient) -> None:
    made = new_table(client, game="cambio", options={"players": 3}, seats=["human", "random", "random"], seed=2)
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        inbox = Inbox(ws)
        inbox.next("state")
        ws.send_json({"type": "resign"})
        inbox.next("seats", lambda m: m["seats"][0]["stand_in"] is not None)
    drive(client, made["table"], {}, random.Random(1), patience=60)
    eventually(lambda: summary(client, made["table"])["replay"], "the finished game is stored")
    now = summary(client, made["table"])
    assert now["finished"] and now["ended"] is None
    record = load_record(int(now["replay"].rsplit("/", 1)[1]))
    assert record.meta["resigned"] == [0]


def test_the_game_is_claimed_from_a_person_gone_past_the_grace(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "open"], names=["Ada"], away=0.3)
    bo = join(client, made, "Bo").json()["token"]
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        inbox = Inbox(ws)
        inbox.next("state")
        with connect(client, made["table"], bo) as bo_ws:
            Inbox(bo_ws).next("state")
            ws.send_json({"type": "claim", "seat": 1})
            assert inbox.next("error")["message"] == "Bo is at the table"
        gone = inbox.next("seats", lambda m: m["seats"][1]["away"] is not None)
        assert gone["grace"] == 0.3 and gone["seats"][0]["away"] is None
        ws.send_json({"type": "claim", "seat": 1})
        assert inbox.next("error")["message"].startswith("Bo may still come back:")
        time.sleep(0.35)
        ws.send_json({"type": "claim", "seat": 0})
        assert inbox.next("error")["message"] == "only another person's seat can be claimed"
        ws.send_json({"type": "claim", "seat": 1})
        ended = inbox.next("state", lambda m: m["ended"] is not None)
    assert ended["ended"]["how"] == "abandoned" and ended["ended"]["words"] == "Bo left the game: the game is claimed."
    assert ended["result"]["returns"] == [1.0, 0.0]
    replay = eventually(lambda: summary(client, made["table"])["replay"], "the finished game is stored")
    assert load_record(int(replay.rsplit("/", 1)[1])).meta["ended"] == {"how": "abandoned", "seat": 1}
    with TestClient(create_app(rate=0)) as again:  # dealt again from the store: claimed, as it was
        assert summary(again, made["table"])["ended"]["how"] == "abandoned"


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ({"clock": {"initial": 60}}, "at a table with a clock, time decides"),
        ({"away": 0}, "this table keeps an absent person's seat for good"),
    ],
)
def test_no_claim_where_the_seat_is_kept_for_good(client: TestClient, table: dict[str, Any], problem: str) -> None:
    made = new_table(client, game="basra", seats=["human", "open"], **table)
    join(client, made, "Bo")
    with connect(client, made["table"], made["seats"][0]["token"]) as ws, connect(client, made["table"]) as watcher:
        inbox = Inbox(ws)
        assert inbox.next("seats")["grace"] is None
        ws.send_json({"type": "claim", "seat": 1})
        assert inbox.next("error")["message"].startswith(problem)
        watcher.send_json({"type": "claim", "seat": 1})
        assert Inbox(watcher).next("error")["message"] == "a spectator cannot claim the game"


def test_among_three_sides_a_claimed_seat_is_played_to_the_end_by_the_computer(client: TestClient) -> None:
    made = new_table(
        client, game="cambio", options={"players": 3}, seats=["human", "open", "random"], names=["Ada"], away=0.05
    )
    join(client, made, "Bo")
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        inbox = Inbox(ws)
        inbox.next("state")
        time.sleep(0.1)
        ws.send_json({"type": "claim", "seat": 1})
        said = inbox.next("state", lambda m: any("left the game" in e["words"] for e in m["events"]))
    assert said["ended"] is None and summary(client, made["table"])["finished"] is False
    words = [e["words"] for e in said["events"] if "left the game" in e["words"]]
    assert words == ["Bo left the game: the computer (medium) plays their seat to the end."]
