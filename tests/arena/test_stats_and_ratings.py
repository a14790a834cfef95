"""Intervals and ratings: small tables with known answers."""

from __future__ import annotations

import random

import pytest

from deckhand.play.intervals import bootstrap, separated, wilson
from deckhand.play.ratings import bradley_terry, expected_score, pair_results


@pytest.mark.parametrize(
    ("wins", "games", "lo", "hi"),
    [
        (60, 100, 0.502, 0.691),
        (0, 10, 0.0, 0.278),
        (10, 10, 0.722, 1.0),
        (50, 100, 0.404, 0.596),
    ],
)
def test_wilson_matches_the_textbook(wins: int, games: int, lo: float, hi: float) -> None:
    got_lo, got_hi = wilson(wins, games)
    assert got_lo == pytest.approx(lo, abs=1e-3)
    assert got_hi == pytest.approx(hi, abs=1e-3)


def test_wilson_with_no_games_says_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_bootstrap_resamples_whole_deals() -> None:
    # Every deal split 1-0 and 0-1 between the seatings: the mean is 0.5 in every resample.
    assert bootstrap([[1.0, 0.0]] * 30, random.Random(1)) == (0.5, 0.5)
    lo, hi = bootstrap([[1.0, 1.0]] * 20 + [[0.0, 0.0]] * 20, random.Random(1))
    assert lo < 0.5 < hi
    assert hi - lo > wilson(40, 80)[1] - wilson(40, 80)[0]  # paired games carry less information


def test_separated_intervals() -> None:
    assert separated((0.1, 0.3), (0.4, 0.6))
    assert not separated((0.1, 0.45), (0.4, 0.6))


def test_pair_results_of_one_game() -> None:
    assert pair_results(["a", "b", "c"], [1.0, 0.0, 0.0]) == {
        ("a", "b"): 1.0,
        ("a", "c"): 1.0,
        ("b", "c"): 0.5,
        ("c", "b"): 0.5,
    }
    # One agent in two seats: its seats' returns add up.
    assert pair_results(["a", "b", "a", "b"], [0.0, 0.0, 1.0, 0.0]) == {("a", "b"): 1.0}


def test_equal_records_rate_equal() -> None:
    ratings = bradley_terry(["a", "b"], {("a", "b"): 5.0, ("b", "a"): 5.0})
    assert ratings == {"a": pytest.approx(1500.0), "b": pytest.approx(1500.0)}


def test_ratings_order_a_transitive_ladder() -> None:
    wins = {("a", "b"): 15.0, ("b", "a"): 5.0, ("b", "c"): 15.0, ("c", "b"): 5.0, ("a", "c"): 18.0, ("c", "a"): 2.0}
    ratings = bradley_terry(["a", "b", "c"], wins)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500.0)
    assert 0.7 < expected_score(ratings["a"], ratings["b"]) < 0.8


def test_an_unbeaten_agent_keeps_a_finite_rating() -> None:
    ratings = bradley_terry(["a", "b"], {("a", "b"): 10.0})
    assert 1500 < ratings["a"] < 2500
