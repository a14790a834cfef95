"""Every game as a player meets it: started from the lobby by clicking, at two laptops' sizes and a phone's.

Each game is played by clicking to the computer's first reply (Three Trios, Cambio and Go Fish on to their end); at
each step the page must not scroll sideways, the controls and the result must be in sight without scrolling,
no label may lie on another (a lifted card included), and axe-core must find nothing serious. The computer's
reply must be marked on the felt, and the game's outcome must open over the table with its buttons in sight
at every size, until Close dismisses it. One server and
one page per game keep it quick: the three sizes are the same page resized.
"""

from __future__ import annotations

import random
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
import uvicorn

import deckhand
import deckhand.web.reviews as reviews
from deckhand.agents import RandomAgent
from deckhand.play import play_game
from deckhand.play.records import GameRecord
from deckhand.review import ReviewBudget
from deckhand.store import record_game
from deckhand.web.app import create_app
from tests.web.browser.live import LiveServer, my_turn, needs_chromium
from tests.web.browser.sight import SIZES, at_top, fits, out_of_sight, overlapping, serious_violations, sideways
from tests.web.tables import OWNER

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = needs_chromium

COMPUTER_REPLIED = ".log li strong:text-is('Computer')"
LAST_MOVE = ".felt [data-last-move]"
"""What the computer's last move touched (cards, a place, a cell), or the line that says it (an ask)."""
OUTCOME = ".outcome-host [role=dialog]"
OUTCOME_CONTROLS = f"{OUTCOME} button, {OUTCOME} a:not([hidden])"
"""The outcome's Close (or Continue), Rematch, and the replay and review links."""


class Uvicorn:
    """A live server that can go down and come back on the same port, with the same tables."""

    def __init__(self, app: Any) -> None:
        self.app = app
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.running: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    def up(self, lifespan: Literal["on", "off"] = "on") -> None:
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan=lifespan)
        self.running = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.running.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.running.started and time.monotonic() < deadline:
            time.sleep(0.05)
        assert self.running.started, "the server started"

    def down(self) -> None:
        assert self.running and self.thread
        self.running.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, Uvicorn]]:
    """One server for the module's tests (their tables do not meet)."""
    home = tmp_path_factory.mktemp("layout")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DECKHAND_HOME", str(home / "home"))
        patch.setenv("DECKHAND_DB", f"sqlite:///{home / 'layout.db'}")
        server = Uvicorn(create_app(owner_token=OWNER))
        server.up()
        yield LiveServer(f"http://127.0.0.1:{server.port}", server.app), server
        server.down()


@pytest.fixture
def shared(live: tuple[LiveServer, Uvicorn]) -> LiveServer:
    return live[0]


def from_the_lobby(page: Any, server: LiveServer, title: str, seed: int) -> None:
    """Start a practice game against the easy computer as a player does: the game's button, the seed, Play."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server.url + "/")
    page.get_by_role("button", name=title, exact=True).click()
    page.get_by_label("Seat 2", exact=True).select_option("easy")
    page.get_by_label("Seed").fill(str(seed))
    page.locator("#start").click()
    page.wait_for_url(re.compile("#/table/"))


def lifted(page: Any, where: str) -> None:
    """A card lifted by a click covers no label."""
    page.locator(".card.selected, .hand-card.selected").first.wait_for()
    assert overlapping(page) == [], f"{where}: a lifted card covers a label"


def marked(page: Any, where: str) -> None:
    """At every size, the computer's last move is marked on the felt, and the first mark is drawn."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        marks = page.locator(LAST_MOVE)
        assert marks.count() >= 1, f"{where} at {width}x{height}: the computer's last move is not marked"
        assert marks.first.is_visible(), f"{where} at {width}x{height}: the last move's mark is not drawn"


HAND = ".felt .zone:last-child .card, .felt .hand-card"
"""The player's own cards: at a phone's size, mid-game, they must not fall below the fold or under the bar."""


PHONES = [(width, height) for width, height in SIZES if width < 480]


def hand_in_sight(page: Any, where: str, sizes: list[tuple[int, int]] = SIZES) -> None:
    """At every size the player's hand is in sight without scrolling, clear of the sticky bar of buttons."""
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        at = f"{where} at {width}x{height}"
        hidden = out_of_sight(at_top(page), HAND)
        assert not hidden, f"{at}: the hand is out of sight without scrolling: {hidden}"
        covered = page.evaluate(_UNDER_THE_BAR, HAND)
        assert not covered, f"{at}: hand cards lie under the bar of buttons: {covered}"


_UNDER_THE_BAR = """selector => {
  const bar = document.querySelector('.controls');
  if (!bar || getComputedStyle(bar).position !== 'sticky') return [];
  const top = bar.getBoundingClientRect().top;
  return [...document.querySelectorAll(selector)]
    .filter(el => el.getClientRects().length && el.getBoundingClientRect().bottom > top + 1)
    .map(el => el.getAttribute('aria-label') || el.className);
}"""


