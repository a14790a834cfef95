"""Moves seen at a person's pace: the reply waits, the computer's last move is marked, its seat thinks, cards
travel (and stay put when the browser asks for reduced motion), and outcomes open an overlay drawn with cards."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser.live import LiveServer, needs_chromium
from tests.web.browser.sight import serious_violations

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [needs_chromium, pytest.mark.slow]  # whole games in a browser: the slow tier

PACE = 1200

# Every change of the log, in the page's own clock, with what the felt showed then: the last move's marks, the
# thinking seat, and the cards on the table.
WATCH = """
window.__seen = [];
new MutationObserver(() => {
  const lines = document.querySelectorAll('.log li').length;
  const seen = window.__seen;
  if (seen.length && seen[seen.length - 1].lines === lines) return;
  seen.push({
    at: performance.now(),
    lines,
    last: document.querySelectorAll('.felt [data-last-move]').length,
    thinking: document.querySelectorAll('.seat-tag.thinking').length,
    keys: [...document.querySelectorAll('.felt .zone [data-key]')].map((e) => e.dataset.key),
  });
}).observe(document, { childList: true, subtree: true });
"""


def paced(page: Any, pace: int = PACE) -> Any:
    """The page at ``pace`` (the fixture's own script sets 0 first), watching the log."""
    page.add_init_script(f"localStorage.setItem('deckhand.pace', '{pace}');")
    page.add_init_script(WATCH)
    return page


def send(page: Any, move: str) -> None:
    """Type ``move`` in notation, as a player may."""
    box = page.get_by_label("Move in notation")
    if not box.is_visible():  # typing is a toggle (or the / key)
        page.get_by_role("button", name="Type a move").click()
    box.fill(move)
    box.press("Enter")


def wait_my_turn(server: LiveServer, table: str, page: Any) -> bool:
    """Until the server waits for seat 0 (True) or the game is over (False), and the page says so (or opens an
    outcome first)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = server.state(table)
        if state.is_terminal():
            return False
        if server.legal(table):
            # the page shows the server's latest state (a paced page may still be drawing the ones before it),
            # unless an outcome opening holds the moves behind it: the page says "Your move" once it is dismissed
            seq = server.app.state.tables.rooms[table].table.seq
            shown = "seq => Number(document.querySelector('.felt')?.dataset.seq) >= seq"
            page.wait_for_function(f"{shown} || document.querySelector('.outcome')", arg=seq)
            page.wait_for_selector(".status .turn.mine, .outcome")
            return True
        time.sleep(0.02)
    raise AssertionError("the computer did not move")


def trail(server: LiveServer, table: str) -> str | None:
    """A Basra move of seat 0 that takes nothing (the card stays on the table), if there is one."""
    return next((m for m in server.legal(table) if "{" not in m and "all" not in m), None)


def test_basra_your_card_stays_for_the_pace_then_the_reply_is_marked(
    server: LiveServer, table_page: Any, tmp_path: Path
) -> None:
    page = paced(table_page)
    for seed in range(1, 80):
        table, token = server.table(game="basra", seats=["human", "classic"], seed=seed)
        move = trail(server, table)
        if move and not move.split()[1].startswith("J") and move.split()[1] != "D7":
            break
    assert move
    played = move.split()[1]
    page.goto(server.link(table, token))
    assert wait_my_turn(server, table, page)
    start = page.evaluate("() => window.__seen.length")
    send(page, move)
    page.wait_for_function(f"() => window.__seen.length >= {start + 2}")  # your move, then the reply
    seen = page.evaluate("() => window.__seen")[start:]
    mine, reply = seen[0], seen[1]
    assert played in mine["keys"], "your card is on the table once you play it"
    assert mine["last"] == 0, "your own move clears the computer's last mark"
    assert mine["thinking"] == 1, "the computer's seat thinks while you look at your move"
    assert reply["at"] - mine["at"] >= PACE - 50, f"the reply came {reply['at'] - mine['at']:.0f} ms after your move"
    assert reply["last"] >= 1, "the computer's move is marked"
    assert page.locator(".felt [data-last-move]").count() >= 1
    page.screenshot(path=str(tmp_path / "basra_last_move.png"))


def test_casino_your_card_stays_for_the_pace(server: LiveServer, table_page: Any) -> None:
    page = paced(table_page)
    table, token = server.table(game="casino", seats=["human", "easy"], seed=5)
    page.goto(server.link(table, token))
    assert wait_my_turn(server, table, page)
    if "heads" in server.legal(table):
        send(page, "heads")
        deadline = time.monotonic() + 30
        while "heads" in server.legal(table) and time.monotonic() < deadline:
            time.sleep(0.02)  # the call is still open until the server has taken it
        assert wait_my_turn(server, table, page)
    legal = server.legal(table)
    move = next((m for m in legal if m.startswith("trail ")), legal[0])
    start = page.evaluate("() => window.__seen.length")
    send(page, move)
    page.wait_for_function(f"() => window.__seen.length >= {start + 2}")
    seen = page.evaluate("() => window.__seen")[start:]
    assert seen[1]["at"] - seen[0]["at"] >= PACE - 50
    assert seen[0]["thinking"] == 1 and seen[0]["last"] == 0
    assert seen[1]["last"] >= 1


@pytest.mark.parametrize(("game", "computer"), [("basra", "classic"), ("go_fish", "easy")])
def test_cards_travel_unless_the_browser_asks_for_reduced_motion(
    server: LiveServer, table_page: Any, game: str, computer: str
) -> None:
    travelled = {}
    for motion in ("no-preference", "reduce"):
        page = table_page
        page.emulate_media(reduced_motion=motion)
        table, token = server.table(game=game, seats=["human", computer], seed=7)
        page.goto("about:blank")  # a new document: the last table's log and felt cannot answer for this one
        page.goto(server.link(table, token))
        assert wait_my_turn(server, table, page)
        send(page, server.legal(table)[0])
        page.wait_for_function("() => document.querySelectorAll('.log li').length >= 2")
        travelled[motion] = int(page.locator(".felt").get_attribute("data-travelled") or 0)
    assert travelled["no-preference"] > 0
    assert travelled["reduce"] == 0


def play_until_overlay(server: LiveServer, table: str, page: Any, pick: Any) -> None:
    """Play ``pick(legal)`` until an outcome overlay opens."""
    for _ in range(200):
        if page.locator(".outcome").count() or not wait_my_turn(server, table, page):
            break
        if page.locator(".outcome").count():
            break
        moves = len(server.state(table).history())
        send(page, pick(server.legal(table)))
        deadline = time.monotonic() + 10
        while len(server.state(table).history()) == moves and time.monotonic() < deadline:
            time.sleep(0.01)  # until the server has played the move
    page.wait_for_selector(".outcome")


def stays_until_dismissed(page: Any) -> None:
    """The overlay stays, and the moves behind it wait: the log and the felt hold still until it is dismissed."""
    logged = page.locator(".log li").count()
    felt = page.locator(".felt").inner_html()
    page.wait_for_timeout(1500)
    assert page.locator(".outcome").count() == 1
    assert page.locator(".log li").count() == logged, "a move was shown behind the overlay"
    assert page.locator(".felt").inner_html() == felt, "the felt changed behind the overlay"
    page.locator(".outcome-actions button").click()
    assert page.locator(".outcome").count() == 0


_ANIMATING_AT_OUTCOME = """() => {
  window.animatingAtOutcome = null;
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.outcome')) return;
    window.animatingAtOutcome = document.querySelector('.felt').getAnimations({ subtree: true })
      .filter(a => a.playState === 'running').length;
    observer.disconnect();
  }).observe(document.documentElement, { childList: true, subtree: true });
}"""
"""Counts, when the outcome opens, the felt's animations still running (the last move's travels and flips)."""


def test_the_end_of_a_basra_deck_is_drawn_with_its_piles(server: LiveServer, table_page: Any, tmp_path: Path) -> None:
    page = table_page
    table, token = server.table(game="basra", seats=["human", "easy"], seed=2)
    page.goto(server.link(table, token))
    play_until_overlay(server, table, page, lambda legal: legal[0])
    overlay = page.locator(".outcome")
    assert "Deck 1 is over" in overlay.inner_text()
    assert overlay.locator(".tally-side").count() == 2
    assert overlay.locator(".tally-pile .card").count() > 20
    assert overlay.locator(".tally-pile .card.counted").count() >= 1  # the 10♦, the 2♠, jacks and aces lifted out
    assert "total" in overlay.inner_text()
    assert overlay.locator(".tally-notes .feat").count() >= 1, "this deck's basras are noted, in their gold"
    assert serious_violations(page) == [], "axe finds serious problems in the deck's tally"
    for size in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.screenshot(path=str(tmp_path / f"basra_deck_{size[0]}x{size[1]}.png"))
    stays_until_dismissed(page)


def test_the_end_of_a_casino_round_is_drawn_with_its_piles(server: LiveServer, table_page: Any) -> None:
    page = table_page
    table, token = server.table(game="casino", seats=["human", "easy"], seed=5)
    page.goto(server.link(table, token))
    play_until_overlay(server, table, page, lambda legal: legal[0])
    overlay = page.locator(".outcome")
    assert "Round 1 is over" in overlay.inner_text()
    assert overlay.locator(".tally-side").count() == 2
    assert overlay.locator(".tally-pile .card").count() > 20
    assert "spades" in overlay.inner_text()
    assert serious_violations(page) == [], "axe finds serious problems in the round's tally"
    stays_until_dismissed(page)


def test_the_end_of_a_game_offers_its_replay(server: LiveServer, table_page: Any) -> None:
    page = table_page
    table, token = server.table(game="three_trios", seats=["human", "easy"], seed=3, names=["You", None])
    page.goto(server.link(table, token))
    page.wait_for_selector(".felt *")
    page.evaluate(_ANIMATING_AT_OUTCOME)
    play_until_overlay(server, table, page, lambda legal: legal[0])
    overlay = page.locator(".outcome-end")
    overlay.wait_for()
    assert page.evaluate("() => window.animatingAtOutcome") == 0, "the last placement's flips ran under the overlay"
    assert "Final scores" in overlay.inner_text()
    page.wait_for_selector(".outcome a.replay-link:not([hidden])")
    review = page.locator(".outcome a.review-link")
    assert review.get_attribute("hidden") is None, "the seated player is offered the review of their game"
    assert re.fullmatch(rf"#/review/\d+\?seat=0&table={table}", review.get_attribute("href") or "")
    stays_until_dismissed(page)


def test_the_deck_that_ends_a_basra_game_is_drawn_in_the_games_outcome(server: LiveServer, table_page: Any) -> None:
    page = table_page
    table, token = server.table(game="basra", seats=["human", "easy"], seed=2, options={"target": 1})
    page.goto(server.link(table, token))
    play_until_overlay(server, table, page, lambda legal: legal[0])
    overlay = page.locator(".outcome-end")
    overlay.wait_for()
    assert "the game is over" in overlay.inner_text().lower()
    assert overlay.locator(".tally-side").count() == 2
    assert overlay.locator(".tally-pile .card").count() >= 1
    assert "Final scores" in overlay.inner_text()
    assert serious_violations(page) == [], "axe finds serious problems in the game's outcome"


def test_cambio_ends_with_every_hand_face_up_and_its_total(server: LiveServer, table_page: Any, tmp_path: Path) -> None:
    page = table_page
    table, token = server.table(game="cambio", preset="classic", seats=["human", "seed-easy"], seed=4)
    page.goto(server.link(table, token))

    def pick(legal: list[str]) -> str:
        return (
            "cambio"
            if "cambio" in legal
            else next((m for m in legal if m in ("draw", "discard", "pass", "skip", "keep")), legal[0])
        )

    play_until_overlay(server, table, page, pick)
    overlay = page.locator(".outcome-end")
    overlay.wait_for()
    assert "lowest wins" in overlay.inner_text().lower()
    assert overlay.locator(".outcome-hand").count() == 2
    assert overlay.locator(".outcome-hand .card.back").count() == 0  # every card face up
    assert overlay.locator(".outcome-hand .card").count() >= 8
    page.screenshot(path=str(tmp_path / "cambio_end.png"))
