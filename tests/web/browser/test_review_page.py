"""The review page: a finished game's Review link shows the progress, then the chart and the costliest moves."""

from __future__ import annotations

from typing import Any

import pytest

import deckhand.web.reviews as reviews
from deckhand.review import ReviewBudget
from deckhand.review.kept import kept_review
from deckhand.store import record_game
from tests.review.games import played
from tests.web.browser.live import LiveServer, needs_chromium

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = needs_chromium


def test_a_stored_game_is_reviewed_from_its_replay(
    server: LiveServer, table_page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviews, "BUDGET", ReviewBudget(iterations=20, worlds=8))
    game_id = record_game(played("basra", seed=3))
    page = table_page
    page.goto(f"{server.url}/#/replay/{game_id}")
    page.get_by_role("link", name="Review You's game").click()
    page.locator(".review-summary").wait_for(timeout=60_000)
    assert "Accuracy" in page.locator(".review-summary").inner_text()
    assert page.locator("svg.review-chart polyline").count() == 1
    assert page.get_by_role("heading", name="Your chance to win after each of your moves").count() == 1
    kept = kept_review(game_id, 0, reviews.BUDGET)
    assert kept is not None and page.locator(".review-move").count() == len(kept.summary["mistakes"])
