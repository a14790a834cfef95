"""Cards a player can read and hear: the SVG faces load, every card has a name that says what and where,
the moves are read out in a live region, the keyboard plays a card, and the smallest card's index is big enough.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from deckhand.core.cards import Card
from tests.web.browser.live import LiveServer, my_turn, needs_chromium

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [
    needs_chromium,
    pytest.mark.slow,
]  # the slow tier: pages played in a browser (CONTRIBUTING, the two tiers)

PLAYING_CARD_GAMES = ["basra", "casino", "cambio", "go_fish"]

SMALLEST_INDEX_PX = 10
"""How tall the rank in the corner of the smallest card drawn must be, in screen pixels."""

FACES = """() => [...document.querySelectorAll('.felt img.face')].map(img => ({
    src: img.getAttribute('src'), complete: img.complete, width: img.naturalWidth }))"""

NAMES = """() => [...document.querySelectorAll('.felt .card')].map(el => ({
    role: el.tagName === 'BUTTON' ? 'button' : el.getAttribute('role'), name: el.getAttribute('aria-label') }))"""

INDEX_HEIGHT = """async code => {
    // the smallest card the tables draw, measured where a player reads it: the rank in its top-left corner
    const { card } = await import('/static/js/cards.js');
    const el = card(code, { tiny: true });
    document.body.append(el);
    const img = el.querySelector('img.face');
    await img.decode();
    const box = img.getBoundingClientRect();
    const scale = window.devicePixelRatio;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(box.width * scale);
    canvas.height = Math.round(box.height * scale);
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    const x0 = Math.floor(canvas.width * 0.02), x1 = Math.ceil(canvas.width * 0.24);
    const pixels = g.getImageData(x0, 0, x1 - x0, Math.floor(canvas.height / 2)).data;
    const inked = (y) => {
        for (let x = 0; x < x1 - x0; x++) {
            const i = (y * (x1 - x0) + x) * 4;
            if (pixels[i + 3] > 128 && Math.min(pixels[i + 1], pixels[i + 2]) < 150) return true;
        }
        return false;
    };
    let top = 0;
    while (top < canvas.height / 2 && !inked(top)) top++;
    let bottom = top;
    while (bottom < canvas.height / 2 && inked(bottom)) bottom++;
    el.remove();
    return { rank: (bottom - top) / scale, cardHeight: box.height };
}"""


def new_table(server: LiveServer, game: str, seed: int = 3) -> tuple[str, str]:
    return server.table(game=game, seats=["human", "easy"], seed=seed, names=["You", None])


def test_every_games_first_table_shows_its_faces_and_names_every_card(server: LiveServer, table_page: Any) -> None:
    page = table_page
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    for game in PLAYING_CARD_GAMES:
        table, token = new_table(server, game)
        page.goto("about:blank")  # a new document for each table: no card of the last one lingers
        page.goto(server.link(table, token))
        my_turn(page)
        if page.get_by_role("button", name="Call heads").count():  # Casino: the toss first, then the deal
            page.get_by_role("button", name="Call heads").click()
        page.locator(".felt img.face").first.wait_for()
        page.wait_for_function("() => [...document.querySelectorAll('.felt img.face')].every(i => i.complete)")
        faces = page.evaluate(FACES)
        assert faces, f"{game}: no face-up card on the first table"
        assert all(f["width"] > 0 for f in faces), f"{game}: a face did not load: {faces}"
        named = page.evaluate(NAMES)
        unnamed = [n for n in named if n["role"] not in ("button", "img") or not n["name"]]
        assert not unnamed, f"{game}: cards without a role and a name: {unnamed}"
    assert missing == [], f"answers of 400 or more: {missing}"


def test_a_card_says_what_it_is_and_where_it_lies(server: LiveServer, table_page: Any) -> None:
    page = table_page
    table, token = new_table(server, "basra")
    page.goto(server.link(table, token))
    assert my_turn(page)
    view = server.state(table).view(0).to_json()
    computer = server.summary(table)["seats"][1]["name"]
    mine, loose = view["hands"][0], view["table"]
    for slot, code in enumerate(mine, start=1):
        name = f"{Card.parse(code).name}, in your hand, slot {slot}"
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    for code in loose:
        name = f"{Card.parse(code).name}, on the table"
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    theirs = {Card.parse(c).name for c in server.state(table).view(1).to_json()["hands"][1]}
    their = page.get_by_role("img", name=re.compile(rf"^face down, in {computer}'s hand, slot \d$"))
    assert their.count() == len(theirs) > 0
    labels = page.locator(".felt [aria-label]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    said = " ".join(labels)
    assert not [name for name in theirs if name in said], "a hidden card's name reached the page"

    table, token = new_table(server, "cambio")
    page.goto(server.link(table, token))
    assert my_turn(page)
    computer = server.summary(table)["seats"][1]["name"]
    slot = page.get_by_role("img", name=f"face down, {computer}'s card 4", exact=True)
    slot.wait_for()  # the page goes from table to table without a reload: Basra's turn may still be showing
    assert slot.count() == 1
    assert page.get_by_role("button", name=re.compile(r"^the draw pile, \d+ cards$")).count() == 1


def test_each_move_is_read_out_in_a_polite_live_region(server: LiveServer, table_page: Any) -> None:
    page = table_page
    table, token = new_table(server, "go_fish")
    page.goto(server.link(table, token))
    assert my_turn(page)
    region = page.locator(".announce")
    assert region.get_attribute("aria-live") == "polite"
    assert region.locator("p").count() == 0, "the table as it was when the page opened is not read out"
    ask = server.legal(table)[0]
    page.locator("body").press("/")
    page.keyboard.type(ask)
    page.keyboard.press("Enter")
    region.locator("p").first.wait_for(state="attached")
    first = region.locator("p").first.text_content() or ""
    assert first.startswith("You ask "), first  # the server's sentence, its subject said once
    log = page.locator(f'.log li[title="{ask}"]').first.text_content() or ""
    words = first.split(".")[0]
    assert words and words in log, (first, log)


def test_a_card_is_played_from_the_keyboard_alone(server: LiveServer, table_page: Any) -> None:
    page = table_page
    for seed in range(1, 40):  # a hand card that takes nothing: lifting it and pressing again trails it
        table, token = new_table(server, "basra", seed)
        trails = [m for m in server.legal(table) if "{" not in m]
        if trails:
            break
    move = trails[0]
    name = Card.parse(move.split()[1]).name
    page.goto(server.link(table, token))
    assert my_turn(page)
    for _ in range(80):  # Tab through the page to the card, as a person without a mouse does
        page.keyboard.press("Tab")
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''")
        if label.startswith(f"{name}, in your hand"):
            break
    else:
        pytest.fail(f"Tab never reached the {name}")
    page.keyboard.press("Enter")
    page.wait_for_selector(".card.selected")
    focused = page.evaluate("() => document.activeElement.getAttribute('aria-label') || ''")
    assert focused.startswith(f"{name}, in your hand"), "the redraw keeps the keyboard on the lifted card"
    page.keyboard.press("Enter")
    page.locator(".announce p").filter(has_text="You ").first.wait_for(state="attached")
    page.wait_for_selector(f'.log li[title="{move}"]')


@pytest.mark.parametrize("width", [1280, 390])
def test_the_smallest_cards_index_is_big_enough_to_read(server: LiveServer, table_page: Any, width: int) -> None:
    page = table_page
    page.set_viewport_size({"width": width, "height": 844})
    table, token = new_table(server, "go_fish")
    page.goto(server.link(table, token))
    page.locator(".felt .card").first.wait_for()
    for code in ("SA", "HA"):
        measured = page.evaluate(INDEX_HEIGHT, code)
        assert measured["rank"] >= SMALLEST_INDEX_PX, f"{code} at {width} px: {measured}"
        assert measured["rank"] < measured["cardHeight"] / 3, f"{code}: measured more than the index: {measured}"
