"""The review page: a finished game's Review link (a replay's, a finished table's) shows the progress, then the chart
and the costliest moves."""

from __future__ import annotations

import re
from typing import Any

import pytest

import deckhand.web.reviews as reviews
from deckhand.review import ReviewBudget
from deckhand.review.kept import kept_review
from deckhand.store import record_game
from deckhand.testing.words import faults_in
from tests.review.games import played
from tests.web.browser.live import TIMEOUT_MS, LiveServer, my_turn, needs_chromium

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [needs_chromium, pytest.mark.slow]  # whole games in a browser: the slow tier


def test_a_stored_game_is_reviewed_from_its_replay(
    server: LiveServer, table_page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviews, "BUDGET", ReviewBudget(iterations=20, worlds=8))
    game_id = record_game(played("basra", seed=3))
    page = table_page
    page.goto(server.owner_link())  # a game played at the terminal is reviewed by the server's owner
    page.get_by_text("No saved games").wait_for()
    page.goto(f"{server.url}/#/replay/{game_id}")
    page.get_by_role("link", name="Review this game").click()
    page.locator(".review-summary").wait_for(timeout=60_000)
    assert "Accuracy" in page.locator(".review-summary").inner_text()
    assert page.locator("svg.review-chart polyline").count() == 1
    assert page.get_by_role("heading", name="Your chance to win after each of your moves").count() == 1
    kept = kept_review(game_id, 0, reviews.BUDGET)
    assert kept is not None and page.locator(".review-move").count() == len(kept.summary["mistakes"])
    assert "deals of the unseen cards" in page.locator("main").inner_text()
    said = page.locator("main").inner_text()  # what the review says, scanned as the table's words are
    assert not faults_in(said, "hint"), faults_in(said, "hint")
    if kept.summary["mistakes"]:  # the costliest move, in words; its number opens the replay at that move
        first = next(d for d in kept.decisions if d.number == kept.summary["mistakes"][0])
        assert first.played.rstrip(".") in page.locator(".review-move").first.inner_text()
        page.locator(".review-move a").first.click()
        page.get_by_text(f"step {first.number} of").wait_for()
        # from the reviewed seat's view: its own hand face up, as it saw the table then
        page.get_by_text("What you saw: your own cards face up, no other hidden card.").wait_for()
        assert "seat=0" in page.url

        def faces(query: str, caption: str) -> int:  # face-up cards on the table after the first move
            page.goto(f"{server.url}/#/replay/{game_id}?step=1{query}")
            page.get_by_text(caption).wait_for()  # this replay drawn, not the one before it
            page.get_by_text("step 1 of").wait_for()
            return int(page.locator(".felt img.face").count())

        mine = faces("&seat=0", "What you saw")
        assert mine >= faces("", "What a spectator saw") + 3, "the seat's own hand is face up, a spectator's is not"


def test_a_finished_table_offers_its_seat_the_review_and_a_spectator_none(
    server: LiveServer, table_page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviews, "BUDGET", ReviewBudget(iterations=20, worlds=8))
    table, token = server.table(game="three_trios", seats=["human", "easy"], seed=4)
    page = table_page
    page.goto(server.link(table, token))
    while my_turn(page):  # a card from the hand, then the first place it may go
        logged = page.locator(".log li").count()
        page.locator(".hand-card:not([disabled])").first.click()
        page.locator("button.cell.playable").first.click()
        page.wait_for_function("n => document.querySelectorAll('.log li').length > n", arg=logged)
    ending = page.get_by_role("dialog", name="The game's outcome")
    ending.get_by_role("link", name="Review your game").click()
    page.wait_for_url(re.compile(rf"#/review/\d+\?seat=0&table={table}$"))
    page.locator(".review-summary, .review-progress:text-matches('stopped'), p.error").first.wait_for(timeout=90_000)
    assert page.locator(".review-summary").count() == 1, page.locator("main").inner_text()
    assert page.locator("svg.review-chart polyline").count() == 1

    elsewhere = page.context.browser.new_context()  # another browser: no token of the table in its storage
    watcher = elsewhere.new_page()
    watcher.set_default_timeout(TIMEOUT_MS)
    watcher.goto(f"{server.url}/#/table/{table}")
    watcher.get_by_text("(watching)").wait_for()
    watcher.get_by_role("link", name="Watch the replay").first.wait_for()
    assert watcher.get_by_role("link", name="Review your game").count() == 0, "a spectator is offered no review"
    elsewhere.close()


def test_learn_from_your_mistakes_plays_each_costly_position_on_the_felt(
    server: LiveServer, table_page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From the review, each costly position is drawn as the seat saw it; a move played on the felt is judged (the
    better one "Good"), a better move is shown when asked, and the last position leads back to the review."""
    monkeypatch.setattr(reviews, "BUDGET", ReviewBudget(iterations=20, worlds=8))
    game_id = record_game(played("three_trios", seed=0))
    page = table_page
    page.goto(server.owner_link())
    page.get_by_text("No saved games").wait_for()
    page.goto(f"{server.url}/#/review/{game_id}?seat=0")
    page.get_by_role("link", name="Learn from your mistakes").click(timeout=60_000)
    kept = kept_review(game_id, 0, reviews.BUDGET)
    assert kept is not None
    costly = [d for d in kept.decisions if d.grade]
    page.get_by_role("heading", name=re.compile(rf"Position 1 of {len(costly)}: move {costly[0].number}")).wait_for()
    assert "Find a better move." in page.locator("main").inner_text()
    assert page.locator(".felt .hand-card:not([disabled])").count() >= 1, "the seat's own cards, to play"

    def play(move: str) -> str:
        card, place = move.split()
        row, col = (int(n) for n in place.split(","))
        page.locator(f'.felt .hand-card[data-key="{card}"]').click()
        page.locator(f".felt .grid > :nth-child({row * 3 + col + 1})").click()
        page.locator(".practice-answer strong").wait_for()
        return str(page.locator(".practice-answer").inner_text())

    said = play(costly[0].played_move)
    assert "That is the move you played" in said
    page.get_by_role("button", name="Show a better move").click()
    page.get_by_text("Better: ").wait_for()
    page.get_by_role("button", name=re.compile("Next position|Done")).click()
    for number, decision in enumerate(costly[1:], start=2):
        page.get_by_role("heading", name=re.compile(f"Position {number} of")).wait_for()
        said = play(decision.best_move)
        assert said.startswith(f"{decision.best.rstrip('.')}. Good: "), said
        assert not faults_in(page.locator("main").inner_text(), "hint")
        assert page.locator(".felt .hand-card:not([disabled])").count() == 0, "solved: nothing more to play"
        page.get_by_role("button", name=re.compile("Next position|Done")).click()
    page.locator(".review-summary").wait_for()
