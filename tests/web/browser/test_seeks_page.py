"""Finding a stranger in the lobby: one person asks to play, another accepts, and both land at the same table."""

from __future__ import annotations

import re

import httpx2 as httpx
import pytest

from tests.web.browser.live import LiveServer, needs_chromium
from tests.web.browser.sight import serious_violations
from tests.web.browser.test_people_online import Person, person

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    needs_chromium,
    pytest.mark.slow,
]  # the slow tier: pages played in a browser (CONTRIBUTING, the two tiers)

__all__ = ["person"]  # the fixture


def test_a_person_finds_a_stranger_and_both_sit_at_one_table(server: LiveServer, person: Person) -> None:
    ann, bea = person(), person()
    ann.goto(server.url + "/")
    ann.get_by_role("button", name="Basra", exact=True).click()
    ann.get_by_label("Your name for games with others").fill("Ann")
    ann.get_by_label("Your name for games with others").dispatch_event("change")
    ann.get_by_label("Clock").select_option(label="5 min + 3 s")
    ann.locator("#play-now").click()
    ann.locator(".seek-wait", has_text="Looking for players: Basra").wait_for()
    ann.locator("#seeks li", has_text="(yours)").wait_for()
    assert serious_violations(ann) == [], "the lobby while seeking: axe finds serious problems"
    bea.goto(server.url + "/")
    bea.get_by_label("Your name for games with others").fill("Bea")
    bea.get_by_label("Your name for games with others").dispatch_event("change")
    offer = bea.locator("#seeks li", has_text="Ann · 1 of 2")
    offer.wait_for()
    assert "5 min + 3 s" in offer.inner_text() and "casual" in offer.inner_text()
    offer.get_by_role("button", name="Accept").click()
    bea.wait_for_url(re.compile("#/table/"))
    ann.wait_for_url(re.compile("#/table/"), timeout=10_000)  # her page is told by the lobby's websocket
    table = bea.url.split("#/table/")[1]
    assert ann.url.split("#/table/")[1] == table
    for page in (ann, bea):
        page.locator(".seat-tag .clock").first.wait_for()
        assert page.locator(".seat-tag", has_text="(you)").count() == 1
    names = sorted(seat["name"] for seat in server.summary(table)["seats"])
    assert names == ["Ann", "Bea"]


def test_cancel_withdraws_the_seek(server: LiveServer, person: Person) -> None:
    ann = person()
    ann.goto(server.url + "/")
    ann.get_by_role("button", name="Go Fish", exact=True).click()
    ann.locator("#play-now").click()
    ann.locator("#cancel-seek").click()
    ann.locator("#seeks li", has_text="Nobody is looking").wait_for()


def test_others_see_a_seek_come_and_go_with_its_page_without_reloading(server: LiveServer, person: Person) -> None:
    ann, bea = person(), person()
    bea.goto(server.url + "/")
    bea.locator("#seeks li", has_text="Nobody is looking").wait_for()
    ann.goto(server.url + "/")
    ann.get_by_role("button", name="Go Fish", exact=True).click()
    ann.locator("#play-now").click()
    ann.locator(".seek-wait", has_text="Looking for players: Go Fish").wait_for()
    bea.locator("#seeks li", has_text="1 of").wait_for(timeout=5_000)  # told within a second, not on reload
    ann.close()  # her connection goes: so does her seek, for everyone
    bea.locator("#seeks li", has_text="Nobody is looking").wait_for(timeout=5_000)
    assert httpx.get(server.url + "/api/seeks").json()["seeks"] == []


def test_quick_pairing_seats_two_people_who_ask_for_the_same_game(server: LiveServer, person: Person) -> None:
    ann, bea = person(), person()
    for page in (ann, bea):
        page.goto(server.url + "/")
        page.get_by_role("button", name="Cambio", exact=True).click()
    ann.locator("#play-now").click()
    ann.locator(".seek-wait", has_text="Looking for players: Cambio").wait_for()
    bea.locator("#play-now").click()  # the same game, rules and clock: she joins Ann's seek rather than post one
    bea.wait_for_url(re.compile("#/table/"))
    ann.wait_for_url(re.compile("#/table/"), timeout=10_000)
    table = bea.url.split("#/table/")[1]
    assert ann.url.split("#/table/")[1] == table
    assert sorted(seat["kind"] for seat in server.summary(table)["seats"]) == ["human", "human"]
