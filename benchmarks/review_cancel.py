"""How soon a review stops once cancelled: Ctrl-C at the terminal and the browser's Cancel set the same event.

Run: ``PYTHONPATH=src python benchmarks/review_cancel.py [--games 3] [--after 0.5 1.5 3]``.

For each game, seeded games of the medium level against the easy one are
reviewed at the default budget in a thread, as ``deckhand review`` does; the
cancel event is set after each of the ``--after`` delays, and the time until
the review has stopped (``ReviewCancelled`` raised, the thread ended) is
measured. Reported per game: the median and the largest of those times.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

import deckhand
from deckhand.play.records import GameRecord
from deckhand.review import ReviewBudget, ReviewCancelled, review_game
from review import played  # the games benchmarks/review.py reviews: medium against easy, seeded


def stopped_after(record: GameRecord, delay: float) -> float | None:
    """Seconds from the cancel to the review's end, or None if it finished before the cancel."""
    cancel = threading.Event()
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            review_game(record, 0, ReviewBudget(), cancel=cancel)
        except ReviewCancelled:
            outcome["cancelled"] = True

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(delay)
    if not worker.is_alive():
        return None
    asked = time.perf_counter()
    cancel.set()
    worker.join()
    return time.perf_counter() - asked if outcome.get("cancelled") else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--after", type=float, nargs="+", default=[0.5, 1.5, 3.0])
    args = parser.parse_args()
    print("game          cancels  median s  largest s")
    for name in deckhand.games():
        times = [
            t
            for seed in range(args.games)
            for delay in args.after
            if (t := stopped_after(played(name, seed), delay)) is not None
        ]
        if times:
            print(f"{name:12} {len(times):8} {statistics.median(times):9.3f} {max(times):10.3f}")
        else:
            print(f"{name:12}        0 (every review finished first)")


if __name__ == "__main__":
    main()
