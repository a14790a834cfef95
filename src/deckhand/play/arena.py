"""The arena: many seeded games between agents, with paired deals, and honest statistics.

Deals are paired: every deal (a per-deal seed that drives all of chance) is
played once per seating, the seats rotating, so each agent meets the same
cards from every seat and the luck of the deal cancels. With more agents than
seats, successive deals cycle through every choice of agents for the table;
with fewer, the agents alternate round the table. Games run in a process pool
(``workers``) or on a Ray cluster (``backend="ray"``) and come back as they
finish, so a caller can store each result at once (``on_result``).

>>> result = run_arena("three_trios", ["corner", "random"], games=4, seed=1)
>>> result.to_json()["games"], [a["name"] for a in result.to_json()["agents"]]
(4, ['corner', 'random'])
"""

from __future__ import annotations

import functools
import itertools
import math
import multiprocessing
import os
import queue
import random
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from deckhand.agents.base import Agent
from deckhand.agents.registry import make_agent
from deckhand.agents.search import SearchAgent
from deckhand.core.errors import ConfigError, DeckhandError
from deckhand.core.protocol import Game
from deckhand.core.registry import load_game
from deckhand.play.intervals import bootstrap, wilson
from deckhand.play.ratings import bradley_terry, pair_results
from deckhand.play.records import GameRecord
from deckhand.play.runner import play_game

BACKENDS = ("local", "ray")
CI_METHODS = ("wilson", "bootstrap")


@dataclass(frozen=True)
class Match:
    """One game of the arena: its number, its deal and which agent sits in each seat."""

    number: int
    deal: int
    seed: int
    lineup: tuple[int, ...]


