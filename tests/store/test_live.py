"""The live tables in the store: rows written come back the same, and leases decide who deals a table."""

from __future__ import annotations

import dataclasses
import os
import secrets
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event, make_url, text

from deckhand.play.records import GameRecord
from deckhand.store.db import get_engine, load_record, stored_names
from deckhand.store.live import (
    AlreadyOpened,
    Claim,
    Finished,
    Holder,
    LiveAction,
    LiveSeat,
    LiveStore,
    LiveTable,
    Progress,
    StoredTable,
)
from deckhand.store.migrations import migrate

POSTGRES = os.environ.get("DECKHAND_TEST_POSTGRES_URL")
T0 = datetime(2030, 1, 2, 3, 4, 5, 678901)
"""A time with microseconds (they must come back), far from any real lease."""
LEASE = timedelta(seconds=30)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a new, empty database: a SQLite file, or a database of its own on the test PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'live.db'}"
        return
    if not POSTGRES:
        pytest.skip("no PostgreSQL server given (DECKHAND_TEST_POSTGRES_URL)")
    name = f"deckhand_live_{secrets.token_hex(4)}"
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    url = make_url(POSTGRES).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        get_engine(url).dispose()
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture
def store(empty: str) -> LiveStore:
    """The live tables of a new database."""
    return LiveStore.at(empty)


def table(
    table_id: str = "t1",
    *,
    owner: str | None = "a#1",
    public: bool = False,
    created: datetime = T0,
    key: str | None = None,
) -> LiveTable:
    return LiveTable(
        id=table_id,
        game="basra",
        rules_version="1",
        options='{"target": 101}',
        seed=2**62 + 3,
        chosen_deal=True,
        start='{"origin": {}, "start": null}',
        spectators=True,
        public=public,
        created_at=created,
        updated_at=created,
        seq=0,
        host_hash="h" * 64,
        stand_in="hard",
        away=60.0,
        owner=owner,
        lease_until=T0 + LEASE if owner else None,
        seats=(
            LiveSeat(seat=0, spec="human", name="Ada", token_hash="t" * 64),
            LiveSeat(seat=1, spec="open", name="Open seat", invite_hash="i" * 64),
        ),
        key_hash=key,
        request_hash=None if key is None else "r" * 64,
    )


ACTIONS = [
    LiveAction("t1", 1, "deal 1", None),
    LiveAction("t1", 2, "H5", 0, "", None),
    LiveAction("t1", 3, "SJ", 1, "the jack sweeps the table", by="hard"),
]


def opened(store: LiveStore, *tables: LiveTable) -> None:
    with store.transaction() as writes:
        writes.open(list(tables))


def claim(owner: str, now: datetime, *, every: bool = False) -> Claim:
    return Claim(owner=owner, until=now + LEASE, now=now, every=every)


def finished_record() -> GameRecord:
    return GameRecord(
        game="basra",
        rules_version="1",
        options={},
        seats=["human", "hard"],
        actions=["H5", "SJ"],
        outcome={"returns": [0.0, 1.0], "scores": [3.0, 101.0]},
    )


# -- rows come back as they were written ------------------------------------------------
def test_a_table_its_seats_and_actions_come_back_as_written(store: LiveStore) -> None:
    opened(store, table())
    with store.transaction() as writes:
        writes.add_actions(ACTIONS[:2])
    with store.transaction() as writes:
        writes.add_actions(ACTIONS[2:])
        writes.progress([Progress("t1", 3, T0 + timedelta(seconds=5))])
    expected = dataclasses.replace(table(), seq=3, updated_at=T0 + timedelta(seconds=5))
    assert store.unfinished(owner="a#1") == [StoredTable(expected, ACTIONS)]
    assert store.unfinished(table_id="t1") == [StoredTable(expected, ACTIONS)]
    assert store.unfinished(table_id="t2") == []
    assert store.unfinished(owner="b#2") == []


def test_unfinished_tables_come_back_oldest_first(store: LiveStore) -> None:
    opened(store, table("late", created=T0 + timedelta(seconds=1)), table("early"))
    assert [stored.table.id for stored in store.unfinished(owner="a#1")] == ["early", "late"]


