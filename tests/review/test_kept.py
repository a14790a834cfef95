"""A stored game's review is kept with it: the second opening reads it back without analysing anything."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

import deckhand.review.kept as kept
from deckhand.cli import main
from deckhand.review import ReviewBudget, ReviewCancelled
from deckhand.store import record_game
from deckhand.store.reviews import stored_review
from tests.review.games import played

TINY = ReviewBudget(iterations=20, worlds=8)


@pytest.fixture(autouse=True)
def private_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'review.db'}"
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DECKHAND_DB", url)
    return url


def test_the_review_is_kept_and_reopened_without_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = record_game(played("casino", seed=3))
    first = kept.review_stored_game(game_id, 0, TINY)

    def no_analysis(*args: object, **kwargs: object) -> None:
        raise AssertionError("a kept review was analysed again")

    monkeypatch.setattr(kept, "review_game", no_analysis)
    again = kept.review_stored_game(game_id, 0, TINY)
    assert again.to_json() == first.to_json()
    assert kept.kept_review(game_id, 0, TINY) is not None
    assert kept.kept_review(game_id, 1, TINY) is None  # another seat is another review
    assert kept.kept_review(game_id, 0, ReviewBudget(iterations=21, worlds=8)) is None  # and another budget


def test_a_cancelled_review_keeps_nothing() -> None:
    game_id = record_game(played("basra", seed=3))
    stop = threading.Event()
    stop.set()
    with pytest.raises(ReviewCancelled):
        kept.review_stored_game(game_id, 0, TINY, cancel=stop)
    key = kept.review_key("basra", {}, TINY)
    assert stored_review(game_id, 0, key) is None


def run(args: list[str]) -> None:
    """``deckhand ARGS``, which ends by exiting 0."""
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code in (0, None)


def test_deckhand_review_of_a_record_and_of_a_stored_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = played("go_fish", seed=3)
    path = tmp_path / "game.json"
    record.save(path)
    run(["review", str(path), "--budget", "iterations=20,worlds=8", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "deckhand-review/1" and data["seat"] == 0 and data["decisions"]
    game_id = record_game(record)
    run(["review", str(game_id), "--budget", "iterations=20,worlds=8"])
    out = capsys.readouterr().out
    assert out.startswith("Review of Go Fish for you (Seat 1)")
    assert "Chance to win after each of your moves" in out
    assert all(len(line) <= 80 for line in out.splitlines())
    run(["review", "--last", "--budget", "iterations=20,worlds=8", "--json"])  # kept: read back
    assert json.loads(capsys.readouterr().out)["decisions"] == data["decisions"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["review", "999"], "no stored game with id 999"),
        (["review", "--budget", "worlds=1", "--last"], "review worlds must be"),
        (["review", "nothing-here.json"], "nothing-here.json"),
    ],
)
def test_bad_input_is_one_line(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
