"""Nobody can cheat the dealer: seeds and stacked decks, files named by options, invites, computers' budgets."""

from __future__ import annotations

import builtins
import inspect
import io
import os
import pathlib
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import deckhand
from deckhand.agents.registry import agent_target, available_agents
from deckhand.core.registry import game_class, import_object
from deckhand.store.statistics import people
from deckhand.web import guard
from deckhand.web.app import create_app
from deckhand.web.guard import CAPS, STYLE, web_agent
from tests.web.tables import (
    connect,
    eventually,
    join,
    new_table,
    play_to_the_end,
    receive_state,
    save_basra,
    summary,
)

GAMES = deckhand.games()


def people_seats(name: str) -> list[list[str]]:
    """Tables where another person can sit: an open seat, or two people."""
    players = deckhand.load_game(name).num_players
    rest = ["easy"] * (players - 2)
    return [["human", "open", *rest], ["human", "human", *rest]]


# -- 1. a seed or a stacked deck only where no other person can sit ----------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_seed_is_refused_at_a_table_where_another_person_can_sit(client: TestClient, name: str) -> None:
    """The hole: with the seed a host replays ``random.Random(seed)`` through the deal and knows every hand."""
    for seats in people_seats(name):
        response = client.post("/api/tables", json={"game": name, "seats": seats, "seed": 7})
        assert response.status_code == 422, (seats, response.text)
        error = response.json()["error"]
        assert "\n" not in error and "practice alone" in error


@pytest.mark.parametrize("name", [n for n in GAMES if "deck" in game_class(n).OPTIONS])
def test_a_stacked_deck_is_refused_at_a_table_of_people(client: TestClient, name: str) -> None:
    codes = list(deckhand.load_game(name).all_cards())[:3]
    for seats in people_seats(name):
        response = client.post("/api/tables", json={"game": name, "seats": seats, "options": {"deck": codes}})
        assert response.status_code == 422 and "stacked deck" in response.json()["error"]
    players = deckhand.load_game(name).num_players
    alone = new_table(client, game=name, seats=["human"] + ["easy"] * (players - 1), options={"deck": codes})
    assert summary(client, alone["table"])["options"]["deck"] == "stacked (3 cards)", "the order stays hidden"


@pytest.mark.parametrize("name", GAMES)
def test_a_table_of_people_is_dealt_from_the_systems_entropy(client: TestClient, name: str) -> None:
    made = new_table(client, game=name, seats=people_seats(name)[0])
    table = client.app.state.tables.rooms[made["table"]].table  # type: ignore[attr-defined]
    assert isinstance(table._rng, random.SystemRandom) and not table.chosen
    told = str(made) + str(summary(client, made["table"])) + str(client.get("/api/tables").json())
    assert "seed" not in told and str(table.seed) not in told


def test_practice_alone_is_dealt_again_by_its_seed(client: TestClient) -> None:
    first, second = (new_table(client, game="basra", seats=["human", "easy"], seed=7) for _ in range(2))
    views = []
    for made in (first, second):
        with connect(client, made["table"], made["seats"][0]["token"]) as ws:
            views.append(receive_state(ws)["view"])
    assert views[0] == views[1]


def test_a_game_from_a_chosen_seed_is_stored_as_practice(client: TestClient) -> None:
    made = new_table(client, game="three_trios", seats=["human", "easy"], names=["Ann", None], seed=3)
    with connect(client, made["table"], made["seats"][0]["token"]) as ws:
        play_to_the_end(ws, random.Random(1))
    ann = eventually(lambda: [p for p in people(game="three_trios") if p.name == "Ann"], "the game is stored")[0]
    assert (ann.played, ann.practice) == (0, 1)


def test_a_rematch_of_a_practice_table_is_dealt_by_the_server(client: TestClient) -> None:
    made = new_table(client, game="three_trios", seats=["human", "easy"], seed=3)
    token = made["seats"][0]["token"]
    with connect(client, made["table"], token) as ws:
        play_to_the_end(ws, random.Random(2))
    again = client.post(f"/api/tables/{made['table']}/rematch", json={"token": token}).json()["table"]
    assert not client.app.state.tables.rooms[again].table.chosen  # type: ignore[attr-defined]


