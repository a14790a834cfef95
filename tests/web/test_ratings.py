"""Rated games at deckhand serve: who may play one, ratings moved once in the game's transaction, profiles, boards."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from deckhand.core.registry import load_game
from deckhand.store.db import get_engine, load_record
from deckhand.store.ratings import abandoned
from deckhand.web.accounts import COOKIE
from deckhand.web.app import create_app
from deckhand.web.credentials import Passwords
from tests.web.tables import Inbox, connect, drive, eventually, join, new_table, summary
from tests.web.test_accounts import HERE, Counting, sign_up


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(rate=0, passwords=Passwords(Counting())), headers=HERE) as test_client:
        yield test_client


def as_person(client: TestClient, cookie: str) -> None:
    client.cookies.clear()
    client.cookies.set(COOKIE, cookie)


def accounts(client: TestClient, *names: str) -> list[str]:
    """Sign each name up; their session cookies, in order (the client is left signed out)."""
    cookies = []
    for name in names:
        client.cookies.clear()
        assert sign_up(client, name) == 201
        cookies.append(client.cookies[COOKIE])
    client.cookies.clear()
    return cookies


def play_out(client: TestClient, made: dict[str, Any], tokens: dict[int, str], seed: int = 1) -> None:
    """Play the game to its end, then wait until it is stored (the ratings move in that commit)."""
    with contextlib.ExitStack() as stack:
        inboxes = {seat: Inbox(stack.enter_context(connect(client, made["table"], t))) for seat, t in tokens.items()}
        drive(client, made["table"], inboxes, random.Random(seed), patience=120)
    eventually(lambda: summary(client, made["table"])["replay"], "the finished game is stored")


@pytest.mark.parametrize(
    ("request_", "status", "words"),
    [
        ({"game": "go_fish", "seats": ["human", "medium"], "seed": 3}, 422, "no seed"),
        ({"game": "basra", "seats": ["human", "open"], "options": {"target": 101}}, 422, "without 'target'"),
        ({"game": "basra", "seats": ["human", "human"]}, 422, "own account"),
        ({"game": "go_fish", "seats": ["human", "infer:worlds=10"]}, 422, "a level rated in go_fish/standard"),
        (
            {"game": "basra", "preset": "partners", "seats": ["human", "medium", "medium", "medium"]},
            422,
            "no level of the computer is rated in basra/partners",
        ),
    ],
)
def test_a_rated_table_that_could_not_be_rated_fairly_is_refused(
    client: TestClient, request_: dict[str, Any], status: int, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("deckhand.play.rated.LEVELS", {"go_fish/standard": {"medium": 1500}})
    monkeypatch.setattr("deckhand.web.routes.LEVELS", {"go_fish/standard": {"medium": 1500}})
    as_person(client, accounts(client, "Ada")[0])
    answer = client.post("/api/tables", json={**request_, "rated": True})
    assert answer.status_code == status and words in answer.json()["error"], answer.text


def test_a_rated_table_needs_a_signed_in_creator_and_takes_only_accounts(client: TestClient) -> None:
    anonymous = client.post("/api/tables", json={"game": "basra", "seats": ["human", "open"], "rated": True})
    assert anonymous.status_code == 403 and "sign in" in anonymous.json()["error"]
    as_person(client, accounts(client, "Ada")[0])
    made = new_table(client, game="basra", seats=["human", "open"], rated=True, public=True)
    assert summary(client, made["table"])["rated"] is True
    client.cookies.clear()
    answer = client.post(f"/api/tables/{made['table']}/join", json={"name": "Anon"})
    assert answer.status_code == 403 and "signed-in" in answer.json()["error"]


def test_two_people_play_a_rated_game_and_their_ratings_move_once(client: TestClient) -> None:
    ada, bea = accounts(client, "Ada", "Bea")
    as_person(client, ada)
    made = new_table(client, game="basra", seats=["human", "open"], rated=True)
    as_person(client, bea)
    joined = join(client, made, "ignored").json()
    play_out(client, made, {0: made["seats"][0]["token"], 1: joined["token"]})
    client.cookies.clear()
    profiles = {name: client.get(f"/api/players/{name}").json() for name in ("Ada", "bea")}
    ratings = {name: found["ratings"]["basra/bazzi"] for name, found in profiles.items()}
    assert {r["games"] for r in ratings.values()} == {1} and all(r["provisional"] for r in ratings.values())
    winner = max(ratings, key=lambda name: ratings[name]["rating"])
    loser = min(ratings, key=lambda name: ratings[name]["rating"])
    assert ratings[winner]["rating"] > 1500 > ratings[loser]["rating"]
    assert ratings[winner]["wins"] == 1 and ratings[loser]["losses"] == 1
    assert ratings[winner]["rating"] - 1500 == 1500 - ratings[loser]["rating"]
    game = profiles[winner]["games"][0]
    assert game["rated"] and game["result"] == "win" and game["change"] == ratings[winner]["rating"] - 1500
    assert game["against"] == [profiles[loser]["name"]]
    assert [point["rating"] for point in profiles[winner]["graph"]["basra/bazzi"]] == [ratings[winner]["rating"]]
    board = client.get("/api/leaderboard/basra").json()
    assert board["pools"]["basra/bazzi"]["players"] == [], "provisional ratings stay off the board"
    with TestClient(create_app(rate=0)) as again:  # a restart: the finished table is dealt again, not rated again
        assert again.get("/api/players/Ada").json()["ratings"]["basra/bazzi"]["games"] == 1
    with get_engine().connect() as conn:
        assert conn.execute(text("SELECT rated FROM games")).scalar_one() in (1, True)
        assert conn.execute(text("SELECT COUNT(*) FROM rating_changes")).scalar_one() == 2


def test_a_person_gets_a_rating_from_a_rated_game_against_a_level(client: TestClient) -> None:
    as_person(client, accounts(client, "Ada")[0])
    made = new_table(client, game="go_fish", seats=["human", "medium"], rated=True)
    play_out(client, made, {0: made["seats"][0]["token"]})
    me = client.get("/api/me").json()
    rating = me["ratings"]["go_fish/standard"]
    assert rating["games"] == 1 and rating["rating"] != 1500
    board = client.get("/api/leaderboard/go_fish").json()
    assert board["pools"]["go_fish/standard"]["levels"]["medium"] == 1500


def test_an_unrated_game_moves_no_rating(client: TestClient) -> None:
    as_person(client, accounts(client, "Ada")[0])
    made = new_table(client, game="go_fish", seats=["human", "medium"])
    play_out(client, made, {0: made["seats"][0]["token"]})
    profile = client.get("/api/players/Ada").json()
    assert profile["ratings"] == {} and profile["games"][0]["rated"] is False and profile["games"][0]["change"] is None


def test_deleting_an_account_deletes_its_ratings(client: TestClient) -> None:
    as_person(client, accounts(client, "Ada")[0])
    made = new_table(client, game="go_fish", seats=["human", "medium"], rated=True)
    play_out(client, made, {0: made["seats"][0]["token"]})
    assert client.request("DELETE", "/api/account", json={"password": "correct horse"}).status_code == 204
    with get_engine().connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM ratings")).scalar_one() == 0
        assert conn.execute(text("SELECT COUNT(*) FROM rating_changes")).scalar_one() == 0
    assert client.get("/api/players/Ada").status_code == 404


@pytest.mark.parametrize("name", ["Nobody", "../etc", "x" * 300, "Ada%00"])
def test_an_unknown_player_or_game_is_404(client: TestClient, name: str) -> None:
    answer = client.get(f"/api/players/{name}")
    assert answer.status_code == 404 and "\n" not in answer.json()["error"]
    assert client.get("/api/leaderboard/chess").status_code == 404


def test_a_signed_in_person_reviews_and_replays_their_own_seat_only(client: TestClient) -> None:
    ada, bea = accounts(client, "Ada", "Bea")
    as_person(client, ada)
    made = new_table(client, game="go_fish", seats=["human", "medium"])
    play_out(client, made, {0: made["seats"][0]["token"]})
    game = client.get("/api/players/Ada").json()["games"][0]
    assert game["review"] == f"/#/review/{game['id']}?seat=0"
    mine = f"/api/records/{game['id']}/replay?seat=0"
    assert client.get(mine).status_code == 200
    assert client.post(f"/api/games/{game['id']}/review?seat=1").status_code == 403, "the computer's seat is not hers"
    for someone in (bea, None):
        client.cookies.clear()
        if someone is not None:
            as_person(client, someone)
        assert client.get(mine).status_code == 403
        assert client.post(f"/api/games/{game['id']}/review?seat=0").status_code == 403
    as_person(client, ada)
    assert client.post(f"/api/games/{game['id']}/review?seat=0").status_code in (200, 202)
    client.delete(f"/api/games/{game['id']}/review?seat=0")


def test_a_person_gone_past_the_grace_period_loses_the_rated_game(client: TestClient) -> None:
    ada, bea = accounts(client, "Ada", "Bea")
    as_person(client, ada)
    made = new_table(client, game="three_trios", seats=["human", "open"], rated=True, away=0.1)
    as_person(client, bea)
    assert join(client, made, "Bea").status_code == 200  # and never comes to the table: the stand-in plays for her
    play_out(client, made, {0: made["seats"][0]["token"]})
    ratings = {
        name: client.get(f"/api/players/{name}").json()["ratings"]["three_trios/classic"] for name in ("Ada", "Bea")
    }
    assert (ratings["Ada"]["wins"], ratings["Bea"]["losses"]) == (1, 1)
    assert ratings["Ada"]["rating"] > 1500 > ratings["Bea"]["rating"]
    record = load_record(client.get("/api/players/Ada").json()["games"][0]["id"])
    assert abandoned(record, load_game("three_trios")) == {1}, "the stand-in played Bea's last move, and it was seen"


def test_rules_that_deal_the_same_cards_every_game_are_not_rated(client: TestClient) -> None:
    as_person(client, accounts(client, "Ada")[0])
    answer = client.post(
        "/api/tables", json={"game": "three_trios", "preset": "file-order", "seats": ["human", "open"], "rated": True}
    )
    assert answer.status_code == 422 and "same cards every game" in answer.json()["error"]


def test_a_resigned_rated_game_is_a_loss_and_an_aborted_one_changes_nothing(client: TestClient) -> None:
    as_person(client, accounts(client, "Ada")[0])
    for message in ("abort", "resign"):
        made = new_table(client, game="go_fish", seats=["human", "medium"], rated=True)
        with connect(client, made["table"], made["seats"][0]["token"]) as ws:
            inbox = Inbox(ws)
            inbox.next("state")
            ws.send_json({"type": message})
            inbox.next("state", lambda m: m["ended"] is not None)
        ratings = client.get("/api/me").json()["ratings"]
        if message == "abort":
            assert ratings == {}, "an aborted game moves no rating"
    assert ratings["go_fish/standard"]["losses"] == 1 and ratings["go_fish/standard"]["rating"] < 1500
