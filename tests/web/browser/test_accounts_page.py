"""Accounts in the browser: signing up and in, rated games by invite and against a level, profiles, leaderboards.

Each person is a browser context of their own (their own session cookie and
seat tokens). Moves are typed in the notation box from the dealer's legal
moves: a Three Trios game is nine of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest

from tests.web.browser.live import LiveServer, needs_chromium, quiet_and_quick
from tests.web.browser.sight import serious_violations, sideways
from tests.web.browser.test_people_online import fresh_seats, settled, table_id, type_move
from tests.web.tables import eventually

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [needs_chromium, pytest.mark.slow]  # whole games in a browser: the slow tier

PASSWORD = "correct horse battery"


@pytest.fixture
def person(browser: Any) -> Iterator[Any]:
    contexts: list[Any] = []

    def new() -> Any:
        context = browser.new_context()
        contexts.append(context)
        return quiet_and_quick(context.new_page())

    yield new
    for context in contexts:
        context.close()


def play_out(server: LiveServer, table: str, pages: dict[int, Any]) -> None:
    """Each person types the first of their legal moves, in their own page, until the game ends."""
    while True:
        now = eventually(lambda: settled(server, table, pages, None), "a person to move, or the end")
        if now["finished"]:
            return
        seat = now["to_move"]
        pages[seat].locator(".status .turn.mine").wait_for()
        type_move(pages[seat], server.legal(table, seat)[0])
        eventually(lambda: server.summary(table)["seq"] > now["seq"], f"seat {seat}'s move is played")  # noqa: B023


def sign_up(page: Any, server: LiveServer, name: str) -> None:
    page.goto(f"{server.url}/#/signin")
    page.locator("#sign-up-name").fill(name)
    page.locator("#sign-up-password").fill(PASSWORD)
    page.locator("#sign-up-submit").click()
    page.locator("#me", has_text=name).wait_for()


def rated_table(page: Any, server: LiveServer, game: str, seats: dict[int, str]) -> str:
    """A rated table made in the lobby: its id."""
    page.goto(server.url + "/")
    page.locator(".seat-row select").first.wait_for()
    title = {"three_trios": "Three Trios", "go_fish": "Go Fish"}[game]
    fresh_seats(page, lambda: page.get_by_role("button", name=title, exact=True).click())
    for seat, choice in seats.items():
        page.get_by_label(f"Seat {seat + 1}", exact=True).select_option(choice)
    page.locator("#rated").check()
    page.locator("#start").click()
    page.wait_for_url(re.compile("#/table/"))
    return table_id(page)


def profile_rating(page: Any, server: LiveServer, name: str, pool: str) -> str:
    page.goto(f"{server.url}/#/player/{name}")
    row = page.locator(".profile table.stats tr", has_text=pool)
    row.wait_for()
    text: str = row.inner_text()
    return text


def test_two_people_sign_up_and_play_a_rated_game_by_invite(server: LiveServer, person: Any) -> None:
    ada, bea = person(), person()
    sign_up(ada, server, "Ada")
    sign_up(bea, server, "Bea")
    table = rated_table(ada, server, "three_trios", {1: "open"})
    link = ada.locator(".overlay.waiting").get_by_label("Invite link for seat 2").input_value()
    bea.goto(link)
    assert bea.locator("#name").input_value() == "Bea" and bea.locator("#name").is_editable() is False
    bea.locator("#sit-down").click()
    bea.wait_for_url(re.compile("#/table/"))
    bea.locator(".status .seat-tag", has_text="Ada").locator(".account-mark").wait_for()
    play_out(server, table, {0: ada, 1: bea})
    ada.locator(".result h3").wait_for()
    found = eventually(lambda: server.summary(table)["replay"], "the game is stored")
    assert found
    for page, name in ((ada, "Ada"), (bea, "Bea")):
        row = profile_rating(page, server, name, "Three Trios (classic)")
        assert re.search(r"\b1\b", row), row  # one game
        page.locator(".rating-graph").wait_for()
        page.locator(".player-games li", has_text="Three Trios").wait_for()
    ratings = {
        name: httpx.get(f"{server.url}/api/players/{name}").json()["ratings"]["three_trios/classic"]
        for name in ("Ada", "Bea")
    }
    if {r["wins"] for r in ratings.values()} == {0}:  # a draw: nobody moves between equals
        assert {r["rating"] for r in ratings.values()} == {1500}
    else:
        assert (
            sorted(r["rating"] for r in ratings.values())[0] < 1500 < sorted(r["rating"] for r in ratings.values())[1]
        )


def test_a_person_gets_a_rating_from_a_rated_game_against_medium(server: LiveServer, person: Any) -> None:
    ada = person()
    sign_up(ada, server, "Ada")
    table = rated_table(ada, server, "go_fish", {1: "medium"})
    play_out(server, table, {0: ada})
    ada.locator(".result h3").wait_for()
    eventually(lambda: server.summary(table)["replay"], "the game is stored")
    row = profile_rating(ada, server, "Ada", "Go Fish (standard)")
    assert "provisional" in row and "±" in row
    ada.set_viewport_size({"width": 360, "height": 740})
    assert sideways(ada) == 0, "the profile scrolls sideways at 360 px"
    ada.set_viewport_size({"width": 1280, "height": 800})
    assert serious_violations(ada) == [], "the profile: axe finds serious problems"
    ada.goto(f"{server.url}/#/leaderboard/go_fish")
    ada.locator(".leaderboard .level-row", has_text="Computer (medium)").first.wait_for()


def test_wrong_passwords_are_refused_then_limited_and_signing_out_ends_the_session(
    server: LiveServer, person: Any
) -> None:
    ada = person()
    sign_up(ada, server, "Ada")
    ada.locator("#sign-out").click()
    ada.locator("#sign-in-link").wait_for()
    assert httpx.get(f"{server.url}/api/me").status_code == 401
    assert ada.evaluate("fetch('/api/me').then(r => r.status)") == 401
    ada.goto(f"{server.url}/#/signin")
    for attempt in range(6):
        ada.locator("#sign-in-name").fill("Ada")
        ada.locator("#sign-in-password").fill(f"wrong guess {attempt}")
        ada.locator("#sign-in-submit").click()
        problem = ada.locator("#sign-in-problem")
        expected = "Too many wrong passwords" if attempt == 5 else "That name and password do not match an account"
        problem.filter(has_text=expected).wait_for()
        ada.evaluate("() => { document.querySelector('#sign-in-problem').textContent = ''; }")
