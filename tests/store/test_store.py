"""Recording finished games, statistics per level, and migrations that keep history."""

from __future__ import annotations

import os
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import MetaData, create_engine, event, inspect, text

import deckhand.store
from deckhand.core.errors import ConfigError
from deckhand.core.registry import game_class
from deckhand.play.records import GameRecord, replay
from deckhand.store import (
    computer_victory,
    database_url,
    get_engine,
    head,
    load_record,
    migrate,
    people,
    record_game,
    statistics,
)
from deckhand.store.statistics import recent_games


def finished(seats: list[str], returns: list[float], game: str = "cambio") -> GameRecord:
    return GameRecord(
        game=game,
        rules_version="1",
        options={"preset": "classic"},
        seats=seats,
        actions=["SA", "draw", "discard"],
        outcome={"returns": returns, "scores": [3.0, 7.0][: len(returns)] + [0.0] * (len(returns) - 2)},
    )


def test_the_default_database_lives_in_the_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("DECKHAND_DB")
    assert database_url() == f"sqlite:///{tmp_path / 'home' / 'deckhand.db'}"


def test_a_recorded_game_comes_back_as_the_same_record() -> None:
    record = finished(["human", "hard"], [1.0, 0.0])
    game_id = record_game(record)
    assert load_record(game_id).to_json() == record.to_json()


def test_unfinished_games_are_not_recorded() -> None:
    record = finished(["human", "hard"], [1.0, 0.0])
    record.outcome = None
    with pytest.raises(ConfigError, match="only finished games"):
        record_game(record)


# (seats, returns, side that won)
GAMES = [
    (["human", "hard"], [0.0, 1.0], "computer"),
    (["human", "hard"], [0.0, 1.0], "computer"),
    (["human", "hard"], [0.0, 1.0], "computer"),
    (["hard", "human"], [0.0, 1.0], "player"),
    (["human", "hard"], [0.5, 0.5], "draw"),
    (["human", "easy"], [1.0, 0.0], "player"),
    (["hard", "easy"], [1.0, 0.0], None),  # computer against computer: no level
]


def test_computer_victory_statistics_per_level_as_seed_000_counts_them() -> None:
    for seats, returns, _ in GAMES:
        record_game(finished(seats, returns))
    levels, agents = statistics()
    table = {(s.game, s.level): (s.played, s.computer_wins, s.player_wins, s.draws) for s in levels}
    assert table == {("cambio", "easy"): (1, 0, 1, 0), ("cambio", "hard"): (5, 3, 1, 1)}
    hard = next(s for s in levels if s.level == "hard")
    assert hard.computer_victory == pytest.approx(3 / 4)  # computerWin / (computerWin + playerWin)
    by_agent = {a.agent: (a.played, a.wins) for a in agents}
    assert by_agent == {"hard": (6, 4.5), "easy": (2, 0.0)}


def test_computer_victory_is_undefined_before_a_decided_game() -> None:
    assert computer_victory(0, 0) is None
    assert computer_victory(1, 3) == 0.25


def test_statistics_can_be_limited_to_one_game() -> None:
    record_game(finished(["human", "hard"], [1.0, 0.0], game="basra"))
    record_game(finished(["human", "hard"], [1.0, 0.0], game="cambio"))
    levels, _ = statistics(game="basra")
    assert [(s.game, s.played) for s in levels] == [("basra", 1)]


def test_mixed_levels_and_several_people() -> None:
    record_game(finished(["human", "hard", "easy"], [0.0, 1.0, 0.0]))
    record_game(finished(["human", "human", "hard"], [0.5, 0.5, 0.0]))
    levels, _ = statistics()
    table = {s.level: (s.played, s.computer_wins, s.player_wins) for s in levels}
    assert table == {"mixed": (1, 1, 0), "hard": (1, 0, 1)}


# (game, seats, names, returns): people by the names they played under
NAMED_GAMES = [
    ("cambio", ["human", "human"], ["Ann", "Bob"], [1.0, 0.0]),  # people only
    ("cambio", ["human", "human", "human"], ["Ann", "Bob", "Cy"], [0.5, 0.5, 0.0]),  # a win shared by two
    ("cambio", ["human", "hard"], ["Ann", None], [0.0, 1.0]),  # against the computer
    ("cambio", ["hard", "human"], [None, "Bob"], [0.0, 1.0]),
    ("cambio", ["human", "human"], ["Ann", None], [0.0, 1.0]),  # an unnamed person: left out, still a person
    ("cambio", ["human", "easy"], [None, None], [1.0, 0.0]),  # from before names were kept: left out
    ("basra", ["human", "human", "easy"], ["Ann", "Cy", None], [0.0, 1.0, 0.0]),
]


