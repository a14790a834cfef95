"""Clocks: each person's time kept by the server, shown to everyone, running out as the rules say.

The time is driven by hand (a table's ``now``), so that no test waits for a clock.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from deckhand import load_game
from deckhand.agents.registry import make_agent
from deckhand.store.db import load_record
from deckhand.web.app import create_app
from deckhand.web.clocks import Clock
from deckhand.web.seats import make_seats
from deckhand.web.table import Table
from tests.web.tables import Inbox, connect, drive, eventually, join, new_table, summary


class Hands:
    """A clock's time, moved by the test."""

    def __init__(self) -> None:
        self.at = 1000.0

    def __call__(self) -> float:
        return self.at


# -- the clock alone ---------------------------------------------------------------
def test_a_clock_charges_the_running_seat_and_adds_the_increment_after_its_move() -> None:
    clock = Clock.new({"initial": 60, "increment": 2}, [True, False, True])
    clock.run(0, 0.0)
    assert clock.remaining(0, 15.0) == 45.0 and clock.remaining(1, 15.0) is None
    assert clock.moved(0, 15.0) == 47.0  # 45 left, and 2 added
    clock.run(1, 15.0)  # a computer's turn: nobody's time runs
    assert clock.running is None and clock.due(99.0) is None
    clock.run(2, 40.0)
    assert clock.flagged(99.0) is None and clock.flagged(100.0) == 2 and clock.due(70.0) == 30.0
    clock.out(2)
    assert clock.left == [47.0, None, 0.0] and clock.running is None


def test_a_clock_on_the_wire_names_every_seat_and_the_running_one() -> None:
    clock = Clock.new({"initial": 300, "increment": 3}, [True, True])
    clock.run(1, 0.0)
    wire = clock.to_wire(12.34)
    assert wire == {"initial": 300, "increment": 3, "left": [300.0, 287.7], "running": 1, "short": 30.0}


# -- at a table ------------------------------------------------------------------------
def room_table(client: TestClient, table_id: str) -> Table:
    table: Table = client.app.state.tables.rooms[table_id].table  # type: ignore[attr-defined]
    return table


def timed(client: TestClient, table_id: str) -> Hands:
    """Hand the table's clock to the test: it starts where the real one was."""
    table = room_table(client, table_id)
    hands = Hands()
    assert table.clock is not None
    table.clock.since, table.now = hands.at, hands
    return hands


def test_a_clock_runs_only_for_the_person_to_move_and_every_state_carries_it(client: TestClient) -> None:
    made = new_table(client, game="three_trios", seats=["human", "easy"], seed=4, clock={"initial": 60, "increment": 5})
    assert summary(client, made["table"])["clock"] == {"initial": 60, "increment": 5}
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        inbox = Inbox(ws)
        state = inbox.next("state", lambda m: m["to_move"] == 0 and m["legal"])
        hands = timed(client, made["table"])
        assert state["clock"]["running"] == 0 and state["clock"]["left"][1] is None
        hands.at += 20
        ws.send_json({"type": "move", "move": state["legal"][0]})
        moved = inbox.next("state", lambda m: any(e["seat"] == 0 for e in m["events"]))
        assert moved["clock"]["left"][0] == pytest.approx(45.0, abs=0.2)  # 60 - 20 + 5
        assert moved["clock"]["running"] is None  # the computer's turn: nobody's time runs
        back = inbox.next("state", lambda m: m["to_move"] == 0)
        assert back["clock"]["running"] == 0 and back["clock"]["left"][0] == pytest.approx(45.0, abs=0.2)


def test_the_computers_thinking_runs_nobodys_time() -> None:
    game = load_game("three_trios")
    seats = make_seats(game, ["human", "easy"], [])
    hands = Hands()
    clock = Clock.new({"initial": 60, "increment": 5}, [True, False])
    table = Table("t", game, seats, game.new_initial_state(), seed=4, chosen=True, clock=clock, now=hands)
    assert table.to_move == 0 and clock.running == 0
    hands.at += 20
    table.play(0, table.view(0).action_to_string(table.state.legal_actions()[0]))
    assert clock.left[0] == 45 and clock.running is None
    turn = table.computer_turn()
    assert turn is not None
    hands.at += 300  # a long think
    assert table.apply_computer(turn, make_agent("easy", game).explain(turn.view, random.Random(1)))
    assert clock.running == 0 and clock.remaining(0, hands.at) == 45
    hands.at += 50
    assert table.flagged() == 0 and table.clock_due() == 0


def test_with_two_sides_the_person_out_of_time_loses_and_the_store_keeps_why(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "open"], names=["Ada"], clock={"initial": 30})
    join(client, made, "Bo")
    with connect(client, made["table"], made["seats"][0]["token"]) as ws, connect(client, made["table"]) as watcher:
        inbox, watching = Inbox(ws), Inbox(watcher)
        state = inbox.next("state")
        watching.next("state")
        to_move = state["to_move"]
        hands = timed(client, made["table"])
        hands.at += 31
        room = client.app.state.tables.rooms[made["table"]]  # type: ignore[attr-defined]
        client.portal.call(room.watch_clock)  # type: ignore[union-attr]  # the alarm, as the clock would ring it
        ended = watching.next("state", lambda m: m["ended"] is not None)
    name = ["Ada", "Bo"][to_move]
    assert ended["ended"]["how"] == "time" and ended["ended"]["words"] == f"{name} ran out of time."
    assert ended["result"]["returns"][to_move] == 0.0 and ended["clock"]["left"][to_move] == 0.0
    assert ended["clock"]["running"] is None
    replay = eventually(lambda: summary(client, made["table"])["replay"], "the finished game is stored")
    record = load_record(int(replay.rsplit("/", 1)[1]))
    assert record.meta["ended"] == {"how": "time", "seat": to_move}
    assert record.meta["clock"] == {"initial": 30.0, "increment": 0.0}


