"""The tables in a real browser: a game of each kind played by clicking, as a player does.

Each test saves a screenshot under its temporary directory.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from deckhand.core.cards import Card, Rank
from tests.web.browser.live import LiveServer, my_turn, needs_chromium

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = needs_chromium


def test_a_whole_three_trios_game_by_clicking(server: LiveServer, table_page: Any, tmp_path: Path) -> None:
    page = table_page
    table, token = server.table(game="three_trios", seats=["human", "easy"], seed=3, names=["You", None])
    page.goto(server.link(table, token))
    moves = 0
    while my_turn(page):
        page.locator(".hand-card:not([disabled])").first.click()
        page.locator("button.cell.playable").first.click()
        moves += 1
        page.wait_for_function(f"() => document.querySelectorAll('.trio.hand-card.owner0').length <= {5 - moves}")
    assert moves == 5  # red plays five cards on the 3×3 board
    page.wait_for_selector(".result h3")
    assert "win" in page.locator(".result h3").inner_text().lower()
    page.screenshot(path=str(tmp_path / "three_trios.png"), full_page=True)


def test_a_cambio_turn_with_a_peek_and_a_swap(server: LiveServer, table_page: Any, tmp_path: Path) -> None:
    page = table_page
    deck = ["S2", "S3", "S4", "S5", "D2", "D3", "D4", "D5", "H7", "C9", "HK", "CK", "DK"]
    table, token = server.table(
        game="cambio", preset="classic", options={"deck": deck}, seats=["human", "seed-easy"], seed=1
    )
    page.goto(server.link(table, token))
    assert my_turn(page)
    page.get_by_role("button", name="the draw pile").click()  # draw: the 7 of Hearts
    page.get_by_role("button", name="the discard pile").click()  # discard it: a 7 peeks at one of your cards
    page.wait_for_selector("text=look at it")
    page.locator('.card[data-place="0.2"]').click()
    page.wait_for_selector('.card.glimpse[data-place="0.2"]')
    assert page.locator('.card[data-place="0.2"]').get_attribute("title") == "4 of Spades"
    page.screenshot(path=str(tmp_path / "cambio_peek.png"), full_page=True)
    assert my_turn(page)  # the computer has played its turn
    page.get_by_role("button", name="the draw pile").click()
    page.wait_for_selector("text=swap it in")
    page.locator('.card[data-place="0.3"]').click()  # swap the card drawn in for slot 3: out comes the 5 of Spades
    page.wait_for_function("() => document.querySelector('.pile [data-pile=discard]')?.title === '5 of Spades'")
    page.wait_for_selector('.log li[title="swap 3"]')  # the log tells it in words; its notation is the tooltip
    page.screenshot(path=str(tmp_path / "cambio_swap.png"), full_page=True)


def click_card(page: Any, code: str) -> None:
    page.locator(f'.felt [title="{Card.parse(code).name}"]').first.click()


def test_a_basra_capture_chosen_by_clicking(server: LiveServer, table_page: Any, tmp_path: Path) -> None:
    page = table_page
    for seed in range(1, 60):
        table, token = server.table(game="basra", seats=["human", "classic"], seed=seed)
        captures = [m for m in server.legal(table) if "{" in m and m.count(" ") == 2]  # one card takes one card
        if captures:
            break
    move = captures[0]
    hand_card, taken = move.split()[1], move.split()[2].strip("{}")
    page.goto(server.link(table, token))
    assert my_turn(page)
    click_card(page, hand_card)
    click_card(page, taken)
    page.get_by_role("button", name="Play", exact=True).first.click()
    page.wait_for_selector(f'.log li[title="{move}"]')
    assert page.locator(f'.felt [title="{Card.parse(hand_card).name}"]').count() == 0
    page.screenshot(path=str(tmp_path / "basra.png"), full_page=True)


def test_a_casino_build_chosen_by_clicking(server: LiveServer, table_page: Any, tmp_path: Path) -> None:
    page = table_page
    builds: list[str] = []
    for seed in range(1, 40):
        table, token = server.table(game="casino", seats=["human", "random"], seed=seed)
        page.goto(server.link(table, token))
        assert my_turn(page)
        if page.get_by_role("button", name="Call heads").count():
            header = page.locator('[data-zone="deck"]')
            assert re.fullmatch(r"Round 1 · deck: \d+ cards", header.inner_text()), header.inner_text()
            page.get_by_role("button", name="Call heads").click()  # the Casino course rules: the person calls the toss
            page.wait_for_function("() => !document.querySelector('.moves button[title=heads]')")
            assert my_turn(page)
            assert header.inner_text().endswith(" · toss called heads")
        builds = [m for m in server.legal(table) if m.startswith("build ") and m.count("{") == 1]
        if builds:
            break
    move = builds[0]
    hand_card = move.split()[1]
    table_cards = move[move.index("{") + 1 : move.index("}")].split()
    click_card(page, hand_card)
    for code in table_cards:
        click_card(page, code)
    page.get_by_role("button", name="Play", exact=True).first.click()
    choices = page.locator('[aria-label="Which move"] button')
    page.wait_for_function(
        """move => document.querySelector('[aria-label="Which move"] button')
            || [...document.querySelectorAll('.log li')].some(li => li.title === move)""",
        arg=move,
    )
    if choices.count():  # still ambiguous (a capture or a build, or several values): the page asks which
        choices.filter(has_text=move).first.click()
    page.wait_for_selector(f'.log li[title="{move}"]')
    page.wait_for_selector(".group")  # the build lies on the table as a group with its value
    page.screenshot(path=str(tmp_path / "casino.png"), full_page=True)


def test_a_go_fish_ask_chosen_by_clicking_says_the_rank_as_players_do(
    server: LiveServer, table_page: Any, tmp_path: Path
) -> None:
    page = table_page
    for seed in range(1, 40):  # a hand with a ten, an ace or a court card: the plurals that "Xs" and "As" got wrong
        table, token = server.table(game="go_fish", seats=["human", "easy"], seed=seed)
        asks = [m for m in server.legal(table) if m.split()[2] in "AXJQK"]  # "ask 1 R"
        if asks:
            break
    ask = asks[0]
    rank = ask.split()[2]
    page.goto(server.link(table, token))
    assert my_turn(page)
    felt = page.locator(".felt").inner_text()
    for debug in ("phase", "turn", "holds", "has_none_of"):
        assert debug not in felt
    assert "0 books" in felt
    plural = Rank(rank).plural
    said = Rank(rank).label if 2 <= Rank(rank).number <= 10 else Rank(rank).word  # "10 of ...", "Queen of ..."
    page.get_by_role("button", name=re.compile(rf"^{said} of \w+, in your hand, slot \d+$")).first.click()
    page.get_by_role("button", name=f"Ask for {plural}").click()
    page.wait_for_selector(f'.log li[title="{ask}"]')
    assert re.search(r"Ask for [AXJQK]s\b", page.content()) is None
    page.screenshot(path=str(tmp_path / "go_fish.png"), full_page=True)
