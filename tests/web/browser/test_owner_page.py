"""The owner's link in a browser: the lobby lists and resumes the terminal's saves, and the token leaves no trace
in the page; any other browser gets the lobby's note instead."""

from __future__ import annotations

from typing import Any

import pytest

from deckhand.web.owner import COOKIE, OWNER_ONLY
from tests.web.browser.live import LiveServer, needs_chromium
from tests.web.tables import OWNER, save_basra

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    needs_chromium,
    pytest.mark.slow,
]  # the slow tier: pages played in a browser (CONTRIBUTING, the two tiers)

NOTE = f"{OWNER_ONLY[0].upper()}{OWNER_ONLY[1:]}."


def test_the_owners_link_lists_and_resumes_the_saves_and_leaves_the_address_bar(
    server: LiveServer, table_page: Any
) -> None:
    save_basra()
    page = table_page
    page.goto(server.owner_link())
    page.get_by_role("button", name="Resume").wait_for()
    assert page.url == f"{server.url}/", "the token left the address bar"
    assert OWNER not in page.evaluate("() => document.cookie + location.href + document.documentElement.outerHTML")
    (kept,) = [c for c in page.context.cookies() if c["name"] == COOKIE]
    assert kept["value"] == OWNER and kept["httpOnly"] and kept["sameSite"] == "Strict"
    page.reload()  # the cookie stays for the rest of the visit
    page.get_by_role("button", name="Resume").click()
    page.wait_for_url(f"{server.url}/#/table/*")
    page.locator(".status .turn").first.wait_for()


@pytest.mark.parametrize("link", ["plain", "wrong"])
def test_without_the_owners_link_the_lobby_says_whose_the_saves_are(
    server: LiveServer, table_page: Any, link: str
) -> None:
    save_basra()
    page = table_page
    page.goto(server.url if link == "plain" else server.owner_link("x" * 43))
    page.get_by_text(NOTE).wait_for()
    assert page.get_by_role("button", name="Resume").count() == 0
    assert "#owner=" not in page.url
    assert not [c for c in page.context.cookies() if c["name"] == COOKIE]
