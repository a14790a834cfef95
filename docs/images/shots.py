"""The README's and docs/browser.md's screenshots, taken again from the tables as they are drawn now.

Run from the project's root: ``python docs/images/shots.py [GAME ...]`` (every game when none is named;
deckhand importable, Playwright installed, a Chromium at ``chromium``; Playwright's own browser download is not
needed). It starts a server of its own on a free port with a throwaway store, plays seeded games by typing moves
as a player may, and writes, at 1280x800:

* ``cambio.png``: Cambio for three against two medium computers, a few turns in: your known cards face up, the
  others' face down, the log with the computers' reasons;
* ``three-trios.png``: Three Trios on the 5x5 board with holes against the medium computer, hint mode on, a
  card of your hand selected: each empty cell says how many cards it would flip there;
* ``basra.png``, ``casino.png``: a few moves in against the medium computer, its last capture marked on the
  table and the log with its reasons;
* ``basra-deck.png``: the end of Basra's first deck, drawn over the table with each side's pile and points;
* ``go-fish.png``: Go Fish for three against two medium computers, a few asks in: the books, what the table
  knows of each hand, the last ask marked and the log with the computers' reasons.

Each PNG is then cut to a 256-colour palette (Pillow, when it is installed) to keep the repository small.
"""

from __future__ import annotations

import os
import shutil
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WIDTH, HEIGHT = 1280, 800


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """deckhand's web app on a thread of this process: the script reads a table's legal moves from it."""

    def __init__(self) -> None:
        import uvicorn

        from deckhand.web.app import create_app

        self.app = create_app()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.running = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        threading.Thread(target=self.running.run, daemon=True).start()
        deadline = time.monotonic() + 20
        while not self.running.started:
            if time.monotonic() > deadline:
                sys.exit("the server did not start")
            time.sleep(0.05)

    def table(self, **request: Any) -> tuple[str, str]:
        """A new table: its id and the first seat's token."""
        import httpx2 as httpx

        made = httpx.post(f"{self.url}/api/tables", json=request).raise_for_status().json()
        return made["table"], made["seats"][0]["token"]

    def legal(self, table: str) -> list[str]:
        """Seat 0's legal moves now (empty when it is not its turn)."""
        state = self.app.state.tables.rooms[table].table.state
        if state.is_terminal() or state.current_player() != 0:
            return []
        return [state.action_to_string(a) for a in state.legal_actions()]

    def stop(self) -> None:
        self.running.should_exit = True


def my_turn(server: Server, table: str, page: Any) -> list[str]:
    """Wait until seat 0 is to move and the page says so: its legal moves."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        legal = server.legal(table)
        if legal:
            page.wait_for_selector(".status .turn.mine")
            return legal
        time.sleep(0.05)
    sys.exit("seat 0 never got the move")


def play(server: Server, table: str, page: Any, pick: Callable[[list[str]], str]) -> None:
    """Type seat 0's next move in notation, and wait until the server has played it."""
    legal = my_turn(server, table, page)
    logged = page.locator(".log li").count()
    box = page.get_by_label("Move in notation")
    box.fill(pick(legal))
    box.press("Enter")
    # the page shows the moves in order: once its log has this one, a "Your move" is the next turn's
    page.wait_for_function("n => document.querySelectorAll('.log li').length > n", arg=logged)


def still(page: Any) -> None:
    """Let every card land and the log settle before the picture."""
    page.evaluate(
        """() => Promise.all(document.getAnimations()
             .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
             .map(a => a.finished.catch(() => null)))"""
    )
    page.mouse.move(0, 0)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(300)


def log_cut(page: Any) -> bool:
    """Whether the log, scrolled to its newest move, shows a line of text cut in half at its top edge."""
    still(page)
    cut: bool = page.evaluate(
        """() => {
             const log = document.querySelector('.log');
             if (!log) return false;
             const top = log.getBoundingClientRect().top;
             const range = document.createRange();
             range.selectNodeContents(log);
             return [...range.getClientRects()].some(r => r.height > 0 && r.top < top - 1 && r.bottom > top + 1);
           }"""
    )
    return cut


def cambio(server: Server, page: Any, out: Path) -> list[str]:
    table, token = server.table(
        game="cambio", options={"players": 3}, seats=["human", "medium", "medium"], seed=7, names=["You"]
    )
    page.goto(f"{server.url}/#/table/{table}?seat=0&token={token}")
    unknown = [2, 3]  # the first two slots were seen at the deal: each drawn card goes where one was not

    def pick(legal: list[str]) -> str:
        if "draw" in legal:
            return "draw"
        for slot in list(unknown):
            if f"swap {slot}" in legal:
                unknown.remove(slot)
                return f"swap {slot}"
        calm = [m for m in ("pass", "skip", "keep", "discard") if m in legal]
        return calm[0] if calm else next(m for m in legal if m != "cambio")

    for turn in range(6):  # two turns of draw and swap at least: every card of yours known, the log full of reasons
        if turn >= 2 and not log_cut(page):
            break
        for _ in range(2):
            play(server, table, page, pick)
        legal = my_turn(server, table, page)
        while "draw" not in legal:  # a stick window: let it pass, the picture is of a turn's start
            play(server, table, page, pick)
            legal = my_turn(server, table, page)
    still(page)
    page.screenshot(path=str(out / "cambio.png"))
    return ["cambio.png"]


