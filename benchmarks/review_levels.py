"""Does the review tell the levels apart? Each level's accuracy and mean loss, reviewed against the same opponent.

Run: ``PYTHONPATH=src python benchmarks/review_levels.py [--games 12] [--levels random easy medium hard]
[--budget iterations=300,worlds=100] [--search-iterations 300] [--processes 2] [--only go_fish]``.

For each game and level, ``--games`` seeded games of the level (seat 0)
against the medium level (seat 1) are played and seat 0 is reviewed. A level
that searches plays with ``--search-iterations`` in place of its time budget
(the review's engine plays with the budget's ``iterations``: the same figure by
default). Reported per level: the mean game accuracy, the mean loss per
decision in points of win chance (lichess's "average centipawn loss", in win
chances) and the share of decisions graded.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics

import deckhand
from deckhand.agents.registry import make_agent, parse_spec
from deckhand.play.records import GameRecord
from deckhand.review import ReviewBudget, review_game


def fixed(spec: str, iterations: int) -> str:
    """A level's spec with a search's time budget replaced by ``iterations`` (the same play on any machine)."""
    name, params = parse_spec(spec)
    if "seconds" not in params and "iterations" not in params:
        return spec
    params = {k: v for k, v in params.items() if k != "seconds"} | {"iterations": iterations}
    return name + ":" + ",".join(f"{k}={v}" for k, v in params.items())


def one_game(job: tuple[str, str, int, str, int]) -> tuple[float | None, list[float], int]:
    """(game accuracy, each decision's loss, graded decisions) of seat 0 playing ``level`` in one game."""
    name, level, seed, budget, iterations = job
    game = deckhand.load_game(name)
    rng = random.Random(seed)
    specs = [fixed(game.LEVELS.get(level, level), iterations), fixed(game.LEVELS["medium"], iterations)]
    agents = [make_agent(spec, game) for spec in specs]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(agents[min(player, 1)].step(state.view(player), rng))
    record = GameRecord.from_state(state, ["human"] + ["medium"] * (game.num_players - 1))
    review = review_game(record, 0, ReviewBudget.parse(budget), seed=seed)
    return review.summary["accuracy"], [d.loss for d in review.decisions], sum(bool(d.grade) for d in review.decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--levels", nargs="+", default=["random", "easy", "medium", "hard"])
    parser.add_argument("--budget", default="iterations=300,worlds=100")
    parser.add_argument("--search-iterations", type=int, default=300)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()
    print(f"seat 0 at each level against medium, {args.games} games each, reviewed at {args.budget}")
    print(f"{'game':12} {'level':8} {'accuracy':>9} {'(range)':>13} {'mean loss':>10} {'graded':>7}")
    with multiprocessing.Pool(args.processes) as pool:
        for name in args.only or deckhand.games():
            for level in args.levels:
                jobs = [(name, level, seed, args.budget, args.search_iterations) for seed in range(args.games)]
                rows = pool.map(one_game, jobs)
                accuracies = [a for a, _, _ in rows if a is not None]
                losses = [loss for _, game_losses, _ in rows for loss in game_losses]
                graded = sum(g for _, _, g in rows)
                if not accuracies:
                    continue
                span = f"{min(accuracies):.0f}–{max(accuracies):.0f}"
                print(
                    f"{name:12} {level:8} {statistics.mean(accuracies):9.1f} {span:>13}"
                    f" {statistics.mean(losses):9.2f}p {graded / max(len(losses), 1):7.0%}"
                )


if __name__ == "__main__":
    main()
