"""Random-playout throughput and clone() cost per game, through the public API.

    python benchmarks/throughput.py [--seconds 1.0] [--runs 5] [--game NAME] [--json]

Each run plays seeded random games for about ``--seconds`` (chance resolved
with ``sample_chance_outcome``, moves with ``legal_actions`` + a uniform
choice + ``apply_action``) and counts games and actions per second; the
table shows the median of the runs. ``clone()`` is timed on positions taken
from the middle of random games. One process, one core.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

import deckhand
from deckhand.core.registry import game_class
from deckhand.play.runner import random_playout


def playout_run(
    game: deckhand.Game, seconds: float, seed: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float]:
    """Games/s and actions/s over about ``seconds`` of random playouts, by ``clock``."""
    rng = random.Random(seed)
    games = actions = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
        games += 1
        now = clock()
        if now >= deadline:
            elapsed = now - start
            return games / elapsed, actions / elapsed


def mid_game_states(game: deckhand.Game, count: int, seed: int) -> list[deckhand.State]:
    """Positions at random points of random games."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        history = random_playout(game.new_initial_state(), rng).history()
        state = game.new_initial_state()
        for action in history[: rng.randrange(len(history))]:
            state.apply_action(action)
        out.append(state)
    return out


def clone_cost(states: list[deckhand.State], repeat: int = 2000) -> float:
    """Median microseconds per ``clone()`` over the given positions."""
    costs = []
    for state in states:
        start = time.perf_counter()
        for _ in range(repeat):
            state.clone()
        costs.append((time.perf_counter() - start) / repeat * 1e6)
    return statistics.median(costs)


def configs(only: str | None) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for name in deckhand.games():
        if only and name != only:
            continue
        presets: list[str | None] = [*game_class(name).PRESETS] or [None]
        out.extend((name, p) for p in presets)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs per game (the median is shown)")
    parser.add_argument("--game", help="only this game")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    rows = []
    for name, preset in configs(args.game):
        game = deckhand.load_game(name) if preset is None else deckhand.load_game(name, preset=preset)
        runs = [playout_run(game, args.seconds, seed) for seed in range(args.runs)]
        states = mid_game_states(game, 20, seed=99)
        rows.append(
            {
                "game": name,
                "preset": preset or "-",
                "games_per_s": statistics.median(r[0] for r in runs),
                "actions_per_s": statistics.median(r[1] for r in runs),
                "actions_per_game": statistics.median(r[1] / r[0] for r in runs),
                "clone_us": clone_cost(states),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"random playouts, median of {args.runs} runs of {args.seconds:g} s; clone() median over 20 positions")
    print(f"{'game':<12} {'preset':<9} {'games/s':>10} {'actions/s':>11} {'actions/game':>13} {'clone µs':>9}")
    for r in rows:
        print(
            f"{r['game']:<12} {r['preset']:<9} {r['games_per_s']:>10,.0f} {r['actions_per_s']:>11,.0f} "
            f"{r['actions_per_game']:>13,.0f} {r['clone_us']:>9.2f}"
        )


if __name__ == "__main__":
    main()
