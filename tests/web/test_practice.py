"""Learn from your mistakes at the server: the costly positions of a kept review, answers judged, who may ask."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import deckhand.web.reviews as reviews
from deckhand.review import ReviewBudget
from deckhand.store import record_game
from deckhand.web.app import create_app
from deckhand.web.owner import HEADER
from tests.review.games import played
from tests.web.tables import OWNER

SMALL = ReviewBudget(iterations=40, worlds=16)


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr(reviews, "BUDGET", SMALL)
    with TestClient(create_app(rate=0, owner_token=OWNER), headers={HEADER: OWNER}) as test_client:
        yield test_client


def reviewed(client: TestClient, game_id: int) -> dict[str, Any]:
    client.post(f"/api/games/{game_id}/review?seat=0")
    for _ in range(600):
        data: dict[str, Any] = client.get(f"/api/games/{game_id}/review?seat=0").json()
        if data["status"] == "done":
            return data["review"]
        assert data["status"] == "running", data
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def test_the_costly_positions_are_set_up_and_answers_judged(client: TestClient) -> None:
    game_id = record_game(played("casino", seed=0))
    url = f"/api/games/{game_id}/review/practice?seat=0"
    early = client.get(url)
    assert early.status_code == 409 and "open the review first" in early.json()["error"]
    review = reviewed(client, game_id)
    data = client.get(url).json()
    graded = [d for d in review["decisions"] if d["grade"]]
    assert [p["number"] for p in data["positions"]] == [d["number"] for d in graded]
    assert data["game"] == "casino" and data["names"][0] == "You" and data["seat"] == 0
    for position, decision in zip(data["positions"], graded, strict=True):
        assert position["view"]["viewer"] == 0
        moves = {m["move"]: m for m in position["moves"]}
        assert decision["played_move"] in moves and decision["best_move"] in moves
        for move in moves.values():
            assert set(move["cards"]) <= set(move["move"].replace("{", " ").replace("}", " ").split())
        assert any(line.startswith("Better: ") for line in position["better"])
        answer = {"number": position["number"], "move": decision["best_move"]}
        verdict = client.post(url, json=answer).json()
        assert verdict["kind"] == "good" and verdict["chance"] == decision["best_chance"]
        assert verdict["said"].startswith("Good: ")
        mine = client.post(url, json={"number": position["number"], "move": decision["played_move"]}).json()
        assert mine["kind"] == "played" and mine["chance"] == decision["chance"]
    first = data["positions"][0]["number"]
    wrong = client.post(url, json={"number": first, "move": "capture ZZ"})
    assert wrong.status_code == 422 and "\n" not in wrong.json()["error"]
    assert client.post(url, json={"number": 999, "move": "trail S3"}).status_code == 404
    assert client.post(url, json={"number": first, "move": "trail S3", "extra": 1}).status_code == 422


def test_only_whoever_may_see_the_review_practises_it(client: TestClient) -> None:
    game_id = record_game(played("casino", seed=0))
    reviewed(client, game_id)
    url = f"/api/games/{game_id}/review/practice"
    assert client.get(f"{url}?seat=1").status_code == 403  # the computer's seat of a person's game
    answer = {"number": 42, "move": "trail S3"}
    with TestClient(create_app(rate=0, owner_token=OWNER)) as stranger:  # not the owner: a terminal game's person
        assert stranger.get(f"{url}?seat=0").status_code == 403
        assert stranger.post(f"{url}?seat=0", json=answer).status_code == 403
