"""How much stronger one Go Fish player is than another, with one seat of it among the others.

    python benchmarks/go_fish_strength.py [--players 4] [--agent hard] [--against medium]
                                          [--games 2000] [--seed 2026] [--workers 1]

The agent takes one seat and the other seats all play ``--against``; every
deal is played once with the agent in each seat (the arena's paired deals).
Two scores, each with a 95% interval bootstrapped over deals:

* its share of the wins (a shared win split): fair is one over the players;
* pairwise: in each game, against each other seat, 1 for more books, ½ for as
  many, 0 for fewer: fair is ½ at any number of players, so it reads like a
  two-player score.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict

from deckhand.play.arena import MatchResult, run_arena

BOOTSTRAP = 2000


def pairwise(result: MatchResult, agent: int = 0) -> float:
    """The agent's books against each other seat's: 1 more, ½ as many, 0 fewer; averaged."""
    seat = result.lineup.index(agent)
    mine = result.scores[seat]
    others = [s for q, s in enumerate(result.scores) if q != seat]
    return sum(1.0 if mine > s else 0.5 if mine == s else 0.0 for s in others) / len(others)


def interval(values: list[float], seed: int) -> tuple[float, float]:
    """A 95% percentile bootstrap interval of the mean."""
    rng = random.Random(seed)
    means = sorted(statistics.fmean(rng.choices(values, k=len(values))) for _ in range(BOOTSTRAP))
    return means[int(0.025 * BOOTSTRAP)], means[int(0.975 * BOOTSTRAP) - 1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agent", default="hard")
    parser.add_argument("--against", default="medium")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    specs = [args.agent] + [args.against] * (args.players - 1)
    done = 0

    def tick(_: MatchResult) -> None:
        nonlocal done
        done += 1
        if done % 100 == 0:
            print(f"{done} games", file=sys.stderr)

    result = run_arena(
        "go_fish",
        specs,
        options={"players": args.players},
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        on_result=tick,
        records=False,
    )
    share: dict[int, list[float]] = defaultdict(list)
    pair: dict[int, list[float]] = defaultdict(list)
    for game in result.results:
        share[game.deal].append(game.returns[game.lineup.index(0)])
        pair[game.deal].append(pairwise(game))
    deals = sorted(share)
    for name, per_deal, fair in (
        ("share of wins", [statistics.fmean(share[d]) for d in deals], 1 / args.players),
        ("pairwise", [statistics.fmean(pair[d]) for d in deals], 0.5),
    ):
        lo, hi = interval(per_deal, args.seed)
        print(
            f"{args.agent} vs {args.against} x{args.players - 1}, {len(result.results)} games "
            f"({len(deals)} deals): {name} {statistics.fmean(per_deal):.3f} ({lo:.3f}-{hi:.3f}), fair {fair:.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
