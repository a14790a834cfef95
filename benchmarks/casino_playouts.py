"""Casino's policy playouts per CPU second, for builds or checkouts side by side, in one interleaved run.

    python benchmarks/casino_playouts.py [--seconds 2] [--rounds 3] [--deals 20] [PATH ...]

Each PATH is a folder to import ``deckhand`` from (a checkout's ``src``, or
a compiled build's ``--target`` folder); with none, the one already on the
path. Rounds alternate between the paths, so a change in the machine's load
falls on all of them alike, and the figure is the median of the rounds. A
round plays out, again and again for ``--seconds`` of this process's CPU
time, from the first decision of ``--deals`` seeded deals (a round's start,
where a playout runs longest: to the end of the round).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

ONE = """
import random, time, deckhand
game = deckhand.load_game("casino")
starts = []
for seed in range({deals}):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node() else state.legal_actions()[0])
    starts.append(state)
rng = random.Random(0)
done, spent, start = 0, 0.0, time.process_time()
while spent < {seconds}:
    state = starts[done % len(starts)].clone()
    state.play_out(rng)
    done += 1
    spent = time.process_time() - start
print(done / spent)
"""


def one_round(path: str | None, seconds: float, deals: int) -> float:
    """Playouts per CPU second with ``deckhand`` imported from ``path`` (the current path when None)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = path
    code = ONE.format(seconds=seconds, deals=deals)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=20)
    args = parser.parse_args()
    paths: list[str | None] = list(args.paths) or [None]
    rates: dict[str | None, list[float]] = {p: [] for p in paths}
    for _ in range(args.rounds):
        for path in paths:
            rates[path].append(one_round(path, args.seconds, args.deals))
    first = statistics.median(rates[paths[0]])
    for path in paths:
        median = statistics.median(rates[path])
        rounds = ", ".join(f"{r:,.0f}" for r in rates[path])
        ratio = median / first if first else 0.0
        print(f"{path or 'deckhand'}: {median:,.0f} playouts per CPU second ({ratio:.2f}x; rounds {rounds})")


if __name__ == "__main__":
    main()
