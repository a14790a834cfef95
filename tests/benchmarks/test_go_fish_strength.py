"""``benchmarks/go_fish_strength.py``: the pairwise score counts books seat against seat, and a run reports both."""

from __future__ import annotations

from types import ModuleType

import pytest

from deckhand.play.arena import MatchResult
from tests.benchmarks.scripts import load_script


@pytest.fixture(scope="module")
def strength() -> ModuleType:
    return load_script("go_fish_strength")


def test_pairwise_counts_more_as_many_and_fewer_books(strength: ModuleType) -> None:
    # the agent (index 0) sits in seat 2 with 5 books: more than 3, as many as 5, fewer than 7
    result = MatchResult(0, 0, (1, 2, 0, 3), (0.0, 0.0, 0.0, 1.0), (3.0, 5.0, 5.0, 7.0), None)
    assert strength.pairwise(result) == pytest.approx((1 + 0.5 + 0) / 3)


def test_a_short_run_reports_the_share_and_the_pairwise_score(
    strength: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert strength.main(["--players", "3", "--games", "6", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("hard vs medium x2, 6 games (2 deals): share of wins ")
    assert out[1].startswith("hard vs medium x2, 6 games (2 deals): pairwise ") and out[1].endswith("fair 0.500")
