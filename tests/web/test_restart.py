"""Tables live in the store: a new server process deals every unfinished table again where it stopped."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import text

from deckhand.store.db import get_engine
from deckhand.store.models import Base
from deckhand.store.statistics import recent_games
from deckhand.web.app import create_app
from deckhand.web.tables import FINISHED_KEPT
from tests.web.tables import eventually, join, new_table, play_to_the_end, receive, receive_state


def play_some(ws: Any, rng: random.Random, moves: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Make ``moves`` random moves; the last state message seen, and every event told."""
    state = receive_state(ws)
    events = list(state["events"])
    made = 0
    while made < moves and state["result"] is None:
        if state["legal"]:
            slow = [m for m in state["legal"] if m != "cambio"] or state["legal"]  # not the end yet
            ws.send_json({"type": "move", "move": rng.choice(slow)})
            made += 1
        state = receive_state(ws)
        events += state["events"]
    return state, events


def test_a_new_server_deals_the_table_again_at_the_same_move_and_the_game_goes_on() -> None:
    rng = random.Random(3)
    with TestClient(create_app()) as client:
        seats = ["human", "easy", "medium"]
        made = new_table(client, game="cambio", preset="house", options={"players": 3}, seats=seats, seed=9)
        table, token = made["table"], made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
            before, told = play_some(ws, rng, 4)
    assert before["result"] is None
    with TestClient(create_app()) as client:  # the first process is gone; its tables are in the store
        summary = client.get(f"/api/tables/{table}").json()
        assert summary["seq"] == before["seq"]
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
            again = receive_state(ws)
            assert again["seq"] == before["seq"]
            assert again["view"] == before["view"] and again["legal"] == before["legal"]
            assert again["events"] == told[-len(again["events"]) :], "the log reads as it did"
            ws.send_json({"type": "hint"})  # the seat's own things work as before
            assert receive(ws)["type"] == "hint"
            if again["legal"]:  # else the computers' moves come first
                ws.send_json({"type": "move", "move": again["legal"][0]})
            messages = play_to_the_end(ws, rng)
        assert messages[-1]["result"] is not None
        stored = eventually(lambda: recent_games(game="cambio"), "the game is stored")
        assert len(stored) == 1
    with TestClient(create_app()) as client:  # a finished table still shows its result; its game is not stored twice
        summary = client.get(f"/api/tables/{table}").json()
        assert summary["finished"] and summary["replay"] == f"#/replay/{stored[0].id}"
        assert len(recent_games(game="cambio")) == 1


def test_a_joined_seat_and_its_token_survive_a_restart() -> None:
    with TestClient(create_app()) as client:
        made = new_table(client, game="three_trios", seats=["human", "open"])
        table = made["table"]
        joined = join(client, made, "Ann").json()
    with TestClient(create_app()) as client:
        summary = client.get(f"/api/tables/{table}").json()
        assert [s["kind"] for s in summary["seats"]] == ["human", "human"]
        assert summary["seats"][1]["name"] == "Ann"
        with client.websocket_connect(f"/ws/tables/{table}?token={joined['token']}") as ws:
            assert receive_state(ws)["seat"] == 1


def test_the_store_keeps_no_token_only_its_hash(private_data: Path) -> None:
    with TestClient(create_app()) as client:
        made = new_table(client, game="basra", seats=["human", "open"])
        token = made["seats"][0]["token"]
        joined = join(client, made, "Bo").json()["token"]
    dump = "\n".join(get_engine().raw_connection().driver_connection.iterdump())  # type: ignore[union-attr]
    assert token not in dump and joined not in dump
    with get_engine().connect() as conn:
        hashes = conn.execute(text("SELECT token_hash FROM live_seats ORDER BY seat")).scalars().all()
    assert len(hashes) == 2 and all(h and len(h) == 64 for h in hashes)


def test_the_models_and_the_schema_revisions_agree() -> None:
    with get_engine().connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert differences == []


def test_the_host_and_the_stand_in_setting_survive_a_restart() -> None:
    with TestClient(create_app()) as client:
        made = new_table(
            client, game="cambio", preset="house", options={"players": 3}, seats=["human", "open", "open"], away=5
        )
        table, host = made["table"], made["host"]
        join(client, made, "Cy")
    with TestClient(create_app()) as client:
        room = client.app.state.tables.rooms[table]  # type: ignore[attr-defined]
        assert (room.table.away, room.table.stand_in) == (5, "medium")
        assert client.post(f"/api/tables/{table}/start", json={"host": made["seats"][0]["token"]}).status_code == 403
        started = client.post(f"/api/tables/{table}/start", json={"host": host})
        assert started.status_code == 200, started.text
        assert [s["name"] for s in started.json()["seats"]] == ["Player 1", "Cy", "Computer"]  # the only computer


def test_a_finished_table_outlives_its_server_for_a_while_then_is_cleared_when_the_next_one_starts() -> None:
    with TestClient(create_app(rate=0)) as client:
        made = new_table(client, game="basra", seats=["human", "random"], seed=2)
        table, token = made["table"], made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
            play_to_the_end(ws, random.Random(1))
        eventually(lambda: recent_games(game="basra"), "the game is stored")
        rematch = client.post(f"/api/tables/{table}/rematch", json={"token": token}).json()["table"]
    with TestClient(create_app()) as client:  # a restart: the finished table still answers, with the same rematch
        summary = client.get(f"/api/tables/{table}", headers={"X-Seat-Token": token}).json()
        assert summary["finished"] and summary["rematch"] == rematch and summary["review"] is not None
        assert client.post(f"/api/tables/{table}/rematch", json={"token": token}).json()["table"] == rematch
    with get_engine().begin() as conn:  # it ended longer ago than a finished table is kept
        ended = datetime.now(UTC).replace(tzinfo=None) - timedelta(seconds=FINISHED_KEPT + 1)
        conn.execute(text("UPDATE live_tables SET updated_at = :ended WHERE id = :id"), {"ended": ended, "id": table})
        conn.execute(text("DELETE FROM live_tables WHERE id = :id"), {"id": rematch})
        conn.execute(text("DELETE FROM live_seats WHERE table_id = :id"), {"id": rematch})
        conn.execute(text("DELETE FROM live_actions WHERE table_id = :id"), {"id": rematch})
    with TestClient(create_app()) as client:
        assert client.get(f"/api/tables/{table}").status_code == 404
    with get_engine().connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM live_tables")).scalar() == 0
        assert conn.execute(text("SELECT COUNT(*) FROM live_actions")).scalar() == 0
    assert len(recent_games(game="basra")) == 1, "the game itself stays"
