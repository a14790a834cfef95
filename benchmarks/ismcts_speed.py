"""ISMCTS iterations per second from a game's opening, on one core, and where the time goes.

    python benchmarks/ismcts_speed.py [--game cambio] [--preset classic] [--iterations 5000]
                                      [--runs 3] [--agent ismcts] [--profile] [--json]

Times are this process's CPU time, so the figure is one core's rate even
when the machine is busy. The position is the first decision of a seeded deal; the search is the
registered agent (``ismcts`` by default) with an iteration budget. The
figure is the median of ``--runs`` searches. ``--profile`` runs one more
search under cProfile and prints the functions that take the most time.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import time

import deckhand
from deckhand.agents.registry import make_agent


def opening(game: deckhand.Game, seed: int) -> deckhand.State:
    """The first decision of a seeded deal."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cambio")
    parser.add_argument("--preset", default=None)
    parser.add_argument("--agent", default="ismcts")
    parser.add_argument("--iterations", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = {"preset": args.preset} if args.preset else {}
    game = deckhand.load_game(args.game, **options)
    joiner = "," if ":" in args.agent else ":"
    agent = make_agent(f"{args.agent}{joiner}iterations={args.iterations}", game)
    rates = []
    for run in range(args.runs):
        state = opening(game, args.seed + run)
        view = state.view(state.current_player())
        # CPU time of this process: on a shared machine wall time measures the neighbours too.
        start = time.process_time()
        explanation = agent.explain(view, random.Random(run))
        elapsed = time.process_time() - start
        rates.append(explanation.data.get("iterations", args.iterations) / elapsed)
    result = {
        "game": args.game,
        "preset": game.options.get("preset"),
        "agent": agent.spec(),
        "iterations_per_second": round(statistics.median(rates)),
        "runs": [round(r) for r in rates],
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.game} ({result['preset']}) {result['agent']}: {result['iterations_per_second']:,} iterations/s")
    if args.profile:
        state = opening(game, args.seed)
        profiler = cProfile.Profile()
        profiler.enable()
        agent.explain(state.view(state.current_player()), random.Random(0))
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(18)


if __name__ == "__main__":
    main()