# -- 2. options from the web never name a file on the server ---------------------------------
PLANTED = "planted-secret.txt"


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A file of secrets and a FIFO in the server's working directory, and a record of every file touched."""
    (tmp_path / PLANTED).write_text("DB_PASSWORD=hunter2\n")
    os.mkfifo(tmp_path / "planted-fifo")
    monkeypatch.chdir(tmp_path)
    touched: list[str] = []

    def watch(real: Any) -> Any:
        def opened(path: Any, *args: Any, **kwargs: Any) -> Any:
            if "planted" in str(path):
                touched.append(str(path))
                raise AssertionError(f"the server touched {path}")
            return real(path, *args, **kwargs)

        return opened

    for owner, attribute in ((builtins, "open"), (io, "open"), (os, "open"), (os, "stat"), (os.path, "exists")):
        monkeypatch.setattr(owner, attribute, watch(getattr(owner, attribute)))
    monkeypatch.setattr(pathlib.Path, "open", watch(pathlib.Path.open))
    return touched


@pytest.mark.parametrize("name", GAMES)
def test_no_option_from_the_web_opens_a_file(client: TestClient, planted: list[str], name: str) -> None:
    """Every option of every game, given the name of a file, a FIFO or a device: refused or read as a value."""
    values = [PLANTED, "planted-fifo", f"./{PLANTED}", "/dev/zero", "../planted-up.txt", "~/planted", ["planted-x"]]
    for key in game_class(name).OPTIONS:
        for value in values:
            for where in ("/api/tables", f"/api/games/{name}/check"):
                body: dict[str, Any] = {"options": {key: value}}
                if where == "/api/tables":
                    body["game"] = name
                response = client.post(where, json=body)
                assert response.status_code in (201, 200, 422), (key, value, response.text)
                assert "hunter2" not in response.text
    assert planted == []


def test_a_file_name_gets_the_same_answer_whether_or_not_the_file_exists(
    client: TestClient, planted: list[str]
) -> None:
    answers = {
        file: client.post("/api/tables", json={"game": "casino", "options": {"deck": file}}).json()["error"]
        for file in (PLANTED, "no-such-file.txt")
    }
    shapes = {re.sub(r"'[^']*'", "NAME", error) for error in answers.values()}
    assert len(shapes) == 1, answers
    board = client.post("/api/tables", json={"game": "three_trios", "options": {"board": PLANTED}})
    assert board.status_code == 422 and "classic, holes" in board.json()["error"]


def test_shipped_boards_and_inline_decks_still_work_from_the_web(client: TestClient) -> None:
    new_table(client, game="three_trios", options={"board": "holes", "cards": "standard"})
    made = new_table(client, game="casino", options={"deck": "SA H9 DX"})
    assert summary(client, made["table"])["options"]["deck"] == "stacked (3 cards)"


# -- 3. an open seat of a private table takes only its invite ---------------------------------
def test_an_open_seat_is_taken_only_with_its_invite(client: TestClient) -> None:
    made = new_table(client, game="cambio", preset="house", options={"players": 3}, seats=["human", "open", "open"])
    table = made["table"]
    codes = {invite["seat"]: invite["code"] for invite in made["invites"]}
    assert sorted(codes) == [1, 2] and codes[1] != codes[2]
    url = f"/api/tables/{table}/join"
    assert client.post(url, json={"name": "Eve"}).status_code == 403, "no invite"
    assert client.post(url, json={"name": "Eve", "seat": 1, "invite": codes[2]}).status_code == 403, "another seat's"
    assert client.post(url, json={"name": "Eve", "invite": "x" * 16}).status_code == 403, "a guess"
    refused = client.post(url, json={"name": "Eve", "seat": 1})
    assert refused.json()["error"].count("\n") == 0 and "invite" in refused.json()["error"]
    bea = client.post(url, json={"name": "Bea", "invite": codes[2]})
    assert bea.status_code == 200 and bea.json()["seat"] == 2, "a seat's code seats its own seat"
    assert client.post(url, json={"name": "Eve", "invite": codes[2]}).status_code == 403, "used once"
    seen = str(summary(client, table)) + str(client.get("/api/tables").json())
    with connect(client, table) as ws:
        seen += str(receive_state(ws))
    assert codes[1] not in seen and codes[2] not in seen, "the watch link and what it shows carry no invite"


def test_a_table_in_the_lobby_needs_no_invite(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "open"], public=True)
    assert made["invites"] == []
    joined = client.post(f"/api/tables/{made['table']}/join", json={"name": "Bea"})
    assert joined.status_code == 200 and joined.json()["seat"] == 1


