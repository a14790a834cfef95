"""Beyond one player clicking: the lobby, two people at one screen, a spectator, keys only, a phone, rules, replays."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import deckhand
from deckhand.agents import RandomAgent
from deckhand.core.cards import Card
from deckhand.play import play_game
from deckhand.play.records import GameRecord
from deckhand.store import record_game
from tests.web.browser.live import LiveServer, my_turn, needs_chromium, quiet_and_quick
from tests.web.tables import eventually

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    needs_chromium,
    pytest.mark.slow,
]  # the slow tier: pages played in a browser (CONTRIBUTING, the two tiers)

TABLES = [
    ("three_trios", None),
    ("cambio", None),
    ("basra", None),
    ("basra", "partners"),
    ("casino", None),
    ("go_fish", None),
]


def table_id(page: Any) -> str:
    match = re.search(r"#/table/([^?]+)", page.url)
    assert match, page.url
    return match.group(1)


def type_move(page: Any, move: str) -> None:
    """A move typed with the keyboard alone: ``/`` to the notation box, the move, Enter."""
    page.locator("body").press("/")
    page.keyboard.type(move)
    page.keyboard.press("Enter")


def felt_titles(page: Any) -> set[str]:
    return set(page.locator(".felt [title]").evaluate_all("els => els.map(e => e.title)"))


def hand_names(server: LiveServer, table: str, seat: int) -> set[str]:
    """The names of the cards in ``seat``'s Basra hand, from the dealer's own table."""
    hand = server.state(table).view(seat).to_json()["hands"][seat]
    return {Card.parse(code).name for code in hand}


def test_two_people_at_one_screen_pass_it_over_and_never_see_each_others_cards(
    server: LiveServer, table_page: Any, tmp_path: Path
) -> None:
    page = table_page
    page.goto(server.url + "/")
    page.get_by_role("button", name="Basra", exact=True).click()
    page.get_by_label("Seat 2", exact=True).select_option("second")  # two people: no seed (the server deals)
    page.locator("#start").click()
    page.wait_for_url(re.compile("#/table/"))
    table = table_id(page)
    assert my_turn(page)
    first, second = hand_names(server, table, 0), hand_names(server, table, 1)
    assert first <= felt_titles(page) and not second & felt_titles(page)
    type_move(page, server.legal(table, 0)[0])
    overlay = page.locator(".overlay")
    overlay.get_by_text("Pass the screen to Player 2").wait_for()  # people counted from one
    opaque = overlay.evaluate("el => getComputedStyle(el).backgroundColor")
    assert not opaque.startswith("rgba"), "nothing of the last player's hand shows through"
    page.screenshot(path=str(tmp_path / "handover.png"), full_page=True)
    page.get_by_role("button", name="I am Player 2").click()
    assert my_turn(page)
    shown = felt_titles(page)
    assert hand_names(server, table, 1) <= shown
    assert not hand_names(server, table, 0) & shown, "Player 1's hand is backs now"


def test_a_spectator_sees_the_public_table_and_cannot_move(server: LiveServer, browser: Any, tmp_path: Path) -> None:
    table, token = server.table(game="basra", seats=["human", "easy"], seed=5)
    player = quiet_and_quick(browser.new_page())
    watcher = quiet_and_quick(browser.new_page())
    player.goto(server.link(table, token))
    assert my_turn(player)
    watcher.goto(f"{server.url}/#/table/{table}")
    watcher.get_by_text("(watching)").wait_for()
    type_move(player, server.legal(table)[0])
    watcher.locator(".log li").first.wait_for()
    shown = felt_titles(watcher)  # then the hands: a card played meanwhile leaves a hand, none comes back to one
    hidden = hand_names(server, table, 0) | hand_names(server, table, 1)
    assert not hidden & shown, "no card of either hand reaches a spectator"
    assert watcher.get_by_role("button", name="Hint").count() == 0, "a spectator has no hint to ask for"
    assert watcher.get_by_role("textbox", name="Move in notation").count() == 0, "nor a move box"
    assert watcher.get_by_label("Moves").get_by_role("button").count() == 0
    watcher.screenshot(path=str(tmp_path / "spectator.png"), full_page=True)


def test_a_whole_three_trios_game_with_the_keyboard_alone(server: LiveServer, table_page: Any) -> None:
    page = table_page
    table, token = server.table(game="three_trios", seats=["human", "easy"], seed=8, names=["You", None])
    page.goto(server.link(table, token))
    moves = 0
    while my_turn(page):
        page.locator("body").press("h")
        hint = page.locator(".hint-box").inner_text()
        assert hint.startswith("Hint: Place "), hint  # the move in words; its notation is in the detail
        detail = page.locator(".hint-detail").text_content() or ""
        move = re.search(r"Move: (\S+ \S+?)[;.]", detail)
        assert move, detail
        assert move.group(1) in server.legal(table)
        type_move(page, move.group(1))
        moves += 1
        page.wait_for_function(
            "n => [...document.querySelectorAll('.log li > strong')].filter(s => s.textContent === 'You').length >= n",
            arg=moves,
        )
    assert moves == 5
    page.locator(".result h3").wait_for()


@pytest.mark.parametrize(("name", "preset"), TABLES)
def test_every_table_fits_a_phone(
    server: LiveServer, table_page: Any, tmp_path: Path, name: str, preset: str | None
) -> None:
    page = table_page
    page.set_viewport_size({"width": 360, "height": 740})
    players = deckhand.load_game(name, **({"preset": preset} if preset else {})).num_players
    table, token = server.table(game=name, preset=preset, seats=["human"] + ["easy"] * (players - 1), seed=3)
    page.goto(server.link(table, token))
    page.locator(".felt *").first.wait_for()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{name}: the page is {width} px wide on a 360 px screen"
    if players > 2:
        assert page.locator(".felt .title").count() >= players, "every seat's hand is drawn"
    page.screenshot(path=str(tmp_path / f"{name}-{preset}-360.png"), full_page=True)


def test_the_rules_page_shows_cambios_powers_moving(server: LiveServer, table_page: Any) -> None:
    page = table_page
    page.goto(f"{server.url}/#/rules/cambio")
    page.locator(".demo").first.wait_for()
    assert page.locator(".demo").count() == 4
    moving = page.locator(".demo .stage .a").first.evaluate("el => getComputedStyle(el).animationName")
    assert moving != "none"
    page.get_by_role("heading", name=re.compile("Cambio")).first.wait_for()
    page.get_by_role("button", name="Three Trios").click()
    page.wait_for_url(re.compile("#/rules/three_trios"))
    page.get_by_role("heading", name=re.compile("Three Trios")).first.wait_for()
    assert page.locator(".demo").count() == 0


def test_a_finished_game_replays_step_by_step_from_the_statistics(server: LiveServer, table_page: Any) -> None:
    page = table_page
    table, _ = server.table(game="three_trios", seats=["easy", "easy"], seed=2)
    eventually(lambda: server.state(table).is_terminal(), "the computers finish")
    page.goto(f"{server.url}/#/stats")
    eventually(lambda: page.reload() or page.get_by_role("link", name="Replay").count(), "the game is stored")
    page.get_by_role("link", name="Replay").first.click()
    counter = page.locator(".replay-controls .muted")
    counter.get_by_text("step 0 of 9").wait_for()  # the deal, then nine cards on the 3×3 board
    page.get_by_role("button", name="Next ▶").click()
    counter.get_by_text("step 1 of 9").wait_for()
    page.get_by_role("button", name="Last").click()
    counter.get_by_text("step 9 of 9").wait_for()
    assert page.locator(".felt .trio").count() >= 9


def test_a_replay_names_the_game_and_its_people_as_they_sat(server: LiveServer, table_page: Any) -> None:
    """The title, not the id; each seat counted from one; a person by the name played under, never "Person 0"."""
    page = table_page
    outcome = {"returns": [1.0, 0.0], "scores": [6.0, 4.0]}
    actions = GameRecord.from_state(
        play_game(deckhand.load_game("three_trios"), [RandomAgent(), RandomAgent()], random.Random(3)), ["a", "b"]
    ).actions
    record = GameRecord(
        game="three_trios", rules_version="1", options={}, seats=["human", "hard"], actions=actions, outcome=outcome
    )
    game_id = record_game(record, names=["Ann", None])
    page.goto(f"{server.url}/#/replay/{game_id}")
    page.get_by_role("heading", name=f"Replay of game {game_id}: Three Trios").wait_for()
    page.get_by_text("Seat 1: Ann · Seat 2: Computer (hard)").wait_for()
    page.get_by_role("button", name="Next ▶").click()
    page.locator("[role=status]", has_text="Ann places ").wait_for()  # the move in words, its player first
    assert "Person" not in page.content() and "three_trios" not in page.locator("main").inner_text()


def test_the_statistics_page_shows_people_by_name_as_text(server: LiveServer, page: Any) -> None:
    name = "<b>Ann</b>"
    outcome = {"returns": [1.0, 0.0], "scores": [2.0, 1.0]}
    record = GameRecord(
        game="cambio", rules_version="1", options={}, seats=["human", "easy"], actions=[], outcome=outcome
    )
    record_game(record, names=[name, None])
    page.goto(f"{server.url}/#/stats")
    page.get_by_role("heading", name="People").wait_for()
    row = page.locator("table.stats tr", has_text=name)
    assert row.locator("td").all_inner_texts() == [name, "Cambio", "1", "1", "100%", "0", "1", "0"]  # its title
    assert name in page.locator("ul.list li").first.inner_text()  # the name, not "person", in recent games
    assert page.locator("b", has_text="Ann").count() == 0  # text, never markup


def test_a_rule_that_wraps_in_the_source_stays_one_list_item(server: LiveServer, table_page: Any) -> None:
    """A list item's indented continuation lines belong to it, not to paragraphs of their own."""
    page = table_page
    page.goto(f"{server.url}/#/rules/basra")
    item = page.locator(".rules-text li", has_text="also take any separate groups")
    item.first.wait_for()
    assert "add up to its value" in item.first.inner_text()
    assert page.locator(".rules-text p", has_text="add up").count() == 0


def test_the_lobby_names_presets_and_counts_seats_from_one(server: LiveServer, table_page: Any) -> None:
    page = table_page
    page.goto(server.url + "/")
    page.get_by_role("button", name="Casino", exact=True).click()
    rules = page.get_by_label("Rules", exact=True)
    assert rules.locator("option").all_inner_texts() == ["Ramapo", "Aces 1 or 14"]
    page.locator("#preset-about", has_text="an ace counts 1; the first to 21 points wins").wait_for()
    rules.select_option("aces-either")
    page.locator("#preset-about", has_text="an ace counts 1 or 14, as you choose").wait_for()
    page.get_by_label("Seat 2", exact=True).wait_for()
    labels = page.locator(".seat-row label").all_inner_texts()
    assert labels == ["Seat 1", "Seat 2"], labels
