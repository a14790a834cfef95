"""The pages under their Content-Security-Policy in a real browser: nothing refused, and no token in a URL."""

from __future__ import annotations

import re
from typing import Any

import pytest

from deckhand.web.headers import POLICY
from tests.web.browser.live import LiveServer, my_turn, needs_chromium, quiet_and_quick

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = needs_chromium

WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective));
"""


def refusals(console: list[str]) -> list[str]:
    return [text for text in console if "Content Security Policy" in text or "Refused to" in text]


def test_a_game_from_the_lobby_breaks_no_rule_of_the_policy_and_puts_no_token_in_a_url(
    server: LiveServer, page: Any
) -> None:
    page = quiet_and_quick(page)  # not table_page: this test breaks the policy on purpose at its end
    console: list[str] = []
    sockets: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.add_init_script(WATCH_VIOLATIONS)

    lobby = page.goto(server.url + "/")
    assert lobby is not None and lobby.headers["content-security-policy"] == POLICY
    page.get_by_role("button", name="Three Trios", exact=True).click()
    page.locator("#seed").fill("3")
    page.locator("#start").click()
    page.wait_for_url(re.compile("#/table/"))
    assert my_turn(page)
    page.locator(".hand-card:not([disabled])").first.click()
    page.locator("button.cell.playable").first.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.log li > strong')].some(s => s.textContent === 'You')"
    )

    assert page.evaluate("getComputedStyle(document.querySelector('header.top')).display") == "flex", "the CSS loaded"
    assert sockets and all(url.startswith(server.url.replace("http", "ws")) for url in sockets), sockets
    assert not [url for url in sockets if "token" in url], sockets
    assert refusals(console) == []
    assert page.evaluate("window.__violations") == []

    page.evaluate("document.body.setAttribute('style', 'color: red')")  # the listeners do hear a refusal
    page.wait_for_function("() => window.__violations.length > 0")
    assert page.evaluate("window.__violations") == ["style-src-attr"]
    page.wait_for_timeout(200)  # the console message is delivered to this process apart from the event
    assert refusals(console), "the console listener hears it too"
