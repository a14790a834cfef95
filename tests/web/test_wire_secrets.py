"""Nothing a server sends to a seat or a spectator holds a card hidden from it at that moment.

Whole games over the websocket, in every game with hidden cards under every
preset: a person (random moves, a few hints and selections) against the
computer, and tables where every seat is a person who joined by link, each
with a spectator watching. Every message each connection received is checked
against the game as the server really played it
(:func:`deckhand.testing.wire.check_received`), with the other seats' and the
host's tokens as secrets. A server that leaks is caught.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import deckhand
from deckhand.agents.base import Agent, Explanation
from deckhand.agents.registry import make_agent, register_agent
from deckhand.core.protocol import View
from deckhand.core.turns import PUBLIC
from deckhand.play.records import start_state
from deckhand.testing import SecretLeak
from deckhand.testing.wire import check_received
from deckhand.web.tables import Tables
from tests.conformance.test_secrets import hidden_configs
from tests.tiers import beyond_the_first_preset, tiers
from tests.web.tables import Inbox, connect, drive, join, new_table, receive, summary

SEEDS = tiers((1,), (1, 2))
"""A game against the computer for each seed: one by default, two in the slow tier."""


def tiered(configs: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """Each game under its first preset in the quick tier; its other presets and seat counts in the slow one."""
    return [
        pytest.param(name, options, id=f"{name}-{options}", marks=beyond_the_first_preset(name, options))
        for name, options in configs
    ]


def play_and_listen(
    client: TestClient, name: str, options: dict[str, Any], seed: int, computer: str = "easy"
) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]], str]:
    """One game: the person's messages, the spectator's, the table id and the person's token."""
    game = deckhand.load_game(name, **options)
    preset = options.get("preset")
    extra = {k: v for k, v in options.items() if k != "preset"}
    seats = ["human"] + [computer] * (game.num_players - 1)
    made = new_table(client, game=name, preset=preset, options=extra, seats=seats, seed=seed)
    table, token = made["table"], made["seats"][0]["token"]
    rng = random.Random(seed)
    mine: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/tables/{table}") as spectator:
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
            moves = 0
            while True:
                message = ws.receive_json()
                mine.append(message)
                if message["type"] != "state":
                    continue
                if message["result"] is not None:
                    break
                if not message["legal"]:
                    continue
                moves += 1
                if moves in (3, 17):
                    ws.send_json({"type": "hint"})
                    mine.append(_until(ws, "hint"))
                hand = message["view"].get("hands", [[]])[0]
                cards = [c for c in hand if isinstance(c, str) and c != "??"] if isinstance(hand, list) else []
                if cards and moves % 4 == 0:
                    ws.send_json({"type": "match", "cards": cards[:1]})
                    mine.append(_until(ws, "matches"))
                ws.send_json({"type": "move", "move": rng.choice(message["legal"])})
        watched = [spectator.receive_json()]
        while watched[-1].get("result") is None:
            watched.append(spectator.receive_json())
    return table, mine, watched, token


def _until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    message = receive(ws)
    assert message["type"] == kind, message
    return message


def check_table(
    client: TestClient, table: str, mine: list[dict[str, Any]], watched: list[dict[str, Any]], token: str
) -> None:
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    played = tables.rooms[table].table
    record = played.record_of_play()
    for viewer, messages in ((0, mine), (PUBLIC, watched)):
        check_received(start_state(record), record.actions, viewer, messages, secrets=[token])


@pytest.mark.parametrize("seeds", SEEDS)
@pytest.mark.parametrize(("name", "options"), tiered(hidden_configs()))
def test_no_message_holds_a_card_hidden_from_its_receiver(
    client: TestClient, name: str, options: dict[str, Any], seeds: tuple[int, ...]
) -> None:
    for seed in seeds:
        table, mine, watched, token = play_and_listen(client, name, options, seed)
        check_table(client, table, mine, watched, token)


class Blabbermouth(Agent):
    """Tells the table its private reason: the leak the check must catch."""

    name = "blabbermouth"

    def __init__(self, inner: Agent) -> None:
        self.inner = inner

    def explain(self, view: View, rng: random.Random) -> Explanation:
        told = self.inner.explain(view, rng)
        return dataclasses.replace(told, public=told.reason)


def blabbermouth(game: deckhand.Game, **params: Any) -> Agent:
    return Blabbermouth(make_agent("hard", game))


def test_a_server_that_tells_a_private_reason_is_caught(client: TestClient) -> None:
    register_agent("blabbermouth", "tests.web.test_wire_secrets:blabbermouth")
    with pytest.raises(SecretLeak, match="gives away"):
        for seed in range(1, 6):
            table, mine, watched, token = play_and_listen(client, "cambio", {"preset": "house"}, seed, "blabbermouth")
            check_table(client, table, mine, watched, token)


def test_a_token_sent_on_the_wire_is_caught(client: TestClient) -> None:
    table, mine, watched, token = play_and_listen(client, "basra", {}, 1)
    mine[3] = {**mine[3], "note": f"your token is {token}"}
    with pytest.raises(SecretLeak, match="token"):
        check_table(client, table, mine, watched, token)


def test_a_seats_view_sent_to_the_spectator_is_caught(client: TestClient) -> None:
    table, mine, watched, token = play_and_listen(client, "casino", {}, 1)
    by_seq = {m["seq"]: m for m in mine if m["type"] == "state"}
    swapped = [{**m, "view": by_seq[m["seq"]]["view"]} if m.get("seq") in by_seq else m for m in watched]
    with pytest.raises(SecretLeak, match=r"the spectator.*view shows"):
        check_table(client, table, mine, swapped, token)


def people_configs() -> list[tuple[str, dict[str, Any]]]:
    """Every game with hidden cards, under every preset, and Cambio for four people too."""
    return [*hidden_configs(), ("cambio", {"preset": "house", "players": 4})]


@pytest.mark.parametrize("seed", [7, pytest.param(8, marks=pytest.mark.slow)])
@pytest.mark.parametrize(("name", "options"), tiered(people_configs()))
def test_no_message_to_any_person_or_spectator_holds_a_card_hidden_from_them(
    client: TestClient, name: str, options: dict[str, Any], seed: int
) -> None:
    """Every seat a person at their own connection, who joined by link, and a spectator: all checked."""
    game = deckhand.load_game(name, **options)
    extra = {k: v for k, v in options.items() if k != "preset"}
    made = new_table(client, game=name, preset=options.get("preset"), options=extra, seats=["open"] * game.num_players)
    table = made["table"]
    tokens = [join(client, made, f"<b>P{seat}</b>").json()["token"] for seat in range(game.num_players)]
    with contextlib.ExitStack() as stack:
        watcher = Inbox(stack.enter_context(connect(client, table)))
        seats = {seat: Inbox(stack.enter_context(connect(client, table, token))) for seat, token in enumerate(tokens)}
        drive(client, table, seats, random.Random(seed), patience=120)
        end = summary(client, table)["seq"]
        for inbox in [watcher, *seats.values()]:
            assert inbox.state_at(end)["result"] is not None
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    record = tables.rooms[table].table.record_of_play()
    for viewer, inbox in [(PUBLIC, watcher), *seats.items()]:
        others = [token for seat, token in enumerate(tokens) if seat != viewer]
        check_received(start_state(record), record.actions, viewer, inbox.log, secrets=[*others, made["host"]])
