"""The arena: paired deals, rotating seats, reproducible summaries, the store and the CLI."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from deckhand.agents.registry import make_agent
from deckhand.agents.search import SearchAgent
from deckhand.cli_arena import _split_agents, parse_options, register
from deckhand.core.errors import ConfigError
from deckhand.core.registry import load_game
from deckhand.play.arena import Match, lineups, play_match, run_arena, schedule


def test_two_agents_swap_seats_on_every_deal() -> None:
    matches = schedule(2, 2, 6, seed=1)
    assert [m.lineup for m in matches] == [(0, 1), (1, 0)] * 3
    assert [m.deal for m in matches] == [0, 0, 1, 1, 2, 2]
    assert matches[0].seed == matches[1].seed != matches[2].seed


def test_more_agents_than_seats_cycle_through_every_table() -> None:
    matches = schedule(3, 2, 12, seed=1)
    tables = [frozenset(m.lineup) for m in matches[::2]]
    assert tables == [frozenset({0, 1}), frozenset({0, 2}), frozenset({1, 2})] * 2


def test_two_agents_alternate_round_a_table_of_four() -> None:
    assert lineups([0, 1], 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert lineups([0, 1, 2, 3], 4) == [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)]


def test_the_same_deal_seed_deals_the_same_cards() -> None:
    first, second = schedule(2, 2, 2, seed=7)
    specs = ("random", "corner")
    one = play_match("three_trios", {"shuffle": True}, specs, first)
    two = play_match("three_trios", {"shuffle": True}, specs, second)
    deal = 10  # five cards to each seat come first
    assert one.record["actions"][:deal] == two.record["actions"][:deal]
    assert one.record["seats"] == ["random", "corner"] and two.record["seats"] == ["corner", "random"]


def test_a_summary_is_reproducible_and_does_not_depend_on_workers() -> None:
    one = run_arena("three_trios", ["corner", "random"], options={"shuffle": True}, games=8, seed=3)
    two = run_arena("three_trios", ["corner", "random"], options={"shuffle": True}, games=8, seed=3, workers=2)
    assert one.to_json() == two.to_json()
    data = one.to_json()
    assert data["games"] == 8 and data["deals"] == 4
    for row in data["agents"]:
        assert set(row) >= {"name", "wins", "score", "ci95"}
        assert row["ci95"][0] <= row["score"] <= row["ci95"][1]
    assert sum(r["score"] for r in data["agents"]) == pytest.approx(1.0)


def test_three_agents_get_ratings() -> None:
    data = run_arena("three_trios", ["corner", "random", "flip-most"], games=6, seed=1).to_json()
    assert all("elo" in row for row in data["agents"])


def test_every_result_reaches_the_hook_as_it_finishes() -> None:
    seen: list[int] = []
    run_arena("three_trios", ["corner", "random"], games=4, on_result=lambda r: seen.append(r.number))
    assert sorted(seen) == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"agents": ["corner"]}, "at least two agents"),
        ({"agents": ["corner", "nobody"]}, "unknown agent 'nobody'"),
        ({"games": 0}, "--games"),
        ({"backend": "slurm"}, "--backend"),
        ({"ci": "normal"}, "--ci"),
        ({"workers": 0}, "--workers"),
    ],
)
def test_bad_arena_settings_are_named(kwargs: dict[str, object], message: str) -> None:
    settings: dict[str, object] = {"agents": ["corner", "random"], "games": 2, **kwargs}
    agents = settings.pop("agents")
    with pytest.raises(ConfigError, match=message):
        run_arena("three_trios", agents, **settings)  # type: ignore[arg-type]


def test_agent_lists_keep_each_agents_settings_together() -> None:
    assert _split_agents("hard,ismcts:iterations=500,c=1.2,random") == ["hard", "ismcts:iterations=500,c=1.2", "random"]
    assert parse_options(["rules=reverse,plus", "shuffle=true"], "holes") == {
        "preset": "holes",
        "rules": ["reverse", "plus"],
        "shuffle": "true",
    }


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    monkeypatch.delenv("DECKHAND_DB", raising=False)
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """The test's stand-in for the deckhand command."""

    register(app)
    return app