def test_an_invite_holds_across_a_restart() -> None:
    with TestClient(create_app()) as client:
        made = new_table(client, game="basra", seats=["human", "open"])
    with TestClient(create_app()) as client:
        url = f"/api/tables/{made['table']}/join"
        assert client.post(url, json={"name": "Eve"}).status_code == 403
        assert client.post(url, json={"name": "Bea", "invite": made["invites"][0]["code"]}).status_code == 200


# -- 4. computers from the web think within caps ------------------------------------------------
@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:seconds=100000",
        "ismcts:iterations=1000000000000",
        "mcts:iterations=20001",
        "openloop:seconds=5.5",
        "hard:seconds=100",
        "ismcts:seconds=inf",
    ],
)
def test_a_computer_past_the_caps_is_refused(client: TestClient, spec: str) -> None:
    for body in (
        {"game": "basra", "seats": ["human", spec]},
        {"game": "basra", "seats": ["human", "open"], "stand_in": spec},
    ):
        response = client.post("/api/tables", json=body)
        assert response.status_code == 422, response.text
        assert "\n" not in response.json()["error"]


def test_the_solvers_own_defaults_are_held_to_the_caps() -> None:
    game = deckhand.load_game("three_trios")
    assert web_agent("solver", game) == "solver"
    with pytest.raises(deckhand.ConfigError, match="exact_nodes"):
        web_agent(f"solver:exact_nodes={int(CAPS['exact_nodes']) + 1}", game)


@pytest.mark.parametrize("name", GAMES)
def test_every_level_and_the_hint_agent_are_within_the_caps(name: str) -> None:
    game = deckhand.load_game(name)
    for level in game.LEVELS:
        assert web_agent(level, game) == level
    for spec in game.LEVELS.values():
        web_agent(spec, game)


def test_a_go_fish_computer_dealing_more_worlds_than_the_cap_is_refused(client: TestClient) -> None:
    body = {"game": "go_fish", "seats": ["human", f"infer:worlds={int(CAPS['worlds']) + 1}"]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 422
    assert "worlds is at most" in response.json()["error"]
    assert client.post("/api/tables", json={**body, "seats": ["human", "infer:worlds=100"]}).status_code == 201


@pytest.mark.parametrize("name", GAMES)
def test_every_number_an_agent_takes_is_capped_or_only_a_matter_of_style(name: str) -> None:
    """A budget setting without a cap would let a web player make the server think without bound."""
    game = deckhand.load_game(name)
    for agent in available_agents(game):
        target = agent_target(agent, game)
        if target is None or agent in game.LEVELS:
            continue
        try:
            factory = import_object(target)
        except ImportError:  # an optional extra that is not installed
            continue
        for key, p in inspect.signature(factory).parameters.items():
            default = p.default
            typed = str(p.annotation)
            number = isinstance(default, (int, float)) and not isinstance(default, bool)
            if number or (default is None and ("int" in typed or "float" in typed)):
                assert key in CAPS or key in STYLE, f"{name}: {agent}'s setting {key} has no web cap"


def test_a_setting_an_agent_does_not_take_is_named_as_unknown_from_the_web() -> None:
    with pytest.raises(deckhand.ConfigError, match="unknown setting 'iteratons'") as caught:
        web_agent("ismcts:iteratons=5", deckhand.load_game("casino"))
    assert "\n" not in str(caught.value)


def test_a_number_with_no_cap_is_refused_from_the_web(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "CAPS", {k: v for k, v in CAPS.items() if k != "worlds"})
    with pytest.raises(deckhand.ConfigError, match="'worlds' has no cap"):
        web_agent("infer", deckhand.load_game("go_fish"))


def test_the_host_cannot_start_with_a_level_past_the_caps(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "open"])
    started = client.post(
        f"/api/tables/{made['table']}/start", json={"host": made["host"], "level": "ismcts:seconds=1000"}
    )
    assert started.status_code == 422 and summary(client, made["table"])["waiting"]
    assert join(client, made, "Bea").status_code == 200


def test_a_saved_game_goes_on_only_where_no_other_person_can_sit(owner: TestClient) -> None:
    """A save holds every hand: whoever has the file knows them, as with a chosen seed."""
    save_basra()
    refused = owner.post("/api/tables", json={"game": "basra", "resume": "mine.json", "seats": ["human", "open"]})
    assert refused.status_code == 422 and "a saved game" in refused.json()["error"]
    new_table(owner, game="basra", resume="mine.json")
    missing = owner.post("/api/tables", json={"game": "basra", "resume": "nothing.json"})
    assert missing.status_code == 422 and missing.json()["error"] == "no saved game 'nothing.json'"
