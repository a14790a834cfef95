"""Server tests: each gets its own store and data directory, and a TestClient on a fresh app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from deckhand.web.app import create_app
from deckhand.web.owner import HEADER
from tests.web.tables import OWNER


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DECKHAND_DB", f"sqlite:///{tmp_path / 'web.db'}")
    return tmp_path


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(rate=0)) as test_client:  # the tests move faster than people may
        yield test_client


@pytest.fixture
def owner() -> Iterator[TestClient]:
    """The server's owner: a client that sends the owner token (from an address that counts for nothing)."""
    app = create_app(rate=0, owner_token=OWNER)
    with TestClient(app, client=("203.0.113.7", 50000), headers={HEADER: OWNER}) as test_client:
        yield test_client