def test_seats_are_stored_again_when_someone_joins(store: LiveStore) -> None:
    opened(store, table())
    joined = (LiveSeat(0, "human", "Ada", "t" * 64), LiveSeat(1, "human", "Bo", "u" * 64))
    with store.transaction() as writes:
        writes.seat("t1", joined)
    assert store.unfinished(table_id="t1")[0].table.seats == joined


def test_a_finished_game_goes_to_games_and_the_table_is_unfinished_no_more(store: LiveStore) -> None:
    opened(store, table(public=True))
    with store.transaction() as writes:
        (game_id,) = writes.finish([Finished("t1", finished_record(), ["Ada", None])])
    assert load_record(game_id, url=store.engine.url.render_as_string(hide_password=False)).actions == ["H5", "SJ"]
    assert store.unfinished(owner="a#1") == []
    assert store.listed(10) == []
    assert store.claim("t1", claim("a#1", T0)) == Holder("a#1", T0 + LEASE, finished=True, taken=True)
    stored = store.stored("t1")
    assert stored is not None and stored.table.finished_game_id == game_id and stored.table.rematch is None
    with store.transaction() as writes:
        writes.rematch("t1", "t2")
    assert (store.stored("t1") or pytest.fail()).table.rematch == "t2"
    assert store.stored("nothing") is None


def test_a_group_commit_takes_the_same_few_statements_however_many_tables_and_games(store: LiveStore) -> None:
    """Every move waits for its group commit: its statements must not grow with the batch (nor split by columns)."""
    url = store.engine.url.render_as_string(hide_password=False)

    def statements(tables: int) -> int:
        ids = [f"{tables}-{n}" for n in range(tables)]
        opened(store, *(table(i) for i in ids))
        counted = []
        listener = lambda *_: counted.append(1)  # noqa: E731
        event.listen(store.engine, "before_cursor_execute", listener)
        try:
            with store.transaction() as writes:
                # a person's move, a computer's move for an absent person, chance: rows with different columns set
                actions = [LiveAction(i, 1, "deal 1", None) for i in ids]
                actions += [LiveAction(i, 2, "H5", 0, "", None) for i in ids]
                actions += [LiveAction(i, 3, "SJ", 1, "it sweeps", by="hard") for i in ids]
                writes.add_actions(actions)
                writes.progress([Progress(i, 3, T0) for i in ids])
                names = [[f"P{n}", None] for n in range(tables)]
                game_ids = writes.finish(
                    [Finished(i, finished_record(), name) for i, name in zip(ids, names, strict=True)]
                )
        finally:
            event.remove(store.engine, "before_cursor_execute", listener)
        assert len(set(game_ids)) == tables
        for game_id, table_id, name in zip(game_ids, ids, names, strict=True):  # each table linked to its own game
            stored = store.stored(table_id)
            assert stored is not None and stored.table.finished_game_id == game_id
            assert stored_names(game_id, url=url) == name
        return len(counted)

    one, twelve = statements(1), statements(12)
    assert one <= 6
    # SQLite cannot say which id went to which row of one insert: its games are stored one statement each
    assert twelve == one + (11 if store.engine.dialect.name == "sqlite" else 0)


def test_a_finished_table_is_taken_over_like_any_other(store: LiveStore) -> None:
    opened(store, table())
    with store.transaction() as writes:
        writes.finish([Finished("t1", finished_record(), ["Ada", None])])
    assert store.claim("t1", claim("b#2", T0)) == Holder("a#1", T0 + LEASE, finished=True, taken=False)
    taken = store.claim("t1", claim("b#2", T0, every=True))  # a request for it reached b#2
    assert taken == Holder("b#2", T0 + LEASE, finished=True, taken=True)


def test_a_forgotten_table_leaves_nothing_behind(store: LiveStore) -> None:
    opened(store, table(), table("t2"))
    with store.transaction() as writes:
        writes.add_actions(ACTIONS)
        writes.forget("t1")
    assert [stored.table.id for stored in store.unfinished(owner="a#1")] == ["t2"]
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM live_seats WHERE table_id = 't1'")).scalar() == 0
        assert conn.execute(text("SELECT COUNT(*) FROM live_actions")).scalar() == 0


