"""Where deckhand keeps a user's data: the database and the saved games.

``DECKHAND_HOME`` moves everything (tests use it so that they never touch a
user's real data); otherwise it is ``platformdirs.user_data_dir("deckhand")``.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """The directory that holds the database and the autosaves (created on demand)."""
    home = os.environ.get("DECKHAND_HOME")
    path = Path(home) if home else Path(platformdirs.user_data_dir("deckhand"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    """Where unfinished games are saved automatically."""
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def database_url() -> str:
    """``DECKHAND_DB`` (any SQLAlchemy URL), else a SQLite file in :func:`data_dir`."""
    url = os.environ.get("DECKHAND_DB")
    if url:
        return url
    return f"sqlite:///{data_dir() / 'deckhand.db'}"
