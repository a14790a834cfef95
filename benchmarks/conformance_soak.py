"""Many more conformance games than the test run affords.

    python benchmarks/conformance_soak.py [--games 2000] [--game NAME] [--workers 2]

Plays ``--games`` seeded random games per game and preset through
``deckhand.testing.check_random_game``, printing a running count of games
played and failed as batches finish (Ctrl-C stops it), then how many passed
and how long they took; the first failure of each configuration is printed in full.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import deckhand
from deckhand.core.registry import game_class
from deckhand.testing import ConformanceError, check_random_game


def soak(name: str, preset: str | None, seeds: range) -> tuple[int, list[str]]:
    game = deckhand.load_game(name) if preset is None else deckhand.load_game(name, preset=preset)
    failures = []
    seen: dict[object, None] = {}
    for seed in seeds:
        try:
            check_random_game(game, seed, foreign=seen)
        except ConformanceError as exc:
            failures.append(str(exc))
    return len(seeds), failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--game")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=10_000, help="seeds the test run does not use")
    args = parser.parse_args()
    jobs = []
    for name in deckhand.games():
        if args.game and name != args.game:
            continue
        presets: list[str | None] = [*game_class(name).PRESETS] or [None]
        for preset in presets:
            step = max(1, args.games // (4 * args.workers))
            for lo in range(args.first_seed, args.first_seed + args.games, step):
                jobs.append((name, preset, range(lo, min(lo + step, args.first_seed + args.games))))
    start = time.perf_counter()
    totals: dict[tuple[str, str | None], list[int]] = {}
    first_failure: dict[tuple[str, str | None], str] = {}
    total = sum(len(seeds) for _, _, seeds in jobs)
    done = failed = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for (name, preset, _), (played, failures) in zip(jobs, pool.map(soak, *zip(*jobs, strict=True)), strict=True):
            row = totals.setdefault((name, preset), [0, 0])
            row[0] += played
            row[1] += len(failures)
            done += played
            failed += len(failures)
            if failures:
                first_failure.setdefault((name, preset), failures[0])
            elapsed = time.perf_counter() - start
            print(
                f"  {done}/{total} games, {failed} failed, {elapsed:.0f} s (last: {name} {preset or '-'})", flush=True
            )
    print(f"{'game':<12} {'preset':<9} {'games':>7} {'failed':>7}")
    for (name, preset), (played, failed) in totals.items():
        print(f"{name:<12} {preset or '-':<9} {played:>7} {failed:>7}")
    for key, message in first_failure.items():
        print(f"first failure of {key}: {message}")
    print(f"{time.perf_counter() - start:.1f} s with {args.workers} workers")


if __name__ == "__main__":
    main()
