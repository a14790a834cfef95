"""The server's review routes: start, progress, the kept review, cancelling, and who may ask."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import deckhand.web.reviews as reviews
from deckhand.play.records import replay
from deckhand.review import ReviewBudget
from deckhand.store import record_game
from deckhand.web.app import create_app
from deckhand.web.owner import HEADER
from deckhand.web.seats import token_hash
from tests.review.games import played
from tests.web.tables import OWNER, eventually, new_table, play_to_the_end


@pytest.fixture
def client() -> Iterator[TestClient]:
    """The server's owner (its token in a header): a game played in its terminal may be reviewed by them."""
    with TestClient(create_app(rate=0, owner_token=OWNER), headers={HEADER: OWNER}) as test_client:
        yield test_client


def finished(client: TestClient, game_id: int, seat: int = 0, **headers: str) -> dict[str, Any]:
    for _ in range(600):
        data: dict[str, Any] = client.get(f"/api/games/{game_id}/review?seat={seat}", headers=headers).json()
        if data["status"] != "running":
            return data
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def test_a_review_runs_in_the_background_and_is_kept(client: TestClient, monkeypatch: Any) -> None:
    monkeypatch.setattr(reviews, "BUDGET", ReviewBudget(iterations=20, worlds=8))
    game_id = record_game(played("basra", seed=3))
    assert client.get(f"/api/games/{game_id}/review?seat=0").json() == {"status": "none"}
    started = client.post(f"/api/games/{game_id}/review?seat=0")
    assert started.status_code in (200, 202)
    data = finished(client, game_id)
    assert data["status"] == "done" and data["review"]["decisions"]
    again = client.post(f"/api/games/{game_id}/review?seat=0")
    assert again.status_code == 200 and again.json()["review"] == data["review"]  # kept: no second analysis


def test_a_review_that_ends_between_two_looks_is_shown_with_its_review(client: TestClient, monkeypatch: Any) -> None:
    """The progress call looks for the kept review, then at the job: a job that ended in between is not 'done'
    without its review."""
    monkeypatch.setattr(reviews, "BUDGET", ReviewBudget(iterations=20, worlds=8))
    game_id = record_game(played("basra", seed=3))
    client.post(f"/api/games/{game_id}/review?seat=0")
    kept = finished(client, game_id)["review"]
    real, looks = reviews.kept_review, []

    def just_before_it_was_kept(*args: Any, **kwargs: Any) -> Any:
        looks.append(args)
        return None if len(looks) == 1 else real(*args, **kwargs)

    monkeypatch.setattr(reviews, "kept_review", just_before_it_was_kept)
    data = client.get(f"/api/games/{game_id}/review?seat=0").json()
    assert data == {"status": "done", "review": kept}


def test_only_the_seat_of_the_games_one_person_is_reviewed(client: TestClient) -> None:
    game_id = record_game(played("casino", seed=3))  # seat 0 a person, seat 1 the computer
    refused = client.post(f"/api/games/{game_id}/review?seat=1")
    assert refused.status_code == 403 and "only" in refused.json()["error"]
    people = record_game(played("casino", seed=3, seats=("human", "human")))
    assert client.post(f"/api/games/{people}/review?seat=0").status_code == 403
    assert client.post("/api/games/999/review?seat=0").status_code == 404
    assert client.post(f"/api/games/{game_id}/review?seat=7").status_code == 422


def test_a_review_can_be_cancelled_and_one_runs_at_a_time(client: TestClient, monkeypatch: Any) -> None:
    monkeypatch.setattr(reviews, "BUDGET", ReviewBudget(iterations=2000, worlds=200))
    first = record_game(played("casino", seed=3))
    second = record_game(played("casino", seed=4))
    assert client.post(f"/api/games/{first}/review?seat=0").status_code == 202
    busy = client.post(f"/api/games/{second}/review?seat=0")
    assert busy.status_code == 429 and "another review" in busy.json()["error"]
    assert client.delete(f"/api/games/{first}/review?seat=0").json() == {"cancelled": True}
    data = finished(client, first)
    assert data == {
        "status": "failed",
        "done": data["done"],
        "total": data["total"],
        "error": "the review was cancelled",
    }
    assert client.get(f"/api/games/{first}/review?seat=0").json()["status"] == "failed"