def outcome_fits(page: Any, where: str, shots: Path) -> None:
    """The game's outcome over the table: at every size its buttons and links are in sight without scrolling, and
    it scrolls nothing sideways; then Close dismisses it (and the result under the table is left)."""
    dialog = page.locator(OUTCOME)
    dialog.wait_for()
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        at = f"{where} at {width}x{height}"
        assert sideways(at_top(page)) == 0, f"{at}: the page scrolls sideways"
        hidden = out_of_sight(page, OUTCOME_CONTROLS)
        assert not hidden, f"{at}: the outcome's controls are out of sight: {hidden}"
        page.screenshot(path=str(shots / f"outcome-{width}x{height}.png"))
    assert serious_violations(page) == [], f"{where}: axe finds serious problems in the outcome"
    dialog.get_by_role("button", name="Close").click()
    assert dialog.count() == 0, f"{where}: Close dismisses the outcome"


def play_three_trios(page: Any) -> None:
    page.locator(".hand-card:not([disabled])").first.click()
    lifted(page, "Three Trios")
    page.locator("button.cell.playable").first.click()


def play_cambio(page: Any) -> None:
    page.get_by_role("button", name="Call cambio").click()  # the round ends after the computer's last turn


def play_fishing(page: Any) -> None:
    """Basra and Casino: a hand card, then the selection's Play (or the first of the moves it could be)."""
    if page.get_by_role("button", name="Call heads").count():  # Casino: whoever calls the toss
        page.get_by_role("button", name="Call heads").click()
        page.wait_for_function("() => !document.querySelector('.moves button[title=heads]')")
        assert my_turn(page)
    page.locator(".felt .zone:last-child .card.clickable").first.click()
    lifted(page, "a fishing game")
    page.locator(".felt .banner").get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function(
        """() => document.querySelector('[aria-label="Which move"] button')
            || document.querySelector('.log li strong')"""
    )
    choices = page.locator('[aria-label="Which move"] button')
    if choices.count():
        choices.first.click()


def play_go_fish(page: Any) -> None:
    page.locator(".felt .zone:last-child .card.clickable").first.click()
    lifted(page, "Go Fish")
    page.get_by_role("button", name=re.compile("^Ask for ")).first.click()


GAMES: list[tuple[str, str, Callable[[Any], None], bool]] = [
    ("three_trios", "Three Trios", play_three_trios, True),
    ("cambio", "Cambio", play_cambio, True),
    ("basra", "Basra", play_fishing, False),
    ("casino", "Casino", play_fishing, False),
    ("go_fish", "Go Fish", play_go_fish, True),
]


@pytest.mark.slow  # every game played to its end at four sizes: the slow tier
@pytest.mark.parametrize(("name", "title", "move", "to_the_end"), GAMES, ids=[g[0] for g in GAMES])
def test_every_game_fits_at_every_size_from_the_first_move_to_the_end(
    shared: LiveServer,
    table_page: Any,
    tmp_path: Path,
    name: str,
    title: str,
    move: Callable[[Any], None],
    to_the_end: bool,
) -> None:
    page = table_page
    from_the_lobby(page, shared, title, seed=3)
    assert my_turn(page)
    fits(page, f"{title}, the first move")
    page.set_viewport_size({"width": 1280, "height": 800})
    move(page)
    page.locator(COMPUTER_REPLIED).first.wait_for()
    if my_turn(page):
        marked(page, f"{title}, after the computer's reply")
        fits(page, f"{title}, after the computer's reply")
        page.screenshot(path=str(tmp_path / f"{name}-reply-390x844.png"))
        assert serious_violations(page) == [], f"{title}: axe finds serious problems"
        hand_in_sight(page, f"{title}, after the computer's reply")
    if not to_the_end and my_turn(page):  # a second move: the piles grow, and the hand must stay in sight
        page.set_viewport_size({"width": 1280, "height": 800})
        shown = page.locator(".felt").get_attribute("data-seq")
        move(page)
        page.wait_for_function("n => Number(document.querySelector('.felt').dataset.seq) > n", arg=int(shown or 0))
        if my_turn(page):
            hand_in_sight(page, f"{title}, after two moves", PHONES)  # the piles grew: the hand stays above the bar
    moves = 0
    while to_the_end and my_turn(page):
        moves += 1
        if moves == 4:  # mid-game, the hand at its fullest for Go Fish
            fits(page, f"{title}, mid-game")
            hand_in_sight(page, f"{title}, mid-game")
        page.set_viewport_size({"width": 1280, "height": 800})
        shown = page.locator(".felt").get_attribute("data-seq")
        move(page)
        # the log keeps its last lines only: the table's own count of changes says the move was played
        page.wait_for_function("n => Number(document.querySelector('.felt').dataset.seq) > n", arg=int(shown or 0))
    if to_the_end:
        page.locator(".result h3").wait_for()
        outcome_fits(page, f"{title}, the game's outcome", tmp_path)
        fits(page, f"{title}, the result")
        page.screenshot(path=str(tmp_path / f"{name}-result-390x844.png"))


