"""How the advisor's estimate settles as the budget grows, and what 10,000 playouts cost.

Sets up a table through the tracker (house rules, two players, you know a 3
and a red king, you have just drawn a 9), then ranks your actions with 1k,
10k and 100k playouts and prints the top action, its estimated win chance,
the runner-up and the time taken. Target: 10,000 playouts in 5 s or less.

    python benchmarks/advise_convergence.py [--engine flat] [--max 100000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from deckhand.advise.commands import Move, parse_command
from deckhand.advise.tracker import Tracker
from deckhand.agents.ranking import ENGINES, rank_actions

SCRIPT = ["+ 5", "x0 8", "+", "- q", "n", "+ 9"]
"""You swap a 5 in for an 8; seat 1 discards a queen and skips its power; you draw a 9."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="flat", choices=ENGINES)
    parser.add_argument("--max", type=int, default=100_000, help="the largest budget")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    started = time.perf_counter()
    tracker = Tracker(players=2, first=0, known=["3", "rk"], preset="house")
    for line in SCRIPT:
        move = parse_command(line)
        assert isinstance(move, Move)
        tracker.apply_move(move, line)
    print(f"tracker: {len(SCRIPT)} commands in {1000 * (time.perf_counter() - started):.1f} ms")
    view, _ = tracker.decision()
    assert view is not None

    rng = random.Random(args.seed)
    started = time.perf_counter()
    worlds = 2000
    for _ in range(worlds):
        view.sample_world(rng)
    print(f"sample_world: {1e6 * (time.perf_counter() - started) / worlds:.1f} µs")

    print(f"{'playouts':>9}  {'seconds':>7}  {'per s':>7}  top action        win     runner-up         win")
    budget = 1000
    while budget <= args.max:
        started = time.perf_counter()
        ranked = rank_actions(view, playouts=budget, rng=random.Random(args.seed), engine=args.engine)
        elapsed = time.perf_counter() - started
        top, second = ranked[0], ranked[1]
        print(
            f"{budget:>9}  {elapsed:7.2f}  {budget / elapsed:7.0f}  {tracker.to_table(top.notation):<16} "
            f"{100 * top.win:5.1f}%  {tracker.to_table(second.notation):<16} {100 * second.win:5.1f}%"
        )
        budget *= 10


if __name__ == "__main__":
    main()
