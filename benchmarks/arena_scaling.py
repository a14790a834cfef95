"""How the arena scales with workers, beside a CPU-bound control in the same run.

    python benchmarks/arena_scaling.py [--game cambio] [--agents hard medium] [--games 4000]
                                       [--workers 2] [--rounds 3] [--store]

Plays the same seeded arena with 1 worker and with ``--workers``, nothing
stored unless ``--store`` (then records are built as for the statistics
database, though not written), and times a control of pure arithmetic split
the same way over a process pool. The speedups (median over ``--rounds``)
say how much of the second core the arena gets compared with what any
CPU-bound job gets on this machine.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time

from deckhand.play.arena import run_arena


def spin(n: int) -> int:
    """Pure arithmetic: the control's unit of work."""
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def control(workers: int, chunks: int = 64, n: int = 300_000) -> float:
    start = time.perf_counter()
    if workers == 1:
        for _ in range(chunks):
            spin(n)
    else:
        with multiprocessing.Pool(workers) as pool:
            pool.map(spin, [n] * chunks)
    return time.perf_counter() - start


def arena(game: str, agents: list[str], games: int, workers: int, store: bool) -> float:
    start = time.perf_counter()
    run_arena(game, agents, games=games, seed=7, workers=workers, records=store)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="cambio")
    parser.add_argument("--agents", nargs="+", default=["hard", "medium"])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--store", action="store_true", help="build each game's record, as when storing")
    args = parser.parse_args()
    rows = []
    for _ in range(args.rounds):
        one = arena(args.game, args.agents, args.games, 1, args.store)
        many = arena(args.game, args.agents, args.games, args.workers, args.store)
        c_one, c_many = control(1), control(args.workers)
        rows.append((one, many, c_one, c_many))
        print(
            f"arena {args.games} games: 1 worker {one:.2f} s, {args.workers} workers {many:.2f} s "
            f"({one / many:.2f}x); control {c_one / c_many:.2f}x"
        )
    print(
        f"median speedup with {args.workers} workers: arena {statistics.median(r[0] / r[1] for r in rows):.2f}x, "
        f"control {statistics.median(r[2] / r[3] for r in rows):.2f}x; "
        f"1-worker arena {statistics.median(args.games / r[0] for r in rows):,.0f} games/s"
    )


if __name__ == "__main__":
    main()
