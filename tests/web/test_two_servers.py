"""Two server processes on one PostgreSQL: a table is dealt where it is asked for, and taken over at once."""

from __future__ import annotations

import json
import random
import signal
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.servers import NO_POSTGRES, POSTGRES, Server, database

pytestmark = pytest.mark.skipif(not POSTGRES, reason=NO_POSTGRES)

__all__ = ["database"]


def test_a_table_follows_the_process_asked_for_it_and_is_taken_from_a_dead_one_at_once(
    database: str, tmp_path: Path
) -> None:
    first, second = Server(tmp_path / "a", database), Server(tmp_path / "b", database)
    try:
        rng = random.Random(4)
        table, token = first.new_table(game="basra", seats=["human", "random"], seed=5)
        first.play(table, token, rng, moves=5)
        time.sleep(0.5)  # the computer's answer
        before = first.get(table).json()
        with connect(f"ws://127.0.0.1:{first.port}/ws/tables/{table}?token={token}") as ws:
            assert json.loads(ws.recv(timeout=10))["seq"] == before["seq"]
            taken = second.get(table)  # asked for at the second: it deals the table now, where it was
            assert taken.status_code == 200 and taken.json()["seq"] == before["seq"]
            with pytest.raises(ConnectionClosed) as closed:  # the first lets its browsers go within a second
                while True:
                    ws.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4421
        second.play(table, token, rng, moves=3)
        time.sleep(0.5)
        where = second.get(table).json()["seq"]
        second.stop(signal.SIGKILL)  # no goodbye, its lease still running: the first takes the table at once
        assert first.get(table).json()["seq"] == where, "the table goes on at the move it had reached"
        assert first.play(table, token, rng, moves=None)["result"] is not None

        theirs, their_token = first.new_table(game="casino", seats=["human", "random"], seed=6)
        first.play(theirs, their_token, rng, moves=3)
        again = Server(tmp_path / "b", database, port=second.port)  # the second comes back
        try:
            time.sleep(0.5)
            where = first.get(theirs).json()["seq"]
            first.stop(signal.SIGTERM)  # a clean stop hands its tables over
            assert again.get(theirs).json()["seq"] == where
            assert again.play(theirs, their_token, rng, moves=None)["result"] is not None
        finally:
            again.process.kill()
    finally:
        for server in (first, second):
            server.process.kill()
    with create_engine(database).connect() as conn:
        stored = conn.execute(text("SELECT game, count(*) FROM games GROUP BY game ORDER BY game")).all()
    assert [tuple(row) for row in stored] == [("basra", 1), ("casino", 1)], "each game stored once"