def test_a_table_played_here_is_reviewed_only_with_the_seats_token(client: TestClient, monkeypatch: Any) -> None:
    monkeypatch.setattr(reviews, "live_seat_hash", lambda game_id, seat, url=None: (True, token_hash("t0")))
    game_id = record_game(played("basra", seed=3))
    assert client.post(f"/api/games/{game_id}/review?seat=0").status_code == 403
    assert client.post(f"/api/games/{game_id}/review?seat=0", headers={"X-Seat-Token": "wrong"}).status_code == 403
    monkeypatch.setattr(reviews, "BUDGET", ReviewBudget(iterations=20, worlds=8))
    ok = client.post(f"/api/games/{game_id}/review?seat=0", headers={"X-Seat-Token": "t0"})
    assert ok.status_code in (200, 202)
    assert finished(client, game_id, 0, **{"X-Seat-Token": "t0"})["status"] == "done"


def test_a_terminal_game_is_reviewed_only_by_the_servers_owner(client: TestClient) -> None:
    game_id = record_game(played("basra", seed=3))  # played away from the server: its person is unknown here
    with TestClient(create_app(rate=0, owner_token=OWNER), client=("127.0.0.1", 50000)) as local:
        refused = local.post(f"/api/games/{game_id}/review?seat=0")  # its own machine, but no token
        assert refused.status_code == 403 and "only by its owner" in refused.json()["error"]
        computers = record_game(played("basra", seed=3, seats=("medium", "easy")))
        assert local.get(f"/api/games/{computers}/review?seat=0").json() == {"status": "none"}  # no person's cards
    assert client.get(f"/api/games/{game_id}/review?seat=0").json() == {"status": "none"}


def test_a_finished_tables_summary_offers_its_review_only_to_the_seats_token(client: TestClient) -> None:
    made = new_table(client, game="three_trios", seats=["human", "easy"], seed=4)
    table, token = made["table"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        play_to_the_end(ws, random.Random(2))

    def summary(**headers: str) -> dict[str, Any]:
        found: dict[str, Any] = client.get(f"/api/tables/{table}", headers=headers).json()
        return found

    replay = eventually(lambda: summary()["replay"], "the game is stored")
    game_id = replay.removeprefix("#/replay/")
    assert summary()["review"] is None, "a spectator is offered no review: it shows a seat's cards"
    assert summary(**{"X-Seat-Token": "not-a-token"})["review"] is None
    assert summary(**{"X-Seat-Token": token})["review"] == f"#/review/{game_id}?seat=0&table={table}"
    assert client.post(f"/api/games/{game_id}/review?seat=0").status_code == 403, "the link alone is not the seat"
    assert token not in str(summary(**{"X-Seat-Token": token})), "the summary never carries a token"


def test_a_seats_replay_shows_its_own_cards_to_that_seat_only(client: TestClient, monkeypatch: Any) -> None:
    """The review's move links open the replay from the reviewed seat's view: who may see the review may see
    it, nobody else; and it shows what that seat saw, not more."""
    monkeypatch.setattr(reviews, "live_seat_hash", lambda game_id, seat, url=None: (True, token_hash(f"t{seat}")))
    record = played("casino", seed=3)
    game_id = record_game(record)
    assert client.get(f"/api/records/{game_id}/replay?seat=0").status_code == 403
    assert client.get(f"/api/records/{game_id}/replay?seat=0", headers={"X-Seat-Token": "wrong"}).status_code == 403
    assert client.get(f"/api/records/{game_id}/replay?seat=1", headers={"X-Seat-Token": "t0"}).status_code == 403
    mine = client.get(f"/api/records/{game_id}/replay?seat=0", headers={"X-Seat-Token": "t0"})
    public = client.get(f"/api/records/{game_id}/replay").json()
    assert mine.status_code == 200 and mine.json()["viewer"] == 0 and public["viewer"] is None
    steps = mine.json()["steps"]
    assert [s["move"] for s in steps] == [s["move"] for s in public["steps"]]
    assert steps[-1]["view"] == replay(record).view(0).to_json()
    dealt = next(i for i, step in enumerate(public["steps"]) if step["view"]["hands"][0])  # after the coin toss
    mine_then, public_then = steps[dealt]["view"]["hands"], public["steps"][dealt]["view"]["hands"]
    assert "??" in public_then[0] and "??" not in mine_then[0], "its own hand is face up"
    assert mine_then[1] == public_then[1] and set(mine_then[1]) == {"??"}, "the other hand stays hidden"
