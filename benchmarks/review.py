"""How long a review takes and how stable its figures are: one seeded game of each game, reviewed twice.

Run: ``PYTHONPATH=src python benchmarks/review.py [--budget iterations=300,worlds=100] [--seed 1]``.
For each game it plays one game (the medium level against the easy one,
seeded), reviews seat 0 twice with two analysis seeds, and prints the time of
one review, the number of decisions, and how often the two estimates of the
same decision's chance agree within their stated 95% errors combined; then the
flags (decisions graded in either review), how many of them both seeds
flagged, and how many got the same grade from both. ``--games N`` reviews N
games of each game (seconds: one review's mean); ``--show`` prints each flag
the two seeds disagree on.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.play.records import GameRecord
from deckhand.review import Decision, ReviewBudget, review_game


def played(name: str, seed: int) -> GameRecord:
    game = deckhand.load_game(name)
    rng = random.Random(seed)
    specs = ["medium", "easy"]
    agents = [make_agent(spec, game) for spec in specs]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(agents[player].step(state.view(player), rng))
    return GameRecord.from_state(state, ["human", "easy"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--budget", default="iterations=300,worlds=100")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--games", type=int, default=1, help="games of each game, seeded from --seed on")
    parser.add_argument("--show", action="store_true", help="print each flag the two seeds disagree on")
    parser.add_argument("names", nargs="*", default=deckhand.games())
    args = parser.parse_args()
    budget = ReviewBudget.parse(args.budget)
    print(
        f"{'game':12} {'decisions':>9} {'seconds':>8} {'agree':>7} {'mean |d|':>9} {'mean err':>9}"
        f" {'flags':>6} {'both flag':>10} {'same grade':>11}"
    )
    for name in args.names:
        pairs: list[tuple[Decision, Decision]] = []
        seconds = 0.0
        for seed in range(args.seed, args.seed + args.games):
            record = played(name, seed)
            start = time.perf_counter()
            first = review_game(record, 0, budget, seed=1)
            seconds += time.perf_counter() - start
            second = review_game(record, 0, budget, seed=2)
            pairs += zip(first.decisions, second.decisions, strict=True)
        agree = sum(abs(a.chance - b.chance) <= math.hypot(a.error, b.error) + 1e-9 for a, b in pairs)
        gap = sum(abs(a.chance - b.chance) for a, b in pairs) / max(len(pairs), 1)
        error = sum(a.error for a, _ in pairs) / max(len(pairs), 1)
        share = agree / max(len(pairs), 1)
        flagged = [(a, b) for a, b in pairs if a.grade or b.grade]
        both = sum(bool(a.grade) and bool(b.grade) for a, b in flagged)
        same = sum(a.grade == b.grade for a, b in flagged)
        print(
            f"{name:12} {len(pairs):9} {seconds / args.games:8.1f} {share:7.0%} {gap * 100:8.1f}p {error * 100:8.1f}p"
            f" {len(flagged):6} {both / max(len(flagged), 1):10.0%} {same / max(len(flagged), 1):11.0%}"
        )
        for a, b in flagged if args.show else []:
            if a.grade != b.grade:
                print(
                    f"    move {a.number}: {a.grade or '-'} against {b.grade or '-'};"
                    f" best {a.best_move!r} ({a.loss}) / {b.best_move!r} ({b.loss}), played {a.played_move!r}"
                )


if __name__ == "__main__":
    main()
