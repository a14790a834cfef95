"""Server tests: each gets its own store and data directory, and a TestClient on a fresh app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from deckhand.web.app import create_app


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
def local() -> Iterator[TestClient]:
    """A client at the server's own machine (a loopback address, no proxy): what only its owner may do."""
    with TestClient(create_app(rate=0), client=("127.0.0.1", 50000)) as test_client:
        yield test_client
