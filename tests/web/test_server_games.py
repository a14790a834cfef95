"""Whole games over the websocket: every game and preset against the computer, and every kind of bad input."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import deckhand
from deckhand.core.registry import game_class
from deckhand.store.statistics import recent_games
from tests.web.tables import eventually, new_table, play_to_the_end, receive, receive_state


def configs() -> list[tuple[str, str | None]]:
    return [(name, preset) for name in deckhand.games() for preset in (list(game_class(name).PRESETS) or [None])]


@pytest.mark.parametrize(("name", "preset"), configs(), ids=str)
def test_a_whole_game_against_the_computer(client: TestClient, name: str, preset: str | None) -> None:
    game = deckhand.load_game(name, **({"preset": preset} if preset else {}))
    seats = ["human"] + ["easy"] * (game.num_players - 1)
    made = new_table(client, game=name, preset=preset, seats=seats, seed=11)
    table, token = made["table"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        messages = play_to_the_end(ws, random.Random(5))
    seqs = [m["seq"] for m in messages]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs), "each state message carries a larger seq"
    result = messages[-1]["result"]
    assert len(result["returns"]) == game.num_players
    assert sum(result["returns"]) == pytest.approx(1.0)
    events = [e for m in messages for e in m["events"]]
    computer_moves = [e for e in events if e["seat"] not in (None, 0)]
    assert computer_moves, "the computer's moves are told"
    assert all(e["move"] for e in computer_moves)
    stored = eventually(lambda: recent_games(game=name), "the game is stored")
    assert len(stored) == 1 and stored[0].seats[0]["player"] == "human"
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["finished"] is True


def test_a_reconnect_gets_a_snapshot_with_the_same_seq(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "easy"], seed=4)
    url = f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}"
    with client.websocket_connect(url) as ws:
        first = receive_state(ws)
        ws.send_json({"type": "move", "move": first["legal"][0]})
        last = first
        while not last["legal"]:
            last = receive_state(ws)
        while last["seq"] == first["seq"] or not last["legal"]:
            last = receive_state(ws)
    with client.websocket_connect(url) as ws:
        again = receive_state(ws)
    assert again["seq"] == last["seq"] and again["view"] == last["view"] and again["legal"] == last["legal"]


BAD_MESSAGES = [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    (json.dumps({"type": "dance"}), "unknown message type"),
    (json.dumps({"move": "draw"}), "unknown message type"),
    (json.dumps({"type": "move"}), "missing field 'move'"),
    (json.dumps({"type": "move", "move": "draw", "extra": 1}), "unknown field 'extra'"),
    (json.dumps({"type": "move", "move": 7}), "move"),
    (json.dumps({"type": "move", "move": "fly away"}), "fly away"),
    (json.dumps({"type": "move", "move": "x" * 300}), "at most 200"),
    (json.dumps({"type": "move", "move": "x" * 5000}), "too long"),
]


@pytest.mark.parametrize(("text", "problem"), BAD_MESSAGES, ids=[p for _, p in BAD_MESSAGES])
def test_bad_messages_get_an_error_and_change_nothing(client: TestClient, text: str, problem: str) -> None:
    made = new_table(client, game="cambio", preset="classic", seats=["human", "easy"], seed=2)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}") as ws:
        before = receive_state(ws)
        ws.send_text(text)
        error = receive(ws)
        assert error["type"] == "error" and problem in error["message"], error
        assert "\n" not in error["message"]
        ws.send_json({"type": "move", "move": before["legal"][0]})  # the connection is still open and usable
        after = receive_state(ws)
        assert after["seq"] > before["seq"]


def test_an_illegal_move_and_a_move_out_of_turn_are_refused(client: TestClient) -> None:
    made = new_table(client, game="cambio", preset="classic", seats=["human", "human"])
    tokens = [s["token"] for s in made["seats"]]
    base = f"/ws/tables/{made['table']}?token="
    with client.websocket_connect(base + tokens[0]) as first, client.websocket_connect(base + tokens[1]) as second:
        state = receive_state(first)
        receive_state(second)
        first.send_json({"type": "move", "move": "swap 2"})  # legal notation, not legal now
        assert "'swap 2' cannot be played now: your turn starts with a draw" in receive(first)["message"]
        second.send_json({"type": "move", "move": "draw"})
        refused = receive(second)
        assert refused["type"] == "error" and "turn" in refused["message"]
        first.send_json({"type": "move", "move": "draw"})
        assert receive_state(first)["seq"] == state["seq"] + 2  # the draw and the card drawn


def test_a_wrong_token_is_closed_with_4401(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "easy"])
    with client.websocket_connect(f"/ws/tables/{made['table']}?token=guess") as ws:
        assert receive(ws)["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
    assert closed.value.code == 4401


def test_a_table_without_spectators_refuses_a_connection_without_a_token(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "easy"], spectators=False)
    with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
        assert "spectators" in receive(ws)["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
    assert closed.value.code == 4403


def test_a_spectator_sees_the_public_view_and_cannot_move(client: TestClient) -> None:
    made = new_table(client, game="casino", seats=["human", "easy"], seed=9)
    with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
        state = receive_state(ws)
        assert state["seat"] is None and state["legal"] == []
        assert state["view"]["viewer"] == deckhand.PUBLIC
        assert all(card == "??" for hand in state["view"]["hands"] for card in hand)
        ws.send_json({"type": "move", "move": "trail S7"})
        assert "spectator" in receive(ws)["message"]
        ws.send_json({"type": "hint"})
        assert "spectator" in receive(ws)["message"]


def test_a_hint_for_your_own_seat(client: TestClient) -> None:
    made = new_table(client, game="three_trios", seats=["human", "easy"], seed=1)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}") as ws:
        state = receive_state(ws)
        ws.send_json({"type": "hint"})
        hint = receive(ws)
        assert hint["type"] == "hint" and hint["move"] in state["legal"]
        assert hint["marks"] and hint["piece"] == hint["move"].split()[0]
        ws.send_json({"type": "marks", "selection": "nonsense"})
        assert receive(ws)["type"] == "error"


def test_matching_moves_for_selected_cards(client: TestClient) -> None:
    made = new_table(client, game="casino", seats=["human", "easy"], seed=9)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}") as ws:
        state = receive_state(ws)
        while not state["legal"] or state["view"]["phase"] != "play":
            if state["legal"]:  # the coin toss
                ws.send_json({"type": "move", "move": state["legal"][0]})
            state = receive_state(ws)
        card = state["view"]["hands"][0][0]
        ws.send_json({"type": "match", "cards": [card]})
        matches = receive(ws)
        assert matches["type"] == "matches"
        assert matches["moves"] and all(card in m["move"] for m in matches["moves"])
        assert {m["move"] for m in matches["moves"]} <= set(state["legal"])


def test_an_illegal_move_is_refused_with_the_games_reason(client: TestClient) -> None:
    """The table says the rule a move breaks, as the game words it, not only that it is not legal."""
    made = new_table(client, game="go_fish", seats=["human", "easy"], seed=3)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}") as ws:
        state = receive_state(ws)
        while not state["legal"]:
            state = receive_state(ws)
        held = {code[1] for code in state["view"]["hands"][0]}
        missing = next(rank for rank in "A23456789XJQK" if rank not in held)
        ws.send_json({"type": "move", "move": f"ask 1 {missing}"})
        refused = receive(ws)
        assert refused["type"] == "error"
        assert refused["message"].startswith("you may only ask for a rank you hold"), refused["message"]


def test_picked_cards_that_make_no_move_are_told_why(client: TestClient) -> None:
    """A Basra card and a table card it cannot take: the answer says what the card takes (and names no build)."""
    for seed in range(1, 30):
        made = new_table(client, game="basra", seats=["human", "easy"], seed=seed)
        with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}") as ws:
            state = receive_state(ws)
            while not state["legal"]:
                state = receive_state(ws)
            view = state["view"]
            pairs = [
                (card, loose)
                for card in view["hands"][0]
                for loose in view["table"]
                if card[1] != "J" and not any(card in m and loose in m for m in state["legal"])
            ]
            if not pairs:
                continue
            ws.send_json({"type": "match", "cards": list(pairs[0])})
            answer = receive(ws)
            assert answer["type"] == "matches" and answer["moves"] == []
            assert "cannot take" in answer["why"] and "build" not in answer["why"], answer["why"]
            return
    raise AssertionError("no seed dealt a card and a table card it cannot take")
