"""Computers think in the server's own processes: fair between tables, cut off in time, stopped with the server."""

from __future__ import annotations

import asyncio
import inspect
import os
import random
import signal
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, TypeVar

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from deckhand.agents.base import Agent, Explanation
from deckhand.agents.registry import (
    GENERIC_AGENTS,
    agent_name,
    agent_target,
    available_agents,
    is_rule,
    make_agent,
    parse_spec,
    register_agent,
)
from deckhand.agents.search import CANCEL, Budget, SearchCancelled
from deckhand.core.protocol import Game, View
from deckhand.core.registry import games, import_object, load_game
from deckhand.web.app import create_app
from deckhand.web.guard import CAPS
from deckhand.web.thinking import QUICK, Thinking, ThinkingFailed, quick_spec
from tests.web.tables import Inbox, connect, eventually, free_port, new_table, summary
from tests.web.test_crash import start_server

HEAVY = "ismcts:seconds=5"
"""The most a computer from the web may think a move."""
LIGHT = "ismcts:iterations=50"
"""A search that ends at once: it thinks in a process all the same (a rule would decide in the server)."""

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: a browser test on this worker may leave a loop running here."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _position(name: str, seed: int = 1) -> View:
    """The first decision of a seeded game of ``name``, as its seat sees it."""
    state = load_game(name).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    return state.view(state.current_player())


@pytest.mark.slow  # seconds of real thinking measured: the slow tier
def test_a_table_that_thinks_a_lot_waits_behind_one_that_thinks_little() -> None:
    """One core's worth of thinking, two long searches of one table: a light table's move goes between them."""

    async def scenario() -> list[str]:
        thinking = Thinking(1, limit=60)
        view = _position("basra")
        done: list[str] = []

        async def decide(table: str, spec: str, name: str) -> None:
            await thinking.decide(table, spec, view, random.Random(1))
            done.append(name)

        heavy = [
            asyncio.ensure_future(decide("heavy", "ismcts:iterations=100000000,seconds=4", f"heavy {i}"))
            for i in (1, 2)
        ]
        await asyncio.sleep(0.5)  # the heavy table has thought a while now
        await decide("light", LIGHT, "light")
        try:
            await asyncio.gather(*heavy)
        finally:
            thinking.close()
        return done

    done = run(scenario())
    assert done[0] == "light", done


def test_a_decision_past_the_limit_plays_the_quick_level_and_says_so() -> None:
    """OpenSpiel's search never reads a clock: the server cuts it off and the seat plays ``medium``'s move."""

    async def scenario() -> tuple[Explanation, Explanation]:
        thinking = Thinking(1, limit=0.5)
        view = _position("basra")
        try:
            cut = await thinking.decide(
                "t", "openspiel-ismcts:max_simulations=20000,rollouts=16", view, random.Random(3)
            )
        finally:
            thinking.close()
        quick = make_agent(quick_spec(view.game), view.game).explain(view, random.Random(3))
        return cut, quick

    cut, quick = run(scenario())
    assert cut.data == {"cut": "time"}
    assert cut.action == quick.action
    assert "ran out of time to think (0.5 s)" in cut.public
    assert cut.reason.startswith("a quick rule's choice, as the search ran out of time (0.5 s)")


def test_a_thinking_process_that_dies_is_replaced_and_its_seat_plays_the_quick_move() -> None:
    async def scenario() -> tuple[Explanation, Explanation]:
        thinking = Thinking(1, limit=60)
        view = _position("casino")
        try:
            asked = asyncio.ensure_future(
                thinking.decide("t", "ismcts:iterations=100000000,seconds=30", view, random.Random(1))
            )
            busy = await asyncio.to_thread(
                eventually, lambda: [p for p in thinking._processes if p.job is not None], "it thinks"
            )
            os.kill(busy[0].process.pid, signal.SIGKILL)
            lost = await asyncio.wait_for(asked, 30)
            after = await thinking.decide("t", LIGHT, view, random.Random(1))
        finally:
            thinking.close()
        return lost, after

    lost, after = run(scenario())
    assert lost.data == {"cut": "lost"} and "could not finish" in lost.public
    assert not after.data.get("cut"), "the next decision has a process of its own"


def test_an_agent_that_fails_is_named_and_the_process_goes_on() -> None:
    async def scenario() -> Explanation:
        thinking = Thinking(1, limit=60)
        view = _position("go_fish")
        try:
            with pytest.raises(ThinkingFailed, match="ConfigError: unknown agent"):
                await thinking.decide("t", "nosuch", view, random.Random(1))
            return await thinking.decide("t", LIGHT, view, random.Random(1))
        finally:
            thinking.close()

    assert run(scenario()).action is not None


def test_a_seeded_seat_decides_in_a_process_as_it_would_at_home() -> None:
    """The seat's rng goes on from where the agent left it, so a practice table plays as its seed says."""

    async def scenario(view: View, spec: str, rng: random.Random) -> list[Explanation]:
        thinking = Thinking(2, limit=60)
        try:
            return [await thinking.decide("t", spec, view, rng) for _ in range(3)]
        finally:
            thinking.close()

    for name, spec in (
        ("basra", "ismcts:iterations=200"),
        ("go_fish", "infer"),
        ("casino", "random"),
        ("cambio", "hard"),
    ):
        view = _position(name, seed=5)
        here, rng = make_agent(spec, view.game), random.Random(9)
        expected = [here.explain(view, rng).action for _ in range(3)]
        got = run(scenario(view, spec, random.Random(9)))
        assert [e.action for e in got] == expected, name
        assert got[0].reason == here.explain(view, random.Random(9)).reason