def _store_named_games() -> None:
    for game, seats, names, returns in NAMED_GAMES:
        record_game(finished(seats, returns, game=game), names=names)


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        (
            None,
            {
                ("basra", "Ann"): (1, 0.0, 0, 1),
                ("basra", "Cy"): (1, 1.0, 0, 1),
                ("cambio", "Ann"): (4, 1.5, 3, 1),
                ("cambio", "Bob"): (3, 1.5, 2, 1),
                ("cambio", "Cy"): (1, 0.0, 1, 0),
            },
        ),
        ("basra", {("basra", "Ann"): (1, 0.0, 0, 1), ("basra", "Cy"): (1, 1.0, 0, 1)}),
        ("casino", {}),
    ],
)
def test_people_by_name(game: str | None, expected: dict[tuple[str, str], tuple[int, float, int, int]]) -> None:
    _store_named_games()
    found = people(game=game)
    assert [(p.game, p.name) for p in found] == sorted(expected)  # sorted by game, then name
    assert {(p.game, p.name): (p.played, p.wins, p.against_people, p.against_computer) for p in found} == expected


def test_a_persons_win_rate_and_json() -> None:
    _store_named_games()
    bob = next(p for p in people(game="cambio") if p.name == "Bob")
    assert bob.win_rate == pytest.approx(1.5 / 3)
    assert bob.to_json() == {
        "game": "cambio",
        "name": "Bob",
        "played": 3,
        "wins": 1.5,
        "against_people": 2,
        "against_computer": 1,
        "practice": 0,
        "win_rate": pytest.approx(1.5 / 3),
    }


@pytest.mark.parametrize(
    "practice",
    [
        {"meta": {"seed": 7, "chosen_deal": True}},
        {"options": {"preset": "classic", "deck": ["SA", "H9"]}},
    ],
    ids=["a chosen seed", "a stacked deck"],
)
def test_a_game_from_a_chosen_deal_is_counted_apart(practice: dict[str, Any]) -> None:
    """Whoever chose the seed or the deck may have known the cards: the game is practice, not a result."""
    _store_named_games()
    won = finished(["human", "hard"], [1.0, 0.0])
    for key, value in practice.items():
        setattr(won, key, value)
    record_game(won, names=["Bob", None])
    bob = next(p for p in people(game="cambio") if p.name == "Bob")
    assert (bob.played, bob.wins, bob.practice) == (3, 1.5, 1)
    levels, agents = statistics(game="cambio")
    hard = next(s for s in levels if s.level == "hard")
    assert (hard.played, hard.player_wins, hard.practice) == (2, 1, 1)
    assert {a.agent: a.played for a in agents}["hard"] == 2, "nor in the computer's own record"


def test_names_leave_the_other_statistics_alone() -> None:
    _store_named_games()
    levels, agents = statistics(game="cambio")
    assert {s.level: s.played for s in levels} == {"hard": 2, "easy": 1}
    assert {a.agent: (a.played, a.wins) for a in agents} == {"hard": (2, 1.0), "easy": (1, 0.0)}


def test_recent_games_carry_the_names() -> None:
    record_game(finished(["human", "hard"], [1.0, 0.0]), names=["Ann", "ignored for a computer"])
    record_game(finished(["human", "easy"], [1.0, 0.0]))
    newest, oldest = recent_games()
    assert [s["name"] for s in oldest.seats] == ["Ann", None]
    assert [s["name"] for s in newest.seats] == [None, None]


def _databases() -> list[str]:
    urls = ["sqlite"]
    if os.environ.get("DECKHAND_TEST_POSTGRES_URL"):
        urls.append("postgresql")
    return urls


RELEASE_DB = Path(__file__).parent / "fixtures" / "deckhand-0.1.0.sql"
"""A database written by deckhand 0.1.0 (numbered schema steps, four finished games), as SQLite dumped it."""


def release_database(url: str) -> None:
    """Load 0.1.0's database into ``url``: SQLite runs the dump, another database gets its tables and rows."""
    scratch = create_engine("sqlite://")
    with scratch.begin() as conn:
        for statement in RELEASE_DB.read_text().split(";\n"):
            if statement.strip() and not statement.strip().startswith(("BEGIN", "COMMIT", "--")):
                conn.exec_driver_sql(statement)
    if url.startswith("sqlite"):
        target = create_engine(url)
    else:
        target = create_engine(url)
        with target.begin() as conn:  # a clean test database
            for table in ("seats", "games", "deckhand_schema", "alembic_version", *LATER_TABLES):
                conn.execute(text(f"DROP TABLE IF EXISTS {table} CASCADE"))
    old = MetaData()
    event.listen(
        old, "column_reflect", lambda _inspector, _table, column: column.update(type=column["type"].as_generic())
    )
    old.reflect(scratch)
    old.create_all(target)
    with scratch.connect() as source, target.begin() as conn:
        for table in old.sorted_tables:
            rows = [dict(row._mapping) for row in source.execute(table.select())]
            if rows:
                conn.execute(table.insert(), rows)
            if target.dialect.name == "postgresql" and "id" in table.c:  # as if inserted one by one
                conn.execute(
                    text(f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), MAX(id)) FROM {table.name}")
                )
    target.dispose()