def test_a_spectator_has_no_move_box_and_no_hint(shared: LiveServer, table_page: Any) -> None:
    table, _ = shared.table(game="basra", seats=["human", "easy"], seed=5)
    page = table_page
    page.goto(f"{shared.url}/#/table/{table}")
    page.get_by_text("(watching)").wait_for()
    assert page.get_by_role("button", name="Hint").count() == 0
    assert page.get_by_role("textbox", name="Move in notation").count() == 0
    assert sideways(page) == 0
    assert serious_violations(page) == [], "axe finds serious problems on a spectator's table"


def stored_replay() -> str:
    """A finished game in the store, by a person with a name: the statistics and a replay have something to show."""
    final = play_game(deckhand.load_game("three_trios"), [RandomAgent(), RandomAgent()], random.Random(3))
    record = GameRecord.from_state(final, ["human", "hard"])  # as this deckhand plays it: it can be reviewed
    return str(record_game(record, names=["Annabelle-Marguerite", None]))


PAGES = [
    ("lobby", "#/", "#start"),
    ("rules", "#/rules/cambio", ".rules-text"),
    ("statistics", "#/stats", "table.stats"),
    ("sign-in", "#/signin", "#sign-up-submit"),
    ("leaderboard", "#/leaderboard/go_fish", ".leaderboard table.stats"),
]


def test_cambio_after_drawing_fits_a_phone_with_its_controls_clear_of_the_hand(
    shared: LiveServer, table_page: Any
) -> None:
    """After a draw (the drawn card, the prompt and the move buttons on show) Play and Hint are in reach on a phone,
    and the controls bar at the screen's foot covers none of the hand's cards."""
    page = table_page
    from_the_lobby(page, shared, "Cambio", seed=3)
    assert my_turn(page)
    page.get_by_role("button", name="Draw").first.click()
    page.get_by_role("button", name=re.compile("Discard")).first.wait_for()
    fits(page, "Cambio, after drawing")
    page.set_viewport_size({"width": 390, "height": 844})
    assert overlapping(page, ".felt .card, .table-page .controls") == [], "the controls bar covers a card"


def test_a_lifted_table_card_in_basra_covers_no_label(shared: LiveServer, table_page: Any) -> None:
    """A table card lifted by a click stays clear of the table's title, at every size."""
    page = table_page
    from_the_lobby(page, shared, "Basra", seed=3)
    assert my_turn(page)
    page.locator(".felt .zone:not(:last-child) .row .card.clickable").first.click()
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        lifted(page, f"Basra's table at {width}x{height}")


def test_every_page_fits_a_360_px_phone_and_passes_the_audit(
    shared: LiveServer, table_page: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reviews, "BUDGET", ReviewBudget(iterations=20, worlds=8))
    page = table_page
    replay = stored_replay()
    pages = [*PAGES, ("replay", f"#/replay/{replay}", ".replay-controls")]
    for what, path, shown in pages:
        page.set_viewport_size({"width": 360, "height": 740})
        page.goto(f"{shared.url}/{path}")
        page.locator(shown).first.wait_for()
        assert sideways(page) == 0, f"the {what} page scrolls sideways at 360 px"
        page.set_viewport_size({"width": 1280, "height": 800})
        assert serious_violations(page) == [], f"the {what} page: axe finds serious problems"
    page.goto("about:blank")  # a new document: the owner's link is read when the page loads, not on a hash change
    page.goto(shared.owner_link())  # the game was played away from the server: its review is the owner's
    page.locator("#start").wait_for()  # the lobby is drawn once the owner's cookie is set
    for what, path, shown in [
        ("review", f"#/review/{replay}?seat=0", ".review-summary"),
        ("learn from your mistakes", f"#/learn/{replay}?seat=0", ".practice h2, .practice p"),
    ]:
        page.set_viewport_size({"width": 360, "height": 740})
        page.goto(f"{shared.url}/{path}")
        page.locator(f"{shown}, p.error, .review-progress:text-matches('stopped')").first.wait_for(timeout=60_000)
        assert page.locator(shown).count(), page.locator("main").inner_text()
        assert sideways(page) == 0, f"the {what} page scrolls sideways at 360 px"
        page.set_viewport_size({"width": 1280, "height": 800})
        assert serious_violations(page) == [], f"the {what} page: axe finds serious problems"


def test_a_dropped_connection_says_reconnecting_and_seats_are_unknown_until_it_is_back(
    live: tuple[LiveServer, Uvicorn], table_page: Any
) -> None:
    server, running = live
    page = table_page
    table, token = server.table(game="basra", seats=["human", "easy"], seed=2)
    page.goto(server.link(table, token))
    assert my_turn(page)
    presence = page.locator(".status .presence").first
    presence.get_by_text("●").wait_for()
    running.down()
    try:
        page.get_by_text("reconnecting…").wait_for()
        assert "unknown" in presence.inner_text(), "nobody knows who is connected while the server is away"
    finally:
        running.up(lifespan="off")  # the same app, its tables in memory: no second start-up
    presence.get_by_text("●").wait_for()
    assert page.get_by_text("reconnecting…").count() == 0
    assert my_turn(page)
