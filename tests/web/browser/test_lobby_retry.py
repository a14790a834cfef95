"""The lobby sends a new table's request again, with its key, when the answer is lost: one table, no error shown."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.browser.live import LiveServer, my_turn, needs_chromium

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    needs_chromium,
    pytest.mark.slow,
]  # the slow tier: pages played in a browser (CONTRIBUTING, the two tiers)


def test_a_new_table_whose_answer_was_lost_is_asked_for_again_and_opened_once(
    server: LiveServer, table_page: Any
) -> None:
    page = table_page
    keys: list[str] = []

    def balancer(route: Any) -> None:
        """The first answer is lost on its way back (the process died after storing the table): 502."""
        if route.request.method != "POST":
            route.continue_()
            return
        keys.append(route.request.headers.get("idempotency-key", ""))
        if len(keys) == 1:
            route.fetch()  # the server opened the table; its answer never reaches the page
            route.fulfill(status=502, content_type="text/html", body="<html><body>502 Bad Gateway</body></html>")
        else:
            route.continue_()

    page.route(re.compile(r"/api/tables$"), balancer)
    page.goto(server.url + "/")
    page.get_by_role("button", name="Basra", exact=True).click()
    page.locator("#start").click()
    page.wait_for_url(re.compile("#/table/"))
    assert my_turn(page)
    table = re.search(r"#/table/([^?]+)", page.url)
    rooms = server.app.state.tables.rooms
    assert table and list(rooms) == [table.group(1)], "the table the first try opened, and no other"
    assert len(keys) == 2 and keys[0] == keys[1] and len(keys[0]) >= 32, "sent again with the same key"
