"""Computers think on the server's own threads: fair between tables, never in the way of the rest, stopped with it."""

from __future__ import annotations

import asyncio
import signal
import threading
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from deckhand.agents.search import CANCEL, Budget, SearchCancelled
from deckhand.web.app import create_app
from deckhand.web.thinking import Thinking
from tests.web.tables import eventually, free_port, new_table, summary
from tests.web.test_crash import start_server

HEAVY = "ismcts:seconds=5"
"""The most a computer from the web may think a move."""

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: a browser test on this worker may leave a loop running here."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_a_table_that_thinks_a_lot_waits_behind_one_that_thinks_little() -> None:
    async def scenario() -> list[str]:
        thinking = Thinking(workers=1)
        release = threading.Event()
        done: list[str] = []

        def work(name: str, hold: bool = False) -> str:
            if hold:
                release.wait(10)
            done.append(name)
            return name

        first = asyncio.ensure_future(thinking.run("greedy", lambda: work("greedy 1", hold=True)))
        await asyncio.sleep(0.05)  # its search is running: the greedy table has thought since
        more = [asyncio.ensure_future(thinking.run("greedy", lambda i=i: work(f"greedy {i}"))) for i in (2, 3)]
        await asyncio.sleep(0.01)
        modest = asyncio.ensure_future(thinking.run("modest", lambda: work("modest")))
        await asyncio.sleep(0.01)
        release.set()
        await asyncio.gather(first, modest, *more)
        thinking.close()
        return done

    assert run(scenario()) == ["greedy 1", "modest", "greedy 2", "greedy 3"]


def test_a_search_is_called_off_when_the_server_stops() -> None:
    async def scenario() -> None:
        thinking = Thinking(workers=1)
        started = threading.Event()

        def endless() -> None:
            started.set()
            Budget(iterations=None, seconds=10_000.0).run(lambda: time.sleep(0.001))

        running = asyncio.ensure_future(thinking.run("t", endless))
        waiting = asyncio.ensure_future(thinking.run("u", lambda: None))
        await asyncio.to_thread(started.wait, 10)
        thinking.close()
        for job in (running, waiting):
            with pytest.raises(SearchCancelled):
                await asyncio.wait_for(job, 10)
        with pytest.raises(SearchCancelled):
            await thinking.run("v", lambda: None)

    run(scenario())


def test_a_search_nobody_calls_off_runs_its_budget() -> None:
    assert CANCEL.get() is None
    assert Budget(iterations=50, seconds=None).run(lambda: None)[0] == 50


def test_statistics_and_other_tables_do_not_wait_for_searches() -> None:
    """Seven tables of searches at the web's cap fill every thinking thread; the rest of the server goes on."""
    with TestClient(create_app(rate=0, thinkers=2)) as client:
        thinking: Thinking = client.app.state.tables.thinking  # type: ignore[attr-defined]
        for _ in range(7):
            new_table(client, game="basra", seats=[HEAVY, HEAVY])
        eventually(lambda: thinking.waiting() >= 5, "the searches fill the threads")
        assert client.get("/api/stats").status_code == 200
        assert client.get("/api/tables").status_code == 200
        quick = new_table(client, game="three_trios", seats=["easy", "easy"])
        eventually(lambda: summary(client, quick["table"])["seq"] > 0, "the easy table's computers move", 30)
        assert thinking.waiting() >= 3, "the easy table went before the heavy ones' next searches"
        with client.websocket_connect(f"/ws/tables/{quick['table']}") as ws:
            assert ws.receive_json()["type"] in ("state", "seats")


def test_sigterm_stops_the_server_while_every_computer_thinks_and_the_tables_go_on_after(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(tmp_path, port)
    try:
        made: list[dict[str, Any]] = [
            httpx.post(f"{url}/api/tables", json={"game": "basra", "seats": [HEAVY, HEAVY]}).json() for _ in range(20)
        ]
        time.sleep(1.0)  # every thread is in a search now, and more wait
        server.send_signal(signal.SIGTERM)
        code = server.wait(15)  # a search at the cap alone takes 5 s; the queue behind it, minutes
    finally:
        server.kill()
    assert code in (0, -signal.SIGTERM), "a clean stop (uvicorn raises the signal again once it has stopped)"
    server = start_server(tmp_path, port)
    try:
        table = made[0]["table"]
        before = httpx.get(f"{url}/api/tables/{table}").json()
        assert not before["finished"]
        eventually(lambda: httpx.get(f"{url}/api/tables/{table}").json()["seq"] > before["seq"], "it goes on", 60)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(15)