def test_a_failed_transaction_stores_nothing(store: LiveStore) -> None:
    opened(store, table())
    with pytest.raises(ZeroDivisionError), store.transaction() as writes:
        writes.add_actions(ACTIONS)
        writes.progress([Progress("t1", 3, T0)])
        _ = 1 / 0
    assert store.unfinished(table_id="t1") == [StoredTable(table(), [])]


def test_the_lobby_lists_public_unfinished_tables_newest_first(store: LiveStore) -> None:
    tables = [table(f"p{i}", public=True, created=T0 + timedelta(seconds=i)) for i in range(4)]
    opened(store, *tables, table("private"))
    assert [t.id for t in store.listed(10)] == ["p3", "p2", "p1", "p0"]
    assert store.listed(2) == [tables[3], tables[2]]


# -- leases: who deals which table -------------------------------------------------------
def test_a_table_is_owned_while_its_lease_holds_and_taken_over_once_it_ran_out(store: LiveStore) -> None:
    opened(store, table())  # a#1's until T0 + LEASE
    before = T0 + LEASE - timedelta(seconds=1)
    assert store.claim("t1", claim("b#2", before)) == Holder("a#1", T0 + LEASE, finished=False, taken=False)
    after = T0 + LEASE + timedelta(seconds=1)
    assert store.claim("t1", claim("b#2", after)) == Holder("b#2", after + LEASE, finished=False, taken=True)
    assert store.unfinished(owner="b#2")[0].table.lease_until == after + LEASE
    assert store.claim("t1", claim("a#1", after)) == Holder("b#2", after + LEASE, finished=False, taken=False)
    assert store.claim("nothing", claim("a#1", after)) is None


def test_a_renewed_lease_holds_past_its_first_end(store: LiveStore) -> None:
    opened(store, table(), table("t2", owner="b#2"))
    with store.transaction() as writes:
        writes.renew("a#1", T0 + 3 * LEASE)
        assert writes.dealt_by_others(["t1", "t2", "gone"], "a#1") == {"t2"}
        assert writes.owned(["t1", "t2", "gone"], "a#1") == {"t1"}
    later = T0 + 2 * LEASE
    assert store.claim("t1", claim("b#2", later)) == Holder("a#1", T0 + 3 * LEASE, finished=False, taken=False)
    assert store.unfinished(owner="a#1")[0].table.lease_until == T0 + 3 * LEASE


def test_a_released_table_is_anyones_at_once(store: LiveStore) -> None:
    opened(store, table())
    store.release("a#1")
    with store.transaction() as writes:
        assert writes.dealt_by_others(["t1"], "b#2") == set()  # nobody's is not another's
    assert store.claim("t1", claim("b#2", T0)) == Holder("b#2", T0 + LEASE, finished=False, taken=True)


def test_a_process_alone_on_its_database_takes_every_table(store: LiveStore) -> None:
    opened(store, table())
    assert store.claim("t1", claim("b#2", T0, every=True)) == Holder("b#2", T0 + LEASE, finished=False, taken=True)


def test_starting_takes_the_free_unfinished_tables_and_clears_the_free_finished_ones_ended_long_ago(
    store: LiveStore,
) -> None:
    gone, alive = "c#3", "a#1"  # c#3 stopped renewing; a#1 renews
    late = T0 + LEASE
    opened(
        store,
        table("held", owner=alive),
        table("done-held", owner=alive),
        table("expired", owner=gone),
        table("done", owner=gone),
        table("done-lately", owner=gone),
        table("done-nobodys", owner=None),
        table("nobodys", owner=None),
    )
    with store.transaction() as writes:
        for done in ("done", "done-held", "done-lately", "done-nobodys"):
            writes.finish([Finished(done, finished_record(), [None, None])])
        writes.progress([Progress("done-lately", 1, late)])
        writes.renew(alive, T0 + 3 * LEASE)
    now = T0 + 2 * LEASE
    store.claim_free(claim("b#2", now), finished_before=late)
    assert sorted(s.table.id for s in store.unfinished(owner="b#2")) == ["expired", "nobodys"]
    assert [s.table.id for s in store.unfinished(owner=alive)] == ["held"]
    assert store.claim("done", claim("b#2", now)) is None  # cleared: its game is in games
    assert store.claim("done-nobodys", claim("b#2", now)) is None
    assert store.claim("done-held", claim("b#2", now)) == Holder(alive, T0 + 3 * LEASE, finished=True, taken=False)
    assert store.claim("done-lately", claim("b#2", now)) == Holder("b#2", now + LEASE, finished=True, taken=True)