def test_cli_prints_the_json_summary_and_stores_every_game(cli: typer.Typer) -> None:
    result = CliRunner().invoke(cli, ["arena", "three_trios", "--agents", "corner,random", "--games", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4
    assert [a["name"] for a in data["agents"]] == ["corner", "random"]
    from deckhand.store import load_record, statistics

    assert load_record(4).game == "three_trios"
    _, agents = statistics(game="three_trios")
    assert agents


def test_cli_table_and_no_store(cli: typer.Typer) -> None:
    result = CliRunner().invoke(cli, ["arena", "three_trios", "-a", "corner,random", "-n", "2", "--no-store"])
    assert result.exit_code == 0, result.output
    assert "corner" in result.stdout and "95% interval" in result.stdout
    from deckhand.store import load_record

    with pytest.raises(ConfigError, match="no stored game"):
        load_record(1)


def test_cli_reports_a_bad_agent(cli: typer.Typer) -> None:
    result = CliRunner().invoke(cli, ["arena", "three_trios", "--agents", "corner,nobody", "--games", "2"])
    assert isinstance(result.exception, ConfigError)
    assert "unknown agent 'nobody'" in str(result.exception)


def test_cli_draws_a_plot(cli: typer.Typer, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "arena.png"
    args = ["arena", "three_trios", "-a", "corner,random,flip-most", "-n", "6", "--plot", str(target), "--no-store"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_plot_that_cannot_be_saved_fails_before_any_game(cli: typer.Typer, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")  # without it, --plot is refused for that first
    target = tmp_path / "missing" / "arena.png"
    args = ["arena", "three_trios", "-a", "corner,random", "-n", "2", "--plot", str(target)]
    result = CliRunner().invoke(cli, args)
    assert isinstance(result.exception, ConfigError)
    assert "does not exist" in str(result.exception)
    from deckhand.store import load_record

    with pytest.raises(ConfigError, match="no stored game"):
        load_record(1)  # nothing was played


def test_the_results_are_printed_before_the_plot_is_drawn(
    cli: typer.Typer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deckhand.play import plot

    def broken(*_args: object) -> None:
        raise ConfigError("the disk is full")

    monkeypatch.setattr(plot, "check_plot_target", lambda _path: None)
    monkeypatch.setattr(plot, "plot_arena", broken)
    args = ["arena", "three_trios", "-a", "corner,random", "-n", "2", "--json", "--no-store", "--plot", "x.png"]
    result = CliRunner().invoke(cli, args)
    assert isinstance(result.exception, ConfigError)
    assert json.loads(result.stdout)["games"] == 2


@pytest.mark.slow  # starts a Ray cluster: the slow tier
def test_ray_backend_plays_the_same_games() -> None:
    ray = pytest.importorskip("ray")
    try:
        local = run_arena("three_trios", ["corner", "random"], options={"shuffle": True}, games=4, seed=2)
        remote = run_arena(
            "three_trios", ["corner", "random"], options={"shuffle": True}, games=4, seed=2, backend="ray"
        )
    finally:
        ray.shutdown()
    assert remote.to_json() == local.to_json()


INTERRUPTED = """
import multiprocessing, signal
from deckhand.play.arena import run_arena

def interrupt(signum, frame):
    raise KeyboardInterrupt

signal.signal(signal.SIGALRM, interrupt)
signal.alarm(2)
try:
    run_arena("cambio", ["ismcts:seconds=3600", "random"], games=4, workers=2)
except KeyboardInterrupt:
    print("interrupted", len(multiprocessing.active_children()))
"""


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="needs POSIX signals")
def test_an_interrupted_arena_stops_its_workers_instead_of_finishing_their_games() -> None:
    # Every move of the search takes an hour: only stopping the workers ends the run.
    run = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = run.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)  # the workers too
        run.communicate()
        pytest.fail("the interrupted arena went on with the games it had handed out")
    assert out.split() == ["interrupted", "0"], err
    assert "Traceback" not in err  # the workers ignore Ctrl-C; only the arena stops


@pytest.mark.slow  # starts a Ray cluster: the slow tier
@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="needs POSIX signals")
def test_an_interrupted_ray_arena_leaves_no_games_running_on_the_cluster() -> None:
    ray = pytest.importorskip("ray")

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    before = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.alarm(3)
        with pytest.raises(KeyboardInterrupt):
            run_arena("cambio", ["ismcts:seconds=3600", "random"], games=4, workers=2, backend="ray")
        for _ in range(60):  # each game's first move takes an hour: only a cancel frees the CPUs
            if ray.available_resources().get("CPU") == 2.0:
                break
            time.sleep(1)
        assert ray.available_resources().get("CPU") == 2.0
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
        ray.shutdown()


def test_an_arena_that_stores_nothing_writes_no_records_and_sums_up_alike() -> None:
    with_records = run_arena("cambio", ["hard", "medium"], games=12, seed=3)
    without = run_arena("cambio", ["hard", "medium"], games=12, seed=3, workers=2, records=False)
    assert all(r.record is None for r in without.results)
    assert all(r.record is not None for r in with_records.results)
    assert [r.returns for r in without.results] == [r.returns for r in with_records.results]
    assert without.to_json() == with_records.to_json()


def hand_out(games: int, workers: int, seconds_a_game: float) -> list[list[Match]]:
    """Every task of a local arena whose games take ``seconds_a_game``, handing out one at a time."""
    from deckhand.play.arena import Batches

    tasks = Batches(schedule(2, 2, games, seed=1), workers)
    out = []
    while batch := tasks.take():
        out.append(batch)
        tasks.observe(len(batch), seconds_a_game * len(batch))
    return out


@pytest.mark.parametrize("seconds_a_game", [0.0, 0.0007, 0.05, 30.0])
@pytest.mark.parametrize(("games", "workers"), [(1, 2), (7, 2), (4000, 2), (4000, 8)])
def test_local_tasks_hand_out_every_game_once_in_order(games: int, workers: int, seconds_a_game: float) -> None:
    split = hand_out(games, workers, seconds_a_game)
    assert [m for batch in split for m in batch] == schedule(2, 2, games, seed=1)
    assert len(split[0]) == 1  # nothing is known of a game's length yet


def test_quick_games_go_many_to_a_task_and_slow_ones_alone() -> None:
    from deckhand.play.arena import MIN_TASK_SECONDS, TASK_SECONDS

    quick = hand_out(4000, 2, 0.0007)  # a Cambio game between quick players
    assert max(map(len, quick)) * 0.0007 <= TASK_SECONDS
    assert len(quick) < 60  # instead of 500 tasks of 8 games
    assert all(len(b) * 0.0007 >= MIN_TASK_SECONDS for b in quick[1:-1])
    assert len(quick[-2]) < len(quick[len(quick) // 2])  # the tasks shrink towards the end
    assert {len(b) for b in hand_out(40, 2, 30.0)} == {1}  # a search level's game goes alone


def broken_game(*args: object) -> None:
    raise ValueError("a card fell off the table")


@pytest.mark.skipif(sys.platform != "linux", reason="the workers must inherit the patched module (fork)")
def test_a_game_failing_in_a_worker_stops_the_arena_with_its_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from deckhand.play import arena

    monkeypatch.setattr(arena, "play_match", broken_game)
    with pytest.raises(ConfigError, match="arena game failed: ValueError: a card fell off the table"):
        run_arena("cambio", ["medium", "random"], games=40, workers=2)


@pytest.mark.parametrize(("games", "workers"), [(1, 2), (7, 2), (100, 2), (4000, 2), (4000, 8), (50, 1)])
def test_batches_hand_out_every_game_once_in_order(games: int, workers: int) -> None:
    from deckhand.play.arena import batches

    matches = schedule(2, 2, games, seed=1)
    split = batches(matches, workers)
    assert [m for batch in split for m in batch] == matches
    assert max(len(b) for b in split) <= 8
    assert len(split) >= min(games, 16 * workers)


def test_each_search_agent_counts_the_bound_that_stopped_its_searches() -> None:
    """An iteration budget stops at its iterations; a huge one capped at a millisecond, at the clock."""
    agents = ["ismcts:iterations=20", "ismcts:iterations=1000000,seconds=0.001"]
    result = run_arena("three_trios", agents, games=2, seed=3, records=False)
    counted, capped = (row.bounds for row in result.summary)
    assert counted["iterations"] > 0 and counted["seconds"] == 0
    assert capped["seconds"] > 0 and capped["iterations"] == 0
    assert sum(sum(r.bounds[0].values()) for r in result.results) == counted["iterations"]
    assert result.to_json()["agents"][0]["bounds"] == counted


def test_agents_that_do_not_search_report_no_bounds() -> None:
    result = run_arena("three_trios", ["corner", "random"], games=2, seed=3, records=False)
    assert all(not row.bounds and "bounds" not in row.to_json() for row in result.summary)
    assert all(not r.bounds for r in result.results)


def test_cli_table_says_what_stopped_the_searches(cli: typer.Typer) -> None:
    arguments = ["arena", "three_trios", "-a", "ismcts:iterations=10,random", "-n", "2", "--no-store"]
    result = CliRunner().invoke(cli, arguments, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "stopped by" in result.stdout and re.search(r"iterations \d+, seconds 0", result.stdout), result.stdout


@pytest.mark.parametrize("game", ["basra", "casino"])
def test_hard_is_sized_in_iterations_with_the_clock_as_a_cap(game: str) -> None:
    """The work is the iterations (the same on a busy machine); the seconds only bound the wait."""
    agent = make_agent("hard", load_game(game))
    assert isinstance(agent, SearchAgent)
    assert agent.budget.iterations is not None and agent.budget.iterations >= 1000
    assert agent.budget.seconds is not None and agent.budget.seconds <= 1.0


@pytest.mark.slow
@pytest.mark.parametrize("game", ["basra", "casino"])
def test_the_arena_reports_how_hard_searched(game: str) -> None:
    """Every searched move of the hard level is counted under the bound that stopped it."""
    options: dict[str, object] = {"max_decks": 1} if game == "basra" else {"target": 1}
    result = run_arena(game, ["hard", "greedy"], options=options, games=2, seed=1, records=False)
    hard, greedy = result.summary
    assert set(hard.bounds) == {"iterations", "seconds"} and sum(hard.bounds.values()) > 10
    assert not greedy.bounds


@pytest.mark.parametrize("players", [2, 4])
def test_go_fish_hard_plays_the_arena_one_seat_among_mediums(players: int) -> None:
    """Go Fish's hard level in the arena, one seat of it among medium players, every deal once a seat."""
    specs = ["hard"] + ["medium"] * (players - 1)
    result = run_arena("go_fish", specs, options={"players": players}, games=2 * players, seed=4, records=False)
    assert len(result.results) == 2 * players
    assert {r.lineup.index(0) for r in result.results} == set(range(players))  # it sat in every seat
    assert all(sum(r.returns) == pytest.approx(1.0) for r in result.results)
    assert result.summary[0].name == "hard" and result.summary[0].games == 2 * players
