"""The tables in a real browser: Debian's Chromium driven by Playwright, clicking as a player does.

A live server runs in this process (so a test can read the table it plays
at, to know which cards make a capture); each test saves a screenshot under
its temporary directory. Without Chromium the tests skip, saying why.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
import uvicorn

from deckhand.core.cards import Card
from deckhand.web.app import create_app

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (Debian: apt-get install chromium)")

CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 20_000


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Playwright's own browser download cannot work offline: launch the system's Chromium."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


class LiveServer:
    def __init__(self, url: str, app: Any) -> None:
        self.url = url
        self.app = app

    def table(self, **request: Any) -> tuple[str, str]:
        """A new table; its id and the token of seat 0."""
        response = httpx.post(f"{self.url}/api/tables", json=request)
        assert response.status_code == 201, response.text
        made = response.json()
        return made["table"], made["seats"][0]["token"]

    def legal(self, table: str) -> list[str]:
        """The moves the table would accept now (the test reads the dealer's own table)."""
        state = self.app.state.tables.rooms[table].table.state
        return [state.action_to_string(a) for a in state.legal_actions()] if state.current_player() == 0 else []

    def link(self, table: str, token: str) -> str:
        return f"{self.url}/#/table/{table}?seat=0&token={token}"


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DECKHAND_DB", f"sqlite:///{tmp_path / 'browser.db'}")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield LiveServer(f"http://127.0.0.1:{port}", app)
    running.should_exit = True
    thread.join(5)


@pytest.fixture
def table_page(page: Any) -> Any:
    page.set_default_timeout(TIMEOUT_MS)
    page.add_init_script("localStorage.setItem('deckhand.pace', '0'); localStorage.setItem('deckhand.muted', 'true');")
    return page


def my_turn(page: Any) -> bool:
    """Wait until it is this player's move (True) or the game is over (False)."""
    page.wait_for_selector(".status .turn.mine, .result")
    return page.locator(".result").count() == 0


def test_a_whole_three_trios_game_by_clicking(server: LiveServer, table_page: Any, tmp_path: Path) -> None:
    page = table_page
    table, token = server.table(game="three_trios", seats=["human", "easy"], seed=3, names=["You", None])
    page.goto(server.link(table, token))
    moves = 0
    while my_turn(page):
        page.locator(".hand-card:not([disabled])").first.click()
        page.locator("button.cell.playable").first.click()
        moves += 1
        page.wait_for_function(f"document.querySelectorAll('.trio.hand-card.owner0').length <= {5 - moves}")
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
    page.wait_for_function("document.querySelector('.pile [aria-label=\"the discard pile\"]')?.title === '5 of Spades'")
    page.wait_for_selector("text=swap 3")
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
    page.wait_for_selector(f"text={move}")
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
            page.get_by_role("button", name="Call heads").click()  # seed 004: the person calls the toss
            page.wait_for_function("!document.querySelector('.moves button[title=heads]')")
            assert my_turn(page)
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
            || [...document.querySelectorAll('.log li')].some(li => li.textContent.includes(move))""",
        arg=move,
    )
    if choices.count():  # still ambiguous (a capture or a build, or several values): the page asks which
        choices.filter(has_text=move).first.click()
    page.wait_for_selector(f".log >> text={move}")
    page.wait_for_selector(".group")  # the build lies on the table as a group with its value
    page.screenshot(path=str(tmp_path / "casino.png"), full_page=True)