@dataclass(frozen=True)
class MatchResult:
    """How one game ended, with its record (JSON) for the statistics store."""

    number: int
    deal: int
    lineup: tuple[int, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    record: dict[str, Any] | None
    """The game record as JSON; ``None`` when the arena was asked for no records (nothing is stored)."""
    bounds: dict[int, dict[str, int]] = field(default_factory=dict)
    """Per searching agent (by its index): how many of its searches in this game each bound stopped."""


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal``: the same arena seed deals the same cards, whoever plays."""
    return random.Random(f"deckhand-arena:{seed}:{deal}").getrandbits(63)


def lineups(table: Sequence[int], seats: int) -> list[tuple[int, ...]]:
    """Every distinct rotation of the agents ``table`` round ``seats`` seats."""
    base = [table[i % len(table)] for i in range(seats)]
    out: list[tuple[int, ...]] = []
    for shift in range(seats):
        turn = tuple(base[shift:] + base[:shift])
        if turn not in out:
            out.append(turn)
    return out


def schedule(num_agents: int, seats: int, games: int, seed: int) -> list[Match]:
    """The arena's ``games`` games: deal by deal, each deal played once per seating."""
    if num_agents < 2:
        raise ConfigError("the arena needs at least two agents")
    if games < 1:
        raise ConfigError(f"--games must be at least 1, not {games}")
    tables = (
        [tuple(range(num_agents))] if num_agents <= seats else list(itertools.combinations(range(num_agents), seats))
    )
    matches: list[Match] = []
    for deal in itertools.count():
        for lineup in lineups(tables[deal % len(tables)], seats):
            if len(matches) == games:
                return matches
            matches.append(Match(len(matches), deal, deal_seed(seed, deal), lineup))
    raise AssertionError("unreachable")  # pragma: no cover


# -- playing one game (runs in a worker process) -------------------------------

_CACHE: dict[tuple[str, str, tuple[str, ...]], tuple[Game, list[Agent]]] = {}


def _setup(game_name: str, options: dict[str, Any], specs: tuple[str, ...]) -> tuple[Game, list[Agent]]:
    key = (game_name, repr(sorted(options.items())), specs)
    if key not in _CACHE:
        game = load_game(game_name, **options)
        _CACHE[key] = (game, [make_agent(spec, game) for spec in specs])
    return _CACHE[key]


def play_match(
    game_name: str, options: dict[str, Any], specs: tuple[str, ...], match: Match, records: bool = True
) -> MatchResult:
    """Play one arena game; chance comes from the deal's seed alone.

    The record (every move in notation) is written only when ``records`` asks
    for it: writing it costs a tenth of a quick game.
    """
    game, agents = _setup(game_name, options, specs)
    seated = [agents[i] for i in match.lineup]
    before = [dict(a.bounds) if isinstance(a, SearchAgent) else {} for a in agents]
    state = play_game(game, seated, random.Random(match.seed))
    bounds = {
        i: {bound: count - before[i][bound] for bound, count in a.bounds.items()}
        for i, a in enumerate(agents)
        if isinstance(a, SearchAgent) and i in match.lineup
    }
    record = None
    if records:
        meta = {"source": "arena", "deal": match.deal, "seed": match.seed}
        record = GameRecord.from_state(state, [specs[i] for i in match.lineup], meta=meta).to_json()
    return MatchResult(
        number=match.number,
        deal=match.deal,
        lineup=match.lineup,
        returns=tuple(state.returns()),
        scores=tuple(state.scores()),
        record=record,
        bounds=bounds,
    )


def play_matches(
    game_name: str, options: dict[str, Any], specs: tuple[str, ...], records: bool, matches: list[Match]
) -> list[MatchResult]:
    """Play a batch of arena games in one task: quick games are not worth a round trip each."""
    return [play_match(game_name, options, specs, match, records) for match in matches]


def play_timed(
    game_name: str, options: dict[str, Any], specs: tuple[str, ...], records: bool, matches: list[Match]
) -> tuple[float, list[MatchResult]]:
    """:func:`play_matches`, with the seconds the batch took (what the next batches are sized by)."""
    start = time.perf_counter()
    results = play_matches(game_name, options, specs, records, matches)
    return time.perf_counter() - start, results


def batches(matches: list[Match], workers: int) -> list[list[Match]]:
    """Split ``matches`` into tasks of up to 8 games, and 16 tasks or more a worker, so that the workers finish
    together: for a cluster, where every task is handed out at once and games' lengths are not known."""
    size = max(1, min(8, len(matches) // (workers * 16)))
    return [matches[i : i + size] for i in range(0, len(matches), size)]


TASK_SECONDS = 0.2
"""About how long a task of the local pool should take: a progress bar still moves, a result is stored soon."""
MIN_TASK_SECONDS = 0.02
"""At least this much play a task: a task's round trip costs the pool about a millisecond of the parent's time."""


class Batches:
    """The local pool's tasks, cut as the workers need them and sized by how long games have taken so far.

    A Cambio game between two quick players takes under a millisecond, less
    than a task's round trip; a search level's game takes seconds or minutes
    and should go alone, so that its result is stored once it is played and
    the workers finish together. So the first tasks hold one game each; then
    a task holds about ``TASK_SECONDS`` of play, at most a quarter of each
    worker's share of the games left (tasks shrink towards the end, and no
    worker is left with a long one while the others wait) and at least
    ``MIN_TASK_SECONDS`` of play.
    """

    def __init__(self, matches: list[Match], workers: int) -> None:
        self._matches = matches
        self._workers = workers
        self._taken = 0
        self._games = 0
        self._seconds = 0.0

    def take(self) -> list[Match]:
        """The next task's games, in schedule order; empty when every game has been handed out."""
        left = len(self._matches) - self._taken
        size = min(left, 1)
        if self._games and left:
            per_game = max(self._seconds / self._games, 1e-9)
            most = max(1, int(TASK_SECONDS / per_game))
            least = max(1, math.ceil(MIN_TASK_SECONDS / per_game))
            size = min(left, most, max(least, left // (4 * self._workers)))
        batch = self._matches[self._taken : self._taken + size]
        self._taken += size
        return batch

    def observe(self, games: int, seconds: float) -> None:
        """A task of ``games`` games took ``seconds``."""
        self._games += games
        self._seconds += seconds


# -- running many ---------------------------------------------------------------


def _local(
    game_name: str, options: dict[str, Any], specs: tuple[str, ...], matches: list[Match], workers: int, records: bool
) -> Iterator[MatchResult]:
    if workers <= 1:
        for match in matches:
            yield play_match(game_name, options, specs, match, records)
        return
    play = functools.partial(play_timed, game_name, options, specs, records)
    tasks = Batches(matches, workers)
    finished: queue.Queue[tuple[float, list[MatchResult]] | BaseException] = queue.Queue()
    # Ctrl-C reaches only this process; leaving the block, however, kills the
    # workers, so an interrupted arena stops at once instead of finishing the
    # games it has handed out (a search level's game can take a minute).
    with multiprocessing.Pool(workers, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:

        def submit() -> int:
            batch = tasks.take()
            if batch:
                pool.apply_async(play, (batch,), callback=finished.put, error_callback=finished.put)
            return 1 if batch else 0

        running = sum(submit() for _ in range(2 * workers))  # one playing and one waiting for each worker
        while running:
            done = finished.get()
            if isinstance(done, BaseException):
                raise done
            seconds, results = done
            tasks.observe(len(results), seconds)
            running += submit() - 1
            yield from results


def _ray(
    game_name: str, options: dict[str, Any], specs: tuple[str, ...], matches: list[Match], workers: int, records: bool
) -> Iterator[MatchResult]:
    try:
        import ray
    except ImportError:
        raise ConfigError("--backend ray needs Ray: pip install 'deckhand[ray]'") from None
    if not ray.is_initialized():
        # RAY_ADDRESS (if set) joins an existing cluster; otherwise a local one starts.
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if not os.environ.get("RAY_ADDRESS"):
            kwargs["num_cpus"] = max(1, workers)
        ray.init(**kwargs)
    remote = ray.remote(play_matches)
    pending = [remote.remote(game_name, options, specs, records, b) for b in batches(matches, workers)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        for ref in pending:  # an interrupted arena leaves no games running on the cluster
            ray.cancel(ref, force=True)


@dataclass
class AgentSummary:
    """One agent's results over the arena."""

    name: str
    games: int = 0
    wins: int = 0
    shared: int = 0
    total: float = 0.0
    ci95: tuple[float, float] = (0.0, 1.0)
    elo: float | None = None
    by_deal: dict[int, list[float]] = field(default_factory=dict)
    bounds: dict[str, int] = field(default_factory=dict)
    """A search agent's moves by the bound that stopped their search (iterations, seconds); empty for others."""

    @property
    def score(self) -> float:
        """Mean return per game (1 win, 0 loss, 1/k shared)."""
        return self.total / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "wins": self.wins,
            "score": round(self.score, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "games": self.games,
            "shared": self.shared,
        }
        if self.elo is not None:
            data["elo"] = round(self.elo, 1)
        if self.bounds:
            data["bounds"] = dict(self.bounds)
        return data


@dataclass
class ArenaResult:
    """Every game's result and the summary per agent."""

    game: str
    agents: list[str]
    seed: int
    results: list[MatchResult]
    ci: str = "wilson"
    summary: list[AgentSummary] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.results.sort(key=lambda r: r.number)
        self.summary = summarize(self.agents, self.results, self.seed, self.ci)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": len(self.results),
            "agents": [s.to_json() for s in self.summary],
            "game": self.game,
            "seed": self.seed,
            "ci": self.ci,
            "deals": len({r.deal for r in self.results}),
        }


def display_names(specs: Sequence[str]) -> list[str]:
    """The agents' names, with ``#2``, ``#3`` added where a spec repeats."""
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return out


def summarize(agents: Sequence[str], results: Sequence[MatchResult], seed: int, ci: str) -> list[AgentSummary]:
    """Per agent: games, outright and shared wins, mean return, its 95% interval, and ratings."""
    names = display_names(agents)
    rows = [AgentSummary(name) for name in names]
    pairs: dict[tuple[str, str], float] = {}
    for result in results:
        got: dict[int, float] = {}
        for seat, agent in enumerate(result.lineup):
            got[agent] = got.get(agent, 0.0) + result.returns[seat]
        best = max(result.returns)
        winners = {result.lineup[s] for s, r in enumerate(result.returns) if r == best}
        for agent, value in got.items():
            row = rows[agent]
            row.games += 1
            row.total += value
            row.by_deal.setdefault(result.deal, []).append(value)
            if agent in winners:
                if len(winners) == 1:
                    row.wins += 1
                else:
                    row.shared += 1
        for agent, counts in result.bounds.items():
            for bound, count in counts.items():
                rows[agent].bounds[bound] = rows[agent].bounds.get(bound, 0) + count
        for pair, won in pair_results([names[a] for a in result.lineup], result.returns).items():
            pairs[pair] = pairs.get(pair, 0.0) + won
    rng = random.Random(seed)
    for row in rows:
        if ci == "bootstrap":
            row.ci95 = bootstrap(list(row.by_deal.values()), rng)
        else:
            row.ci95 = wilson(row.total, row.games)
    if len(rows) >= 3:
        ratings = bradley_terry(names, pairs)
        for row in rows:
            row.elo = ratings[row.name]
    return rows


def run_arena(
    game_name: str,
    agents: Sequence[str],
    *,
    options: dict[str, Any] | None = None,
    games: int = 100,
    seed: int = 0,
    workers: int = 1,
    backend: str = "local",
    ci: str = "wilson",
    on_result: Callable[[MatchResult], None] | None = None,
    records: bool = True,
) -> ArenaResult:
    """Play ``games`` games between ``agents`` (specs) and summarize them.

    ``on_result`` is called in this process as each game finishes (to store
    it, or to move a progress bar); with several workers, games come back a
    batch at a time. ``records=False`` leaves each result's record out (for
    runs that store nothing). Agent specs and game options are checked here
    first, so a typo fails at once with a one-line error.
    """
    if backend not in BACKENDS:
        raise ConfigError(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if ci not in CI_METHODS:
        raise ConfigError(f"--ci must be one of {', '.join(CI_METHODS)}, not {ci!r}")
    if workers < 1:
        raise ConfigError(f"--workers must be at least 1, not {workers}")
    options = dict(options or {})
    specs = tuple(a.strip() for a in agents)
    game, _ = _setup(game_name, options, specs)
    matches = schedule(len(specs), game.num_players, games, seed)
    run = _ray if backend == "ray" else _local
    results = []
    try:
        for result in run(game.name, options, specs, matches, workers, records):
            results.append(result)
            if on_result is not None:
                on_result(result)
    except DeckhandError:
        raise
    except Exception as exc:  # a worker's failure arrives wrapped; say what it was
        raise ConfigError(f"arena game failed: {type(exc).__name__}: {exc}") from exc
    return ArenaResult(game.name, list(specs), seed, results, ci)
