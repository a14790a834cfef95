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


def test_deckhand_review_learn_goes_through_the_costly_positions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--learn`` after the review: a wrong number and a wrong move are one line each, a move is judged, ``s``
    shows the better move with why, and the end of input ends it (a script has no person to ask)."""
    import io

    record = played("casino", seed=0)
    path = tmp_path / "game.json"
    record.save(path)
    monkeypatch.setattr("sys.stdin", io.StringIO("99\nZZ\n2\ns\n"))
    run(["review", str(path), "--learn"])
    out = capsys.readouterr().out
    learned = out[out.index("Learn from your mistakes") :]
    assert "2 positions where a better move was found" in learned
    assert "Position 1 of 2: move 42, a mistake" in learned
    assert "Moves: 1 capture HQ CQ" in learned
    assert "There is no move 99; moves are numbered 1 to 9." in learned
    assert "'ZZ' is not a move here" in learned
    assert "Trail the 3♠. " in learned and "against your 76%" in learned
    assert "Better: Build 12 with the 10♣ on the 2♠ (87% to win)" in learned
    assert "Position 2 of 2" in learned and "Traceback" not in out
    assert all(len(line) <= 80 for line in learned.splitlines())


def test_learn_asks_at_the_terminal_and_not_for_json(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["review", "--last", "--json", "--learn"])
    assert exit_.value.code == 2
    assert "--learn asks for moves at the terminal" in capsys.readouterr().err