def test_a_move_sent_after_the_time_is_up_is_refused_and_the_game_ends_on_time(client: TestClient) -> None:
    made = new_table(client, game="three_trios", seats=["human", "easy"], seed=4, clock={"initial": 10})
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        inbox = Inbox(ws)
        state = inbox.next("state", lambda m: m["to_move"] == 0 and m["legal"])
        hands = timed(client, made["table"])
        hands.at += 10.5
        ws.send_json({"type": "move", "move": state["legal"][0]})
        ended = inbox.next("state", lambda m: m["ended"] is not None)
        assert inbox.next("error")["message"] == "the game is over"
    assert ended["ended"]["how"] == "time" and ended["result"]["returns"] == [0.0, 1.0]


def test_with_three_sides_the_stand_in_plays_on_for_the_person_out_of_time(client: TestClient) -> None:
    seats = ["human", "random", "random"]
    made = new_table(client, game="cambio", options={"players": 3}, seats=seats, seed=2, clock={"initial": 20})
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        inbox = Inbox(ws)
        inbox.next("state", lambda m: m["to_move"] == 0)
        hands = timed(client, made["table"])
        hands.at += 21
        ws.send_json({"type": "resign"})  # the time ran out first: the stand-in has the seat
        assert "ran out of time" in inbox.next("state", lambda m: bool(m["events"]))["events"][-1]["words"]
        inbox.next("seats", lambda m: m["seats"][0]["stand_in"] is not None)
        assert inbox.next("error")["message"].startswith("you have left this game")
    drive(client, made["table"], {}, random.Random(1), patience=60)
    replay = eventually(lambda: summary(client, made["table"])["replay"], "the finished game is stored")
    record = load_record(int(replay.rsplit("/", 1)[1]))
    assert record.meta["resigned"] == [0] and "ended" not in record.meta


def test_after_a_restart_each_person_has_the_time_their_last_move_left() -> None:
    with TestClient(create_app(rate=0)) as client:
        clock = {"initial": 60, "increment": 1}
        made = new_table(client, game="three_trios", seats=["human", "easy"], seed=4, clock=clock)
        with connect(client, made["table"], made["seats"][0]["token"]) as ws:
            inbox = Inbox(ws)
            state = inbox.next("state", lambda m: m["to_move"] == 0 and m["legal"])
            hands = timed(client, made["table"])
            hands.at += 25
            ws.send_json({"type": "move", "move": state["legal"][0]})
            inbox.next("state", lambda m: m["to_move"] == 0 and m["seq"] > state["seq"])
            hands.at += 1000  # the server stops while it is Ada's turn: that time is charged to nobody
    with TestClient(create_app(rate=0)) as again, connect(again, made["table"], made["seats"][0]["token"]) as ws:
        state = Inbox(ws).next("state", lambda m: m["to_move"] == 0)
        assert state["clock"]["running"] == 0
        assert state["clock"]["left"][0] == pytest.approx(36.0, abs=0.5)  # 60 - 25 + 1: the outage is not charged


@pytest.mark.parametrize("clock", [None, {"initial": 60}])
def test_at_a_clocked_table_nobody_stands_in_for_the_absent_their_time_runs(
    client: TestClient, clock: dict[str, float] | None
) -> None:
    made = new_table(client, game="basra", seats=["human", "open"], clock=clock, away=0.05)
    join(client, made, "Bo")  # Bo never connects; Ada does
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        inbox = Inbox(ws)
        inbox.next("state")
        table = room_table(client, made["table"])
        if clock is None:
            inbox.next("seats", lambda m: m["seats"][1]["stand_in"] is not None)
        else:
            time.sleep(0.3)
            assert table.seats[1].stand_in is None and table.clock is not None


@pytest.mark.parametrize(
    ("clock", "problem"),
    [
        ({"initial": 5}, "clock.initial: Input should be greater than or equal to 10"),
        ({"initial": 60, "increment": -1}, "clock.increment: Input should be greater than or equal to 0"),
        ({"initial": 60, "delay": 1}, "unknown field 'clock.delay'"),
        ({"increment": 2}, "missing field 'clock.initial'"),
    ],
)
def test_a_clock_out_of_bounds_is_refused_with_one_line(
    client: TestClient, clock: dict[str, Any], problem: str
) -> None:
    response = client.post("/api/tables", json={"game": "basra", "seats": ["human", "easy"], "clock": clock})
    assert response.status_code == 422 and response.json()["error"] == problem


def test_a_table_of_computers_has_nobody_to_time(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "basra", "seats": ["easy", "easy"], "clock": {"initial": 60}})
    assert response.status_code == 422 and "no one to time" in response.json()["error"]