def test_clearing_finished_tables_spares_the_clearers_own(store: LiveStore) -> None:
    opened(store, table("mine", owner="b#2"), table("theirs", owner="c#3"))
    with store.transaction() as writes:
        for done in ("mine", "theirs"):
            writes.finish([Finished(done, finished_record(), [None, None])])
    with store.transaction() as writes:
        assert writes.clear_finished("b#2", T0 + 2 * LEASE, T0 + LEASE) == 1
    assert store.stored("mine") is not None and store.stored("theirs") is None


# -- a table opened with a key: one per key -------------------------------------------------
def test_a_key_opens_one_table_and_a_second_table_with_it_stores_nothing(store: LiveStore) -> None:
    key = "k" * 64
    opened(store, table("t1", key=key), table("t2"), table("t3"))  # tables without a key never clash
    assert store.opened_with(key) == table("t1", key=key)
    assert store.opened_with("x" * 64) is None
    with pytest.raises(AlreadyOpened) as again:
        opened(store, table("t4", key=key), table("t5"))
    assert again.value.table_id == "t1"
    assert store.unfinished(table_id="t4") == [] and store.unfinished(table_id="t5") == [], "nothing of the batch"
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM live_seats WHERE table_id = 't4'")).scalar() == 0


def test_two_tables_with_one_key_in_one_transaction_store_neither(store: LiveStore) -> None:
    with pytest.raises(AlreadyOpened):
        opened(store, table("t1", key="k" * 64), table("t2", key="k" * 64))
    assert store.unfinished() == []


def test_a_key_being_stored_by_another_transaction_is_waited_for_then_refused(store: LiveStore) -> None:
    """Two processes open tables with one key at once: the second waits for the first's commit, then stores nothing."""
    key = "k" * 64
    inserted, second_done = threading.Event(), threading.Event()
    outcome: list[BaseException | None] = []

    def second() -> None:
        inserted.wait(10)
        try:
            opened(store, table("t2", key=key))
            outcome.append(None)
        except BaseException as exc:  # handed to the test's thread
            outcome.append(exc)
        second_done.set()

    other = threading.Thread(target=second)
    other.start()
    with store.transaction() as writes:
        writes.open([table("t1", key=key)])
        inserted.set()
        second_done.wait(0.5)  # it waits on this transaction (the test only lets it try, whatever the timing)
    other.join(20)
    assert len(outcome) == 1 and isinstance(outcome[0], AlreadyOpened), outcome
    assert store.opened_with(key) == table("t1", key=key) and store.unfinished(table_id="t2") == []


def test_a_database_with_live_tables_before_keys_is_upgraded_and_keeps_them(empty: str) -> None:
    engine = create_engine(empty)
    migrate(engine, "0007")
    with engine.begin() as conn:  # a table as deckhand wrote it then
        conn.execute(
            text(
                "INSERT INTO live_tables (id, game, rules_version, options, seed, chosen_deal, spectators, public, "
                "created_at, updated_at, seq, away) VALUES ('t1', 'basra', '1', '{}', 7, false, true, false, "
                ":at, :at, 0, 60.0)"
            ),
            {"at": T0},
        )
    engine.dispose()
    store = LiveStore.at(empty)  # opening the store migrates to the head
    kept = store.stored("t1")
    assert kept is not None and kept.table.seed == 7 and kept.table.key_hash is None
    opened(store, table("t2", key="k" * 64))
    with pytest.raises(AlreadyOpened):
        opened(store, table("t3", key="k" * 64))
