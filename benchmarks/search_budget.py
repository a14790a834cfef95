"""How many search iterations a level's time buys: iterations per CPU second over the moves of whole games.

    python benchmarks/search_budget.py [--game casino ...] [--agent ismcts:iterations=1000] [--games 4]
                                       [--opponent greedy] [--seconds 0.5] [-o KEY=VALUE ...]

The agent plays the opponent over paired deals in one process; every move it
searches (more than one legal move) is timed in this process's CPU time, so
the rate is one idle core's even on a busy machine. Reports per game the
median and the 10th and 90th percentile of iterations per CPU second over
the searched moves, and the iterations that ``--seconds`` buys at the median
rate: how ``hard``'s iteration budgets (``Game.LEVELS``) are sized.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import deckhand
from deckhand.agents.base import Explanation
from deckhand.agents.registry import make_agent
from deckhand.play.runner import play_game


def rates(game_name: str, spec: str, opponent: str, games: int, options: dict[str, str]) -> list[float]:
    """Iterations per CPU second of each searched move of ``spec`` over ``games`` games."""
    game = deckhand.load_game(game_name, **options)
    agent = make_agent(spec, game)
    other = make_agent(opponent, game)
    found: list[float] = []
    explain = agent.explain

    def timed(view: deckhand.View, rng: random.Random) -> Explanation:
        start = time.process_time()
        out = explain(view, rng)
        spent = time.process_time() - start
        if "iterations" in out.data and spent > 0:
            found.append(out.data["iterations"] / spent)
        return out

    agent.explain = timed  # type: ignore[method-assign]
    agent.step = lambda view, rng: timed(view, rng).action  # type: ignore[method-assign]
    for number in range(games):
        seats = [agent, other] if number % 2 == 0 else [other, agent]
        play_game(game, seats, random.Random(number // 2))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append")
    parser.add_argument("--agent", default="ismcts:iterations=1000")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    for name in args.game or ["basra", "casino"]:
        found = sorted(rates(name, args.agent, args.opponent, args.games, options))
        deciles = statistics.quantiles(found, n=10)
        median = statistics.median(found)
        print(
            f"{name}: {len(found)} searched moves over {args.games} games; iterations per CPU second: "
            f"median {median:,.0f} (10th percentile {deciles[0]:,.0f}, 90th {deciles[-1]:,.0f}); "
            f"{args.seconds:g} s at the median rate: {median * args.seconds:,.0f} iterations"
        )


if __name__ == "__main__":
    main()
