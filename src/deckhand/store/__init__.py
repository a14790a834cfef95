"""Persistence: finished games and statistics in SQLite or any SQLAlchemy database.

>>> from deckhand.store import record_game, statistics   # doctest: +SKIP
"""

from deckhand.core.paths import data_dir, database_url, saves_dir
from deckhand.store.db import get_engine, load_record, record_game
from deckhand.store.migrations import head, migrate
from deckhand.store.statistics import AgentStats, LevelStats, PersonStats, computer_victory, people, statistics

__all__ = [
    "AgentStats",
    "LevelStats",
    "PersonStats",
    "computer_victory",
    "data_dir",
    "database_url",
    "get_engine",
    "head",
    "load_record",
    "migrate",
    "people",
    "record_game",
    "saves_dir",
    "statistics",
]