def three_trios(server: Server, page: Any, out: Path) -> list[str]:
    table, token = server.table(game="three_trios", preset="holes", seats=["human", "medium"], seed=5, names=["You"])
    page.goto(f"{server.url}/#/table/{table}?seat=0&token={token}")
    for _ in range(3):
        play(server, table, page, lambda legal: legal[len(legal) // 2])
    my_turn(server, table, page)
    page.get_by_label("Hint mode", exact=False).check()
    page.locator(".hand-card:not([disabled])").nth(1).click()
    page.locator(".cell .mark").first.wait_for()
    still(page)
    page.screenshot(path=str(out / "three-trios.png"))
    return ["three-trios.png"]


def greedy(legal: list[str]) -> str:
    """The move that takes the most cards (a fishing game's capture), else the first: a table worth a picture."""
    if "heads" in legal:  # Casino's toss for the first deal
        return "heads"
    return max(legal, key=lambda move: len(move.split()))


def marked(server: Server, table: str, page: Any, pick: Callable[[list[str]], str], moves: int) -> None:
    """Play ``moves`` moves, then on until seat 0 is to move with the computer's last move marked on the table
    (and, when one comes soon, the log's newest moves in sight from the start of one)."""
    for _ in range(moves):
        play(server, table, page, pick)
    for _ in range(20):
        my_turn(server, table, page)
        if page.locator(".last-strip").count() and not log_cut(page):
            return
        play(server, table, page, pick)
    my_turn(server, table, page)
    if not page.locator(".last-strip").count():
        sys.exit("the computer's last move was never marked")


def basra(server: Server, page: Any, out: Path) -> list[str]:
    table, token = server.table(game="basra", seats=["human", "medium"], seed=1, names=["You"])
    page.goto(f"{server.url}/#/table/{table}?seat=0&token={token}")
    marked(server, table, page, greedy, 1)
    still(page)
    page.screenshot(path=str(out / "basra.png"))
    for _ in range(60):  # on to the end of the deck: its tally opens over the table, and stays
        my_turn(server, table, page)
        if page.locator(".outcome").count():
            break
        play(server, table, page, greedy)
    page.wait_for_selector(".outcome")
    still(page)
    page.screenshot(path=str(out / "basra-deck.png"))
    return ["basra.png", "basra-deck.png"]


def casino(server: Server, page: Any, out: Path) -> list[str]:
    table, token = server.table(game="casino", seats=["human", "medium"], seed=2, names=["You"])
    page.goto(f"{server.url}/#/table/{table}?seat=0&token={token}")
    marked(server, table, page, greedy, 1)
    still(page)
    page.screenshot(path=str(out / "casino.png"))
    return ["casino.png"]


def go_fish(server: Server, page: Any, out: Path) -> list[str]:
    table, token = server.table(
        game="go_fish", options={"players": 3}, seats=["human", "medium", "medium"], seed=3, names=["You"]
    )
    page.goto(f"{server.url}/#/table/{table}?seat=0&token={token}")
    marked(server, table, page, lambda legal: legal[len(legal) // 2], 3)
    still(page)
    page.screenshot(path=str(out / "go-fish.png"))
    return ["go-fish.png"]


SHOTS = {"cambio": cambio, "three_trios": three_trios, "basra": basra, "casino": casino, "go_fish": go_fish}


def smaller(path: Path) -> None:
    """A 256-colour palette: the felt's gradient bands a little, the file is a fraction of the size."""
    try:
        from PIL import Image
    except ImportError:
        print(f"{path.name}: Pillow is not installed, left as Chromium wrote it")
        return
    with Image.open(path) as image:
        quantized = image.convert("RGB").quantize(256, method=Image.Quantize.MAXCOVERAGE)
    quantized.save(path, optimize=True)


def main() -> None:
    from playwright.sync_api import sync_playwright

    unknown = [name for name in sys.argv[1:] if name not in SHOTS]
    if unknown:
        sys.exit(f"no such game here: {', '.join(unknown)} (these are: {', '.join(SHOTS)})")
    chosen = [SHOTS[name] for name in sys.argv[1:]] or list(SHOTS.values())
    written: list[str] = []
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("no Chromium here (Debian: apt-get install chromium)")
    home = Path(tempfile.mkdtemp(prefix="deckhand-shots-"))
    os.environ["DECKHAND_HOME"] = str(home / "home")
    os.environ["DECKHAND_DB"] = f"sqlite:///{home / 'shots.db'}"
    server = Server()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            for shoot in chosen:
                context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, reduced_motion="reduce")
                context.add_init_script("localStorage.setItem('deckhand.muted', 'true');")
                page = context.new_page()
                page.set_default_timeout(30_000)
                written += shoot(server, page, HERE)
                context.close()
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)
    for name in written:
        smaller(HERE / name)
        print(f"{HERE / name}: {(HERE / name).stat().st_size} bytes")


if __name__ == "__main__":
    main()
