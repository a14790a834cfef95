"""Fit and check Basra's playout estimate (``games/basra/playout.py``) on self-play games.

    python benchmarks/basra_estimate.py [--preset bazzi] [--agents greedy,greedy] [--games 1500]

Plays seeded games between the two agents (seats swapped every other game),
notes the totals at the start of every deck after the first, and the winner.
It then fits ``p = 1 / (1 + exp(-k * lead / sqrt(points_to_play + r0)))`` by
maximum likelihood over a grid of ``k`` and ``r0``, prints the best pair, the
likelihood of the constants in use, and a calibration table (predicted against
observed win rate in tenths). Only evenly matched agents give an honest fit:
with a stronger seat the lead says less than who holds it.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.games.basra import BasraState, playout

Row = tuple[int, int, int, float]
"""Totals of seat 0 and seat 1 at a fresh deck, the target, seat 0's return at the end."""


def collect(preset: str, specs: list[str], games: int, seed: int) -> list[Row]:
    game = deckhand.load_game("basra", preset=preset)
    agents = [make_agent(spec, game) for spec in specs]
    full = len(game.all_cards())
    rows: list[Row] = []
    for number in range(games):
        rng = random.Random(seed + number)
        seats = [random.Random(rng.getrandbits(64)) for _ in range(2)]
        flip = number % 2
        state = game.new_initial_state()
        marks: list[tuple[int, int]] = []
        deck = 1
        while not state.is_terminal():
            p = state.current_player()
            if p < 0:
                assert isinstance(state, BasraState)
                if state.deck_no > deck and len(state.pile) == full:
                    deck = state.deck_no
                    marks.append((state.totals[0], state.totals[1]))
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                state.apply_action(agents[p ^ flip].step(state.view(p), seats[p]))
        result = state.returns()[0]
        target = int(game.options["target"])
        rows += [(a, b, target, result) for a, b in marks]
    return rows


def log_likelihood(rows: list[Row], k: float, r0: float) -> float:
    """Mean log-likelihood of the outcomes under the logistic model with ``k`` and ``r0``."""
    total = 0.0
    for a, b, target, result in rows:
        z = max(min(k * (a - b) / math.sqrt(max(target - max(a, b), 0) + r0), 30.0), -30.0)
        p = min(max(1.0 / (1.0 + math.exp(-z)), 1e-9), 1 - 1e-9)
        total += result * math.log(p) + (1 - result) * math.log(1 - p)
    return total / len(rows)


def calibration(rows: list[Row]) -> str:
    """Predicted against observed win rate of seat 0, by tenths of the prediction."""
    bins: dict[int, list[float]] = {}
    for a, b, target, result in rows:
        p = playout.win_chance(a - b, max(a, b), target, False)
        cell = bins.setdefault(min(int(p * 10), 9), [0, 0.0, 0.0])
        cell[0] += 1
        cell[1] += p
        cell[2] += result
    return " ".join(f"{c[1] / c[0]:.2f}/{c[2] / c[0]:.2f}({int(c[0])})" for _, c in sorted(bins.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="bazzi")
    parser.add_argument("--agents", default="greedy,greedy")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.process_time()
    rows = collect(args.preset, args.agents.split(","), args.games, args.seed)
    print(f"{args.preset}, {args.agents}: {len(rows)} deck starts in {time.process_time() - start:.0f} CPU s")
    grid = [(k / 100, r0) for k in range(5, 80, 2) for r0 in (1.0, 2.0, 4.0, 6.0, 8.0, 12.0, 16.0, 24.0, 40.0)]
    best = max(grid, key=lambda kr: log_likelihood(rows, *kr))
    print(f"best fit: k={best[0]:.2f} r0={best[1]:g} log-likelihood {log_likelihood(rows, *best):.4f}")
    print(
        f"in use:   k={playout.SLOPE:.2f} r0={playout.SPREAD:g} "
        f"log-likelihood {log_likelihood(rows, playout.SLOPE, playout.SPREAD):.4f}"
    )
    print("predicted/observed (count):", calibration(rows))


if __name__ == "__main__":
    main()
