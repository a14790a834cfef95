"""The review of one seeded game of each game at a tiny budget: same seed, same review; figures in range."""

from __future__ import annotations

import threading

import pytest

import deckhand
from deckhand.core.errors import ConfigError
from deckhand.play.records import GameRecord
from deckhand.review import (
    Decision,
    Review,
    ReviewBudget,
    ReviewCancelled,
    game_accuracy,
    grade,
    move_accuracy,
    review_game,
)
from deckhand.review.text import chart, decision_lines, review_text
from tests.review.games import played

TINY = ReviewBudget(iterations=20, worlds=8)


@pytest.mark.parametrize("name", deckhand.games())
def test_a_seeded_review_of_each_game(name: str) -> None:
    record = played(name, seed=3)
    review = review_game(record, 0, TINY, seed=5)
    assert review.decisions, "a finished game has decisions to review"
    assert review_game(record, 0, TINY, seed=5).to_json() == review.to_json()
    for d in review.decisions:
        assert 0 <= d.chance <= 1 and 0 <= d.best_chance <= 1
        assert d.best_chance >= d.chance
        assert d.loss >= 0 and 0 <= d.accuracy <= 100
        assert (d.best_move != d.played_move) == bool(d.advice) or d.loss == 0
    assert Review.from_json(review.to_json()).to_json() == review.to_json()
    assert all(len(line) <= 80 for line in review_text(review))
    summary = review.summary
    assert summary["decisions"] == len(review.decisions)
    assert len(summary["mistakes"]) <= 3
    assert summary["fair"] == pytest.approx(1 / review.players, abs=1e-3)


def test_three_trios_is_solved_exactly_where_the_solver_can() -> None:
    review = review_game(played("three_trios", seed=3), 0, TINY)
    assert review.summary["exact"] >= 1
    assert all(d.error == 0 for d in review.decisions if d.exact)
    assert any("solved exactly" in line for line in review_text(review))
    assert not any("50% to win (solved" in line for line in review_text(review))


def test_moves_are_numbered_as_the_log_numbers_them_and_said_in_words() -> None:
    review = review_game(played("three_trios", seed=3), 0, TINY)
    assert all(1 <= d.number <= 9 and d.index >= d.number for d in review.decisions)  # nine cells, nine moves
    assert all(d.played.startswith("You ") and d.played_move not in d.played for d in review.decisions)
    basra = review_game(played("basra", seed=3), 0, TINY)
    assert all(d.index > d.number for d in basra.decisions)  # the deals are not counted
    text = "\n".join(review_text(basra))
    assert "Engine:" not in text and "deals of the unseen" in text


def test_a_solved_draw_is_said_as_a_draw() -> None:
    drawn = Decision(3, "You place X.", "Place Y.", 0.5, 1.0, 0.0, 50.0, "blunder", 10.0, "", exact=True)
    lines = decision_lines(drawn)
    assert "it turned a win into a draw" in lines[0]
    assert lines[1] == "  You place X: a draw with best play."
    assert lines[2] == "  Better: Place Y: a win with best play."
    advised = Decision(4, "You place X.", "Place Y.", 0.2, 0.6, 0.0, 40.0, "blunder", 10.0, "Place Y: it flips two.")
    assert decision_lines(advised)[1:] == [
        "  You place X: 20% to win.",
        "  Better: Place Y (60% to win): it flips two.",
    ]


def test_lichess_accuracy_and_the_grades() -> None:
    assert move_accuracy(0) == 100
    # lila's curve plus its uncertainty bonus of 1 for a move that gave something up
    assert move_accuracy(10) == pytest.approx(103.1668 * 2.718281828 ** (-0.4354) - 3.1669 + 1, abs=0.01)
    assert move_accuracy(0.1) == 100  # the bonus lifts a tiny loss back to the clip
    assert move_accuracy(100) == 0
    assert [grade(x) for x in (4.9, 5, 9.9, 10, 14.9, 15, 20)] == [
        "",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    steady = game_accuracy([0] * 9 + [5])
    blunder = game_accuracy([0] * 9 + [40])
    assert steady is not None and blunder is not None and blunder < steady - 10  # one blunder pulls it down
    assert game_accuracy([]) is None


def test_the_chart_fits_80_columns_and_marks_the_graded_moves() -> None:
    review = review_game(played("basra", seed=3), 0, TINY)
    lines = chart(review.decisions * 5)
    assert all(len(line) <= 80 for line in lines)
    graded = [d for d in review.decisions if d.grade]
    if graded:
        assert any(mark in "".join(lines) for mark in "Xx?")


def test_cancelling_stops_the_review() -> None:
    record = played("basra", seed=3)
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        if done == 2:
            stop.set()

    with pytest.raises(ReviewCancelled):
        review_game(record, 0, TINY, progress=progress, cancel=stop)


def test_only_finished_games_and_seats_at_the_table_are_reviewed() -> None:
    record = played("casino", seed=3)
    unfinished = GameRecord.from_json({**record.to_json(), "actions": record.actions[:20], "outcome": None})
    with pytest.raises(ConfigError, match="only a finished game"):
        review_game(unfinished, 0, TINY)
    with pytest.raises(ConfigError, match="Seat 6 is not at this table"):
        review_game(record, 5, TINY)
    with pytest.raises(ConfigError, match="at most 3"):
        review_game(record, 0, TINY, max_decisions=3)


@pytest.mark.parametrize("text", ["worlds=1", "iterations=0", "speed=3", "iterations=x"])
def test_a_bad_budget_is_one_line(text: str) -> None:
    with pytest.raises(ConfigError):
        ReviewBudget.parse(text)
