"""A seat's token in the websocket subprotocol header: it seats its holder, a bad one is refused as in the query."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from deckhand.web.handshake import login
from tests.web.tables import new_table, receive, receive_state


def basra(client: TestClient) -> tuple[str, str]:
    made = new_table(client, game="basra", seats=["human", "easy"], seed=4)
    return made["table"], made["seats"][0]["token"]


def test_the_subprotocol_token_seats_its_holder(client: TestClient) -> None:
    table, token = basra(client)
    with client.websocket_connect(f"/ws/tables/{table}", subprotocols=["deckhand", f"token.{token}"]) as ws:
        assert ws.accepted_subprotocol == "deckhand"
        state = receive_state(ws)
        assert state["seat"] == 0
        assert state["legal"], "the seat may move: it is its turn"


def test_a_bad_subprotocol_token_is_closed_with_4401_as_in_the_query(client: TestClient) -> None:
    table, _ = basra(client)
    ways = [(f"/ws/tables/{table}", ["deckhand", "token.guess"]), (f"/ws/tables/{table}?token=guess", [])]
    for path, offered in ways:
        with client.websocket_connect(path, subprotocols=offered) as ws:
            assert receive(ws)["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(ws)
        assert closed.value.code == 4401, path


def test_the_query_token_still_seats_its_holder(client: TestClient) -> None:
    table, token = basra(client)
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        assert ws.accepted_subprotocol is None
        assert receive_state(ws)["seat"] == 0


def test_a_spectator_offering_only_the_subprotocol_watches(client: TestClient) -> None:
    table, _ = basra(client)
    with client.websocket_connect(f"/ws/tables/{table}", subprotocols=["deckhand"]) as ws:
        assert ws.accepted_subprotocol == "deckhand"
        assert receive_state(ws)["seat"] is None


def test_the_header_token_wins_over_the_query() -> None:
    assert login({"subprotocols": ["deckhand", "token.abc"]}, "xyz") == ("deckhand", "abc")
    assert login({"subprotocols": ["token.abc"]}, None) == (None, "abc")
    assert login({"subprotocols": []}, "xyz") == (None, "xyz")
    assert login({}, None) == (None, None)
    assert login({"subprotocols": ["deckhand", "token."]}, None) == ("deckhand", "")  # refused: no seat has it
