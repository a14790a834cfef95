"""Resigning and aborting from the table's page: Resign asks twice, Abort only before one's first move."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.live import LiveServer, my_turn, needs_chromium
from tests.web.browser.test_people_online import Person, person, sit_down, tag, type_move

__all__ = ["person"]  # the fixture

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    needs_chromium,
    pytest.mark.slow,
]  # the slow tier: pages played in a browser (CONTRIBUTING, the two tiers)


def test_resign_asks_twice_then_ends_the_game(server: LiveServer, table_page: Any) -> None:
    table, token = server.table(game="basra", seats=["human", "easy"], names=["Ada", None])
    page = table_page
    page.goto(server.link(table, token))
    page.locator("#resign").wait_for()
    page.locator("#resign").click()
    page.get_by_role("button", name="Resign? Click again").wait_for()
    assert not server.summary(table)["finished"], "one click resigns nothing"
    page.locator("#resign").click()
    page.locator(".status .turn", has_text="Ada resigned.").wait_for()
    assert server.summary(table)["ended"]["how"] == "resigned"
    page.locator("#resign").wait_for(state="detached")


def test_abort_is_offered_until_ones_first_move(server: LiveServer, table_page: Any) -> None:
    table, token = server.table(game="three_trios", seats=["human", "easy"], names=["Ada", None], seed=4)
    page = table_page
    page.goto(server.link(table, token))
    assert my_turn(page)
    assert page.locator("#abort").is_visible()
    type_move(page, server.legal(table)[0])
    page.locator("#abort").wait_for(state="hidden")
    again, token = server.table(game="three_trios", seats=["human", "easy"], names=["Ada", None], seed=4)
    page.goto(server.link(again, token))
    assert my_turn(page)
    page.locator("#abort").click()
    page.locator(".status .turn", has_text="Ada aborted the game").wait_for()
    assert server.summary(again)["finished"] and server.summary(again)["replay"] is None


def test_the_others_see_how_long_a_person_who_left_keeps_their_seat_then_may_claim_the_game(
    server: LiveServer, person: Person
) -> None:
    table, token = server.table(game="basra", seats=["human", "open"], names=["Ann", None], away=2)
    ann, bea = person(), person()
    ann.goto(server.link(table, token))
    sit_down(bea, server.invite_link(table, 1), "Bea")
    bea.close()  # Bea's page is gone
    tag(ann, "Bea").locator(".away-time", has_text="back within").wait_for()
    claim = ann.get_by_role("button", name="Claim the game")
    claim.wait_for()  # past the grace of 2 s
    assert tag(ann, "Bea").locator(".away-time").inner_text().strip() == "· left"
    claim.click()
    ann.locator(".status .turn", has_text="Bea left the game: the game is claimed.").wait_for()
    assert server.summary(table)["ended"]["how"] == "abandoned"


def test_typing_a_move_is_a_toggle_not_a_second_play_button(server: LiveServer, table_page: Any) -> None:
    table, token = server.table(game="basra", seats=["human", "easy"], names=["Ann", None])
    page = table_page
    page.goto(server.link(table, token))
    assert my_turn(page)
    box = page.get_by_role("textbox", name="Move in notation")
    assert not box.is_visible(), "the notation box waits for those who want it"
    assert page.locator(".move-box").get_by_role("button", name="Play", exact=True).count() == 0
    page.keyboard.press("/")
    box.wait_for()
    assert box.evaluate("el => el === document.activeElement")
    assert page.get_by_role("button", name="Type a move").get_attribute("aria-expanded") == "true"


def _play_out(server: LiveServer, table: str, token: str) -> None:
    """Random moves at the table, by its websocket, until the game ends (the page then opens on its end)."""
    import asyncio
    import json
    import random
    from concurrent.futures import ThreadPoolExecutor

    from websockets.asyncio.client import connect

    async def play() -> None:
        rng = random.Random(1)
        async with connect(server.url.replace("http", "ws") + f"/ws/tables/{table}?token={token}") as ws:
            while True:
                message = json.loads(await ws.recv())
                if message["type"] == "state" and message["result"] is not None:
                    return
                if message["type"] == "state" and message["legal"]:
                    await ws.send(json.dumps({"type": "move", "move": rng.choice(message["legal"])}))

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, play()).result(60)


@pytest.mark.parametrize(
    ("game", "shown"),
    [("go_fish", ".gofish-outcome .outcome-hand .card"), ("three_trios", ".trios-outcome .grid .trio")],
)
def test_the_end_shows_what_decided_it(server: LiveServer, table_page: Any, game: str, shown: str) -> None:
    """Go Fish's end shows every seat's books, Three Trios' the final board, as Basra's and Casino's show piles."""
    table, token = server.table(game=game, seats=["human", "easy"], names=["Ann", None], seed=3)
    _play_out(server, table, token)
    page = table_page
    page.goto(server.link(table, token))
    page.locator(".outcome").wait_for()
    assert page.locator(shown).count() >= (3 if game == "go_fish" else 9)
    assert page.locator(".outcome .outcome-rule").inner_text().endswith("wins.")