VERSIONS = Path(deckhand.store.__file__).parent / "schema" / "versions"
LATER_TABLES = tuple(
    sorted(
        {"live_actions", "live_seats", "live_tables", "people"}
        | {name for path in VERSIONS.glob("*.py") for name in re.findall(r'create_table\(\s*"(\w+)"', path.read_text())}
    )
)
"""Tables later revisions add, read from the revisions themselves (dropped first, so a shared PostgreSQL starts
clean whichever revision last ran on it)."""


@pytest.mark.parametrize("backend", _databases())
def test_a_database_from_release_0_1_is_upgraded_in_place_and_keeps_every_game(backend: str, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}" if backend == "sqlite" else os.environ["DECKHAND_TEST_POSTGRES_URL"]
    release_database(url)
    with create_engine(url).connect() as conn:
        before = conn.execute(text("SELECT id, game, record FROM games ORDER BY id")).all()
        seats_before = conn.execute(text("SELECT game_id, seat, player, human, result FROM seats ORDER BY id")).all()
    assert len(before) == 4
    get_engine(url)  # opening the store migrates to the head
    with create_engine(url).connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == head()
        assert not inspect(conn).has_table("deckhand_schema")
        assert conn.execute(text("SELECT id, game, record FROM games ORDER BY id")).all() == before
        assert conn.execute(text("SELECT game_id, seat, player, human, result FROM seats ORDER BY id")).all() == (
            seats_before
        )
    levels, _ = statistics(url=url)
    played = {(s.game, s.level, s.played) for s in levels}
    assert played == {("cambio", "easy", 1), ("cambio", "hard", 1), ("three_trios", "medium", 1)}
    for game_id, _, _ in before:
        record = load_record(int(game_id), url=url)
        if record.rules_version != game_class(record.game).rules_version:  # the rules changed since: said so
            with pytest.raises(ConfigError, match=f"rules version '{record.rules_version}'"):
                replay(record)
            continue
        replayed = replay(record)
        assert replayed.is_terminal(), "every stored game of the rules played now still replays to its end"
    assert record_game(finished(["human", "easy"], [1.0, 0.0]), url=url) == 5


def test_a_new_database_is_made_at_the_head_and_opening_it_again_changes_nothing(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'new.db'}")
    assert migrate(engine) == head()
    assert migrate(engine) == head()
    with engine.connect() as conn:
        assert {"games", "seats", "alembic_version"} <= set(inspect(conn).get_table_names())


def test_a_database_from_a_newer_deckhand_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    engine = create_engine(url)
    migrate(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(ConfigError, match="newer than this deckhand"):
        migrate(engine)


def test_a_release_0_1_database_from_a_newer_numbered_step_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    release_database(url)
    with create_engine(url).begin() as conn:
        conn.execute(text("INSERT INTO deckhand_schema (version) VALUES (3)"))
    with pytest.raises(ConfigError, match="schema version 3"):
        migrate(create_engine(url))


def test_a_bad_url_is_a_one_line_error() -> None:
    with pytest.raises(ConfigError, match="database"):
        get_engine("nosuchdialect://x")


@pytest.mark.skipif(not os.environ.get("DECKHAND_TEST_POSTGRES_URL"), reason="no PostgreSQL server given")
def test_postgresql_round_trip() -> None:
    url = os.environ["DECKHAND_TEST_POSTGRES_URL"]
    engine = get_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM seats"))
        conn.execute(text("DELETE FROM games"))
    record_game(finished(["human", "hard"], [0.0, 1.0]), url=url)
    levels, _ = statistics(url=url)
    assert [(s.level, s.computer_wins) for s in levels] == [("hard", 1)]


def test_the_computer_victory_statistic_is_seed_000s_fraction() -> None:
    assert computer_victory(2, 1) == pytest.approx(2 / 3)  # the Cambio app shows it as 0.67
    assert computer_victory(1, 3) == 0.25
    assert computer_victory(0, 0) is None  # no decided game yet: the Cambio app shows "-"


def test_a_sqlite_file_in_a_new_directory_is_created(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new' / 'dir' / 'games.db'}"
    record_game(finished(["human", "hard"], [1.0, 0.0]), url=url)
    assert (tmp_path / "new" / "dir" / "games.db").is_file()


def test_threads_opening_a_new_database_at_once_migrate_it_once(tmp_path: Path) -> None:
    """The server stores finished games from worker threads; the first ones used to race to create the schema."""
    url = f"sqlite:///{tmp_path / 'raced.db'}"
    ready = threading.Barrier(8)

    def store_one(i: int) -> int:
        ready.wait()
        return record_game(finished(["human", "easy"], [1.0, 0.0]), url=url)

    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(store_one, range(8)))
    assert sorted(ids) == list(range(1, 9))
    assert statistics(game="cambio", url=url)[0]
