"""Time the Three Trios solver's opening move on the classic 3x3 board over 20 random deals.

Run: ``python benchmarks/three_trios_solver.py`` (reports mean and worst seconds).
"""

from __future__ import annotations

import random
import time

import deckhand
from deckhand.agents.registry import make_agent


def main(deals: int = 20) -> None:
    game = deckhand.load_game("three_trios", shuffle=True)
    agent = make_agent("solver", game)
    times = []
    for seed in range(deals):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        start = time.perf_counter()
        explanation = agent.explain(state.view(0), rng)
        times.append(time.perf_counter() - start)
        print(f"deal {seed:2}: {times[-1]:.2f}s  {explanation.reason}")
    print(f"mean {sum(times) / len(times):.2f}s, worst {max(times):.2f}s over {deals} deals")


if __name__ == "__main__":
    main()
