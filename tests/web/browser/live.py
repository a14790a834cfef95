"""What the browser tests share: where Chromium is, a live server's handle, waiting for one's turn."""

from __future__ import annotations

import shutil
from typing import Any

import httpx2 as httpx
import pytest

from deckhand.web.owner import LINK
from tests.web.tables import OWNER

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (Debian: apt-get install chromium)")

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


class LiveServer:
    def __init__(self, url: str, app: Any) -> None:
        self.url = url
        self.invites: dict[str, dict[int, str]] = {}
        """Each table's invite codes by seat, as its host was given them."""
        self.app = app

    def table(self, **request: Any) -> tuple[str, str]:
        """A new table; its id and the token of its first person's seat ("" if only computers sit there)."""
        response = httpx.post(f"{self.url}/api/tables", json=request)
        assert response.status_code == 201, response.text
        made = response.json()
        self.invites[made["table"]] = {invite["seat"]: invite["code"] for invite in made["invites"]}
        return made["table"], made["seats"][0]["token"] if made["seats"] else ""

    def legal(self, table: str, seat: int = 0) -> list[str]:
        """The moves the table would accept from ``seat`` now (the test reads the dealer's own table)."""
        state = self.app.state.tables.rooms[table].table.state
        return [state.action_to_string(a) for a in state.legal_actions()] if state.current_player() == seat else []

    def state(self, table: str) -> Any:
        """The dealer's own state of a table (every card in it)."""
        return self.app.state.tables.rooms[table].table.state

    def owner_link(self, token: str = OWNER) -> str:
        """The owner's link, as ``deckhand serve`` prints it (the live server's owner token is :data:`OWNER`)."""
        return f"{self.url}/{LINK}{token}"

    def link(self, table: str, token: str, seat: int = 0) -> str:
        return f"{self.url}/#/table/{table}?seat={seat}&token={token}"

    def invite_link(self, table: str, seat: int) -> str:
        """The link the host sends for ``seat``: its invite code rides after the #, never sent to the server."""
        return f"{self.url}/#/join/{table}/{seat}/{self.invites[table][seat]}"

    def summary(self, table: str) -> dict[str, Any]:
        """``GET /api/tables/{ID}``: built on the server's own thread, so its ``seq`` and ``to_move`` agree."""
        response = httpx.get(f"{self.url}/api/tables/{table}")
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        return found

    def join(self, table: str, name: str, seat: int | None = None) -> tuple[int, str]:
        """A person takes an open seat by the API: the seat and its token."""
        body: dict[str, Any] = {"name": name} if seat is None else {"name": name, "seat": seat}
        invites = self.invites.get(table, {})
        pick = seat if seat is not None else min(invites, default=None)
        if pick in invites:
            body["invite"] = invites[pick]
        response = httpx.post(f"{self.url}/api/tables/{table}/join", json=body)
        assert response.status_code == 200, response.text
        return response.json()["seat"], response.json()["token"]


SHOWN = """() => {
  const table = location.hash.match(/^#\\/table\\/([^?]+)/);
  return !table || [...document.querySelectorAll("a")].some((a) => a.href.endsWith(`#/table/${table[1]}`));
}"""
"""Whether the page shows the table its address names (its watch link): a page that goes from table to
table without a reload still shows the last one for a moment."""


def my_turn(page: Any) -> bool:
    """Wait until the page shows its table and it is this player's move (True) or the game is over (False)."""
    page.wait_for_function(SHOWN)
    page.wait_for_selector(".status .turn.mine, .result")
    return page.locator(".result").count() == 0


def quiet_and_quick(page: Any) -> Any:
    """A page where the computer's moves come at once and nothing sounds; waits up to :data:`TIMEOUT_MS`."""
    page.set_default_timeout(TIMEOUT_MS)
    page.add_init_script("localStorage.setItem('deckhand.pace', '0'); localStorage.setItem('deckhand.muted', 'true');")
    return page
