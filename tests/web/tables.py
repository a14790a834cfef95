"""Helpers of the server tests: make a table, read state messages, play a seat to the end."""

from __future__ import annotations

import random
import socket
import time
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import deckhand
from deckhand.core.paths import saves_dir
from deckhand.play.saves import save_game

T = TypeVar("T")

OWNER = "the-owner-token-of-these-tests-0123456789"
"""The owner token the tests give a server (``create_app(owner_token=OWNER)``, ``DECKHAND_OWNER_TOKEN``)."""


def eventually(look: Callable[[], T], what: str, patience: float = 10.0) -> T:
    """``look()`` once it is true: the server stores a finished game just after telling the table."""
    deadline = time.monotonic() + patience
    while not (found := look()):
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.01)
    return found


def free_port() -> int:
    """A port nobody listens on now, for a server the test starts."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def save_basra() -> None:
    """A game of Basra left unfinished at the terminal: ``mine.json`` in the saves folder."""
    game = deckhand.load_game("basra")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    save_game(saves_dir() / "mine.json", state, ["human", "easy"])


def new_table(client: TestClient, **request: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def join(client: TestClient, made: dict[str, Any], name: str, seat: int | None = None) -> Any:
    """``POST .../join`` with the invite the host was given for that seat (the next unused one by default).

    An invite used is crossed off ``made``, as a host hands each link out once.
    """
    invites: dict[int, str] = made.setdefault("unused", {i["seat"]: i["code"] for i in made.get("invites", [])})
    body: dict[str, Any] = {"name": name}
    if seat is not None:
        body["seat"] = seat
    pick = seat if seat is not None else min(invites, default=None)
    if pick in invites:
        body["invite"] = invites[pick]
    response = client.post(f"/api/tables/{made['table']}/join", json=body)
    if response.status_code == 200:
        invites.pop(response.json()["seat"], None)
    return response


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message about the game: ``seats`` messages (who is connected) come at any time and are skipped."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] != "seats":
            return message


def receive_state(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message about the game, which must be a state message."""
    message = receive(ws)
    assert message["type"] == "state", message
    return message


def play_to_the_end(ws: WebSocketTestSession, rng: random.Random, limit: int = 5000) -> list[dict[str, Any]]:
    """Play random legal moves for this connection's seat until the game ends; every message received."""
    received = []
    for _ in range(limit):
        message = receive(ws)
        received.append(message)
        assert message["type"] == "state", message
        if message["result"] is not None:
            return received
        if message["legal"]:
            ws.send_json({"type": "move", "move": rng.choice(message["legal"])})
    raise AssertionError("the game did not end")


class Inbox:
    """One connection's messages, read by kind: what a test is not waiting for yet is kept for later."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.kept: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        """Every event of every state message read."""
        self.log: list[dict[str, Any]] = []
        """Every message read, in order."""

    def next(self, kind: str, check: Any = None) -> dict[str, Any]:
        """The first message of ``kind`` (for which ``check`` holds); earlier ones of that kind are dropped."""
        for i, message in enumerate(self.kept):
            if message["type"] == kind and (check is None or check(message)):
                self.kept = [m for j, m in enumerate(self.kept) if j > i or m["type"] != kind]
                return message
        while True:
            message = self.ws.receive_json()
            assert message["type"] != "error" or kind == "error", message
            self.events.extend(message.get("events", []))
            self.log.append(message)
            if message["type"] == kind and (check is None or check(message)):
                self.kept = [m for m in self.kept if m["type"] != kind]
                return message
            self.kept.append(message)

    def seats(self, check: Any = None) -> dict[str, Any]:
        return self.next("seats", check)

    def state_at(self, seq: int) -> dict[str, Any]:
        """The state message for ``seq`` or later."""
        if self.state is None or self.state["seq"] < seq:
            self.state = self.next("state", lambda m: m["seq"] >= seq)
        return self.state

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_json(message)


def summary(client: TestClient, table: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def drive(
    client: TestClient,
    table: str,
    seats: dict[int, Inbox],
    rng: random.Random,
    *,
    until: Any = None,
    patience: float = 60.0,
) -> list[dict[str, Any]]:
    """Play random moves for the connected seats until the game ends (or ``until(summary)``); the states seen."""
    seen = []
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        now = summary(client, table)
        if now["finished"] or (until is not None and until(now)):
            return seen
        seat = now["to_move"]
        if seat in seats:
            message = seats[seat].state_at(now["seq"])
            if message["seq"] == now["seq"] and message["legal"]:
                seen.append(message)
                seats[seat].send({"type": "move", "move": rng.choice(message["legal"])})
                seen.append(seats[seat].state_at(now["seq"] + 1))
        else:
            time.sleep(0.01)  # the computer (or a stand-in) is thinking
    raise AssertionError("the game did not go on")


def connect(client: TestClient, table: str, token: str | None = None) -> Any:
    return client.websocket_connect(f"/ws/tables/{table}" + (f"?token={token}" if token else ""))
