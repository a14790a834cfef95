"""How the arena scales with workers, beside two controls in the same run.

    python benchmarks/arena_scaling.py [--game cambio] [--agents hard medium] [--games 4000]
                                       [--workers 2] [--rounds 3] [--store]

Plays the same seeded arena with 1 worker and with ``--workers``, nothing
stored unless ``--store`` (then records are built as for the statistics
database, though not written), and times two controls split the same way:

* ``arithmetic``: a loop of pure arithmetic over a process pool, what any
  small CPU-bound job gets from the second core;
* ``apart``: the arena's own games with no pool at all, ``--workers``
  independent processes each playing its share with 1 worker (nothing is
  sent between them), what this workload gets from the second core.

Each line also gives the CPU time per game, this process's and its
children's together: if the games cost more CPU with two running at once
while the work is the same, the cores are slowing each other down (shared
caches and memory; on a virtual machine, perhaps a shared physical core),
not the arena. The speedups are medians over ``--rounds``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import statistics
import time
from collections.abc import Callable

from deckhand.play.arena import run_arena


def spin(n: int) -> int:
    """Pure arithmetic: the control's unit of work."""
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def cpu() -> float:
    """CPU seconds of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(job: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU seconds of ``job()``."""
    start, spent = time.perf_counter(), cpu()
    job()
    return time.perf_counter() - start, cpu() - spent


def control(workers: int, chunks: int = 64, n: int = 300_000) -> float:
    def job() -> None:
        if workers == 1:
            for _ in range(chunks):
                spin(n)
        else:
            with multiprocessing.Pool(workers) as pool:
                pool.map(spin, [n] * chunks)

    return timed(job)[0]


def arena(game: str, agents: list[str], games: int, workers: int, store: bool, seed: int = 7) -> None:
    run_arena(game, agents, games=games, seed=seed, workers=workers, records=store)


def apart(game: str, agents: list[str], games: int, workers: int, store: bool) -> None:
    """``games`` split among ``workers`` processes that share nothing, each with its own seed."""
    share = games // workers
    processes = [
        multiprocessing.Process(target=arena, args=(game, agents, share, 1, store, 7 + i)) for i in range(workers)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="cambio")
    parser.add_argument("--agents", nargs="+", default=["hard", "medium"])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--store", action="store_true", help="build each game's record, as when storing")
    args = parser.parse_args()
    g, a, n, w, s = args.game, args.agents, args.games, args.workers, args.store
    rows = []
    for _ in range(args.rounds):
        one, one_cpu = timed(lambda: arena(g, a, n, 1, s))
        many, many_cpu = timed(lambda: arena(g, a, n, w, s))
        split, split_cpu = timed(lambda: apart(g, a, n, w, s))
        c_one, c_many = control(1), control(w)
        rows.append((one / many, one / split, c_one / c_many, n / one))
        per_game = [1e3 * x / n for x in (one_cpu, many_cpu, split_cpu)]
        print(
            f"arena {n} games: 1 worker {one:.2f} s, {w} workers {many:.2f} s ({one / many:.2f}x), "
            f"{w} apart {split:.2f} s ({one / split:.2f}x); arithmetic {c_one / c_many:.2f}x; "
            f"CPU ms a game: 1 worker {per_game[0]:.2f}, {w} workers {per_game[1]:.2f}, apart {per_game[2]:.2f}",
            flush=True,
        )
    print(
        f"median speedup with {w} workers: arena {statistics.median(r[0] for r in rows):.2f}x, "
        f"apart {statistics.median(r[1] for r in rows):.2f}x, "
        f"arithmetic {statistics.median(r[2] for r in rows):.2f}x; "
        f"1-worker arena {statistics.median(r[3] for r in rows):,.0f} games/s"
    )


if __name__ == "__main__":
    main()
