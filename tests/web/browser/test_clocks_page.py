"""The clocks on the table's page: chosen in the lobby, shown in each person's tag, counting down, marked when short."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.browser.live import LiveServer, my_turn, needs_chromium
from tests.web.browser.sight import SIZES, serious_violations
from tests.web.browser.test_people_online import type_move

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    needs_chromium,
    pytest.mark.slow,
]  # the slow tier: pages played in a browser (CONTRIBUTING, the two tiers)


def test_a_clock_chosen_in_the_lobby_runs_in_the_persons_tag_and_not_the_computers(
    server: LiveServer, table_page: Any
) -> None:
    page = table_page
    page.goto(server.url + "/")
    page.get_by_role("button", name="Three Trios", exact=True).click()
    page.get_by_label("Seat 2", exact=True).select_option("easy")
    page.get_by_label("Clock").select_option(label="5 min + 3 s")
    page.locator("#start").click()
    page.wait_for_url(re.compile("#/table/"))
    table = page.url.split("#/table/")[1].split("?")[0]
    assert server.summary(table)["clock"] == {"initial": 300, "increment": 3}
    clocks = page.locator(".seat-tag .clock")
    clocks.first.wait_for()
    assert clocks.count() == 1, "the computer has no clock"
    if my_turn(page):
        mine = page.locator(".clock.running")
        first = mine.inner_text()
        assert re.fullmatch(r"[45]:\d\d", first), first
        page.wait_for_function("() => document.querySelector('.clock.running').textContent !== " + repr(first))
        assert mine.get_attribute("role") == "timer"
        seq = server.app.state.tables.rooms[table].table.seq
        type_move(page, server.legal(table)[0])
        shown = "seq => Number(document.querySelector('.felt')?.dataset.seq) > seq + 1"
        page.wait_for_function(shown, arg=seq)  # the computer has answered: the page shows the time it was sent
        assert server.app.state.tables.rooms[table].table.clock.left[1] is None, "the computer has no time"


def test_short_time_is_marked(server: LiveServer, table_page: Any) -> None:
    table, token = server.table(game="basra", seats=["human", "easy"], clock={"initial": 12})
    page = table_page
    page.goto(server.link(table, token))
    assert my_turn(page)
    page.locator(".clock.running.short").wait_for()  # 12 s are below the 10 s warning within two seconds
    assert page.locator(".clock.short").inner_text().startswith("0:0")
    for width, height in SIZES:  # the clocks fit and pass the audit at every size, short time's red included
        page.set_viewport_size({"width": width, "height": height})
        assert page.locator(".clock.short").is_visible()
        assert serious_violations(page) == [], f"{width}x{height}: axe finds serious problems"


def test_time_that_runs_out_ends_a_two_sided_game_for_the_seat_whose_time_it_was(
    server: LiveServer, table_page: Any
) -> None:
    table, token = server.table(game="basra", seats=["human", "easy"], clock={"initial": 10})
    page = table_page
    page.goto(server.link(table, token))
    assert my_turn(page)
    page.locator(".outcome-ended", has_text="ran out of time").wait_for(timeout=30_000)  # nobody moves: 10 s
    ended = server.app.state.tables.rooms[table].table.ended
    assert ended is not None and ended["how"] == "time" and ended["seat"] == 0
    assert ended["returns"][1] > ended["returns"][0], "the computer, whose time it was not, wins"


def test_with_more_sides_the_stand_in_plays_on_for_the_person_out_of_time(server: LiveServer, table_page: Any) -> None:
    table, token = server.table(
        game="cambio", options={"players": 4}, seats=["human", "easy", "easy", "easy"], clock={"initial": 10}
    )
    page = table_page
    page.goto(server.link(table, token))
    assert my_turn(page)
    page.locator(".log li", has_text="ran out of time").first.wait_for(timeout=30_000)
    room = server.app.state.tables.rooms[table]
    assert room.table.resigned == [0] and room.table.ended is None, "the game goes on without a result yet"
    page.locator(".outcome-card, .result").first.wait_for(timeout=60_000)  # the stand-in plays the seat to the end
    assert room.table.state.is_terminal()
