"""The browser tests' live server and page: Debian's Chromium driven by Playwright.

A live server runs in the test's process (so a test can read the table it
plays at, to know which cards make a capture); Playwright's own browser
download cannot work offline, so the system's Chromium is launched. Without
it the tests skip, saying why (each module marks itself with
``live.needs_chromium``).
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from deckhand.web.app import create_app
from tests.web.browser.live import CHROMIUM, CHROMIUM_ARGS, LiveServer, quiet_and_quick
from tests.web.tables import OWNER


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Playwright's own browser download cannot work offline: launch the system's Chromium."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DECKHAND_DB", f"sqlite:///{tmp_path / 'browser.db'}")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = create_app(owner_token=OWNER)
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
def table_page(page: Any) -> Iterator[Any]:
    """A quiet, quick page; the test fails if the page broke its Content-Security-Policy meanwhile.

    ``wait_for_function`` takes a function (``"() => ..."``): a bare expression is evaluated by ``eval``
    in the page, which the policy refuses.
    """
    refused: list[str] = []

    def heard(message: Any) -> None:
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", heard)
    yield quiet_and_quick(page)
    assert refused == [], "the page did something its Content-Security-Policy refuses"
