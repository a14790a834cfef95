"""Helpers of the server tests: make a table, read state messages, play a seat to the end."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

T = TypeVar("T")


def eventually(look: Callable[[], T], what: str, patience: float = 10.0) -> T:
    """``look()`` once it is true: the server stores a finished game just after telling the table."""
    deadline = time.monotonic() + patience
    while not (found := look()):
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.01)
    return found


def new_table(client: TestClient, **request: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


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