def test_an_agent_registered_while_the_server_runs_thinks_in_its_processes_too() -> None:
    async def scenario() -> Explanation:
        thinking = Thinking(1, limit=60)
        try:
            await thinking.decide("t", LIGHT, _position("basra"), random.Random(1))  # the processes exist now
            register_agent("first-legal", "tests.web.test_thinking:FirstLegal")
            return await thinking.decide("t", "first-legal", _position("basra"), random.Random(1))
        finally:
            thinking.close()
            GENERIC_AGENTS.pop("first-legal", None)

    assert run(scenario()).reason == "the first legal move"


class FirstLegal(Agent):
    """An agent only this module knows of: registered by the test above, in the server's process alone."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def explain(self, view: View, rng: random.Random) -> Explanation:
        action = view.legal_actions()[0]
        return Explanation(action, view.action_to_string(action), "the first legal move")


@pytest.mark.parametrize("name", games())
def test_every_games_quick_level_is_a_rule_not_a_search(name: str) -> None:
    """What plays when thinking runs out of time takes no thinking budget (no setting the web caps)."""
    game = load_game(name)
    spec = quick_spec(game)
    assert spec in game.LEVELS.values()
    assert is_rule(spec, game), f"{name}'s {QUICK} level ({spec}) would think in a process"
    target = agent_target(parse_spec(spec)[0], game)
    assert target is not None
    budget = set(inspect.signature(import_object(target)).parameters) & set(CAPS)
    assert not budget, f"{name}'s {QUICK} level ({spec}) thinks with {budget}"


def test_a_search_is_called_off_when_the_server_stops() -> None:
    async def scenario() -> list[BaseProcess]:
        thinking = Thinking(1, limit=60)
        view = _position("basra")
        running = [
            asyncio.ensure_future(thinking.decide(t, "ismcts:iterations=100000000,seconds=30", view, random.Random(1)))
            for t in "tuv"
        ]
        busy = await asyncio.to_thread(
            eventually, lambda: len([p for p in thinking._processes if p.job is not None]) == 3, "all three think"
        )
        del busy
        processes = [p.process for p in thinking._processes]
        thinking.close()
        for job in running:
            with pytest.raises(SearchCancelled):
                await asyncio.wait_for(job, 10)
        with pytest.raises(SearchCancelled):
            await thinking.decide("w", "greedy", view, random.Random(1))  # a rule too
        return processes

    processes = run(scenario())
    assert processes and all(process.exitcode is not None for process in processes), "every process is stopped"


def test_a_search_nobody_calls_off_runs_its_budget() -> None:
    assert CANCEL.get() is None
    assert Budget(iterations=50, seconds=None).run(lambda: None)[0] == 50


def test_statistics_and_other_tables_do_not_wait_for_searches() -> None:
    """Seven tables of searches at the web's cap fill every core's thinking; the rest of the server goes on."""
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


def test_the_table_says_its_computer_ran_out_of_time_and_a_hint_says_it_too() -> None:
    with TestClient(create_app(rate=0, think_limit=0.5)) as client:
        made = new_table(client, game="basra", seats=["openspiel-ismcts:max_simulations=20000,rollouts=16", "human"])
        with connect(client, made["table"], made["seats"][0]["token"]) as ws:
            inbox = Inbox(ws)
            mine = inbox.next("state", lambda m: bool(m["legal"]))
            told = [e for e in inbox.events if e["seat"] == 0 and e["move"]]
            assert told and "ran out of time to think (0.5 s)" in told[0]["reason"], told
            inbox.send({"type": "hint"})  # the hint is Basra's hard level: a search of a second, cut at 0.5 s
            hint = inbox.next("hint")
            assert hint["move"] in mine["legal"]
            assert "the search ran out of time (0.5 s)" in hint["reason"], hint


@pytest.mark.slow  # a real server stopped mid-thought: the slow tier
def test_sigterm_stops_the_server_while_every_computer_thinks_and_the_tables_go_on_after(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(tmp_path, port)
    try:
        made: list[dict[str, Any]] = [
            httpx.post(f"{url}/api/tables", json={"game": "basra", "seats": [HEAVY, HEAVY]}).json() for _ in range(20)
        ]
        time.sleep(1.0)  # every core is in a search now, and more wait
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


@pytest.mark.parametrize("name", games())
def test_a_rule_takes_no_thinking_budget_and_decides_in_the_server_without_a_process(name: str) -> None:
    """The server trusts a rule to decide at once: none may take a setting that makes it think longer."""
    game = load_game(name)
    rules = [spec for spec in available_agents(game) if is_rule(spec, game)]
    assert "random" in rules and not is_rule("ismcts", game) and not is_rule("nosuch", game)
    for spec in rules:
        target = agent_target(agent_name(spec, game), game)
        assert target is not None
        budget = set(inspect.signature(import_object(target)).parameters) & set(CAPS)
        assert not budget, f"{name}'s rule {spec} thinks with {budget}"

    async def scenario() -> list[Explanation]:
        thinking = Thinking(1, limit=60)
        try:
            return [await thinking.decide("t", spec, _position(name), random.Random(3)) for spec in rules]
        finally:
            assert thinking._thread is None and not thinking._processes, "no thinking process was started"
            thinking.close()

    for spec, explanation in zip(rules, run(scenario()), strict=True):
        assert explanation.action == make_agent(spec, game).explain(_position(name), random.Random(3)).action, spec
