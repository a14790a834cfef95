"""Time the Three Trios solver's opening move on the classic 3x3 board over 20 random deals.

Run: ``python benchmarks/three_trios_solver.py [DEALS]``. Reports the mean,
median and worst of both wall-clock and CPU seconds (CPU time is the steadier
figure on a shared machine).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import deckhand
from deckhand.agents.registry import make_agent


def main(deals: int = 20) -> None:
    game = deckhand.load_game("three_trios", shuffle=True)
    agent = make_agent("solver", game)
    walls, cpus = [], []
    for seed in range(deals):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        start, cpu = time.perf_counter(), time.process_time()
        explanation = agent.explain(state.view(0), rng)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - start)
        said = f"{explanation.notation}: {explanation.reason}"
        print(f"deal {seed:2}: {walls[-1]:.2f}s wall, {cpus[-1]:.2f}s CPU  {said}")
    print(
        f"wall: mean {sum(walls) / deals:.2f}s, median {statistics.median(walls):.2f}s, worst {max(walls):.2f}s; "
        f"CPU: mean {sum(cpus) / deals:.2f}s, median {statistics.median(cpus):.2f}s, worst {max(cpus):.2f}s "
        f"over {deals} deals"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
