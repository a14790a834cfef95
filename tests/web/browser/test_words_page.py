"""The words scan over what a player reads in the browser: a whole game of each game, its hints, log, labels,
outcomes and result, read for the program's voice (:func:`deckhand.testing.words.faults_in`) as the terminal's
words are. A fault here is a fault a player would see."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import deckhand
from deckhand.testing.words import faults_in
from tests.web.browser.live import LiveServer, needs_chromium
from tests.web.browser.test_motion import send, wait_my_turn

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [needs_chromium, pytest.mark.slow]  # whole games in a browser: the slow tier

READ = """() => {
  const texts = [];
  const add = (kind, text, where) => { if (text && text.trim()) texts.push([kind, text.trim(), where]); };
  for (const el of document.querySelectorAll(".felt [aria-label], .status [aria-label], .controls [aria-label]")) {
    add("words", el.getAttribute("aria-label"), "a label");
  }
  const table = ".felt .banner, .felt .prompt, .status .turn, .controls button, .controls p[role=status]";
  for (const el of document.querySelectorAll(table)) {
    add("words", el.textContent, "the table");
  }
  const hint = document.querySelector(".hint-box");
  if (hint) add("hint", hint.firstChild && hint.childNodes[1] ? hint.childNodes[1].textContent : "", "the hint");
  for (const el of document.querySelectorAll(".outcome-card, .result")) add("words", el.innerText, "the outcome");
  return texts;
}"""
"""What a player reads on the table now, each with its kind (words of the table, or a hint said to them)."""

LOG = """() => [...document.querySelectorAll(".log li")].map((li) => {
  const reason = li.querySelector(".reason");
  const said = li.querySelector(".said");
  const told = [...li.childNodes].filter((n) => n !== reason && n !== said).map((n) => n.textContent).join("");
  return [told, reason ? reason.textContent : "", said ? said.textContent : ""];
})"""


def shown(page: Any) -> list[tuple[str, str, str]]:
    """What a player reads on the table now: (kind, text, where)."""
    return [(str(kind), str(text), str(where)) for kind, text, where in page.evaluate(READ)]


@pytest.mark.parametrize("name", deckhand.games())
def test_what_the_browser_says_reads_as_a_player_speaks(server: LiveServer, table_page: Any, name: str) -> None:
    page = table_page
    table, token = server.table(game=name, seats=["human", "easy"], seed=2)
    page.goto(server.link(table, token))
    rng = random.Random(2)
    read: list[tuple[str, str, str]] = []
    notations: set[str] = set()
    while wait_my_turn(server, table, page):
        outcome = page.locator(".outcome-actions button")
        if outcome.count():
            read += shown(page)
            outcome.click()
            continue
        legal = server.legal(table)
        notations |= set(legal)
        page.keyboard.press("h")
        page.locator(".hint-box").wait_for()
        read += shown(page)
        seq = server.app.state.tables.rooms[table].table.seq
        clickable = page.locator(".felt .card.clickable")
        overlaid = page.locator(".outcome-host [role=dialog]").count()
        if clickable.count() and not overlaid:  # what a click says (a selection, a prompt), then cleared
            clickable.nth(rng.randrange(clickable.count())).click()
            read += [(kind, text, f"{where}, after a click") for kind, text, where in shown(page)]
            settle = time.monotonic() + 1
            while server.app.state.tables.rooms[table].table.seq == seq and time.monotonic() < settle:
                time.sleep(0.02)
            if server.app.state.tables.rooms[table].table.seq != seq:
                continue  # the click was the move
            page.keyboard.press("Escape")
        send(page, rng.choice(legal))
        deadline = time.monotonic() + 30
        while server.app.state.tables.rooms[table].table.seq == seq and time.monotonic() < deadline:
            time.sleep(0.02)
    page.locator(".result, .outcome-card").first.wait_for()
    read += shown(page)
    for told, reason, said in page.evaluate(LOG):
        read += [("words", told, "the log"), ("public", reason, "a reason in the log"), ("words", said, "the log")]
    typed = sorted(notations)
    faults = sorted(
        {f"{where}: {fault} in {text!r}" for kind, text, where in read for fault in faults_in(text, kind, typed)}
    )
    assert len(read) > 20, f"only {len(read)} texts read"
    assert not faults, "\n".join(faults)
