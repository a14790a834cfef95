"""Is the review's "% to win" honest? Its stated chances against how often those positions were won.

Run: ``PYTHONPATH=src python benchmarks/review_calibration.py [--games 60] [--level medium]
[--budget iterations=300,worlds=100] [--processes 2] [--only casino]``.

For each game, ``--games`` seeded games of ``--level`` against itself are
played and seat 0 is reviewed; every decision's stated chance (of the move
played) is paired with the seat's result at the end (1 win, ½ a draw or a
shared win, 0 a loss). Reported per game: decisions, the Brier score (the mean
squared difference between stated chance and result: 0.25 is what saying 50%
every time scores in an even game), the same for always saying the seat's
fair share, and a reliability table: decisions binned by stated chance, with
the mean stated chance and the mean result of each bin (calibrated: about
equal). Decisions of one game are not independent: the number of games is the
sample size that counts. (The stated ± is the estimate's own error, checked by
``benchmarks/review.py`` with two analysis seeds, not an interval for one result.)
"""

from __future__ import annotations

import argparse
import multiprocessing
import random

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.play.records import GameRecord
from deckhand.review import ReviewBudget, review_game

BINS = [(0.0, 0.1), (0.1, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.0001)]


def one_game(job: tuple[str, str, int, str]) -> list[tuple[float, float, float, bool]]:
    """(stated chance, its 95% error, the seat's result, exact) for each of seat 0's decisions in one game."""
    name, level, seed, budget = job
    game = deckhand.load_game(name)
    rng = random.Random(seed)
    agents = [make_agent(level, game) for _ in range(game.num_players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(agents[player].step(state.view(player), rng))
    record = GameRecord.from_state(state, [level] * game.num_players)
    review = review_game(record, 0, ReviewBudget.parse(budget), seed=seed)
    result = state.returns()[0]
    return [(d.chance, d.error, result, d.exact) for d in review.decisions]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--budget", default="iterations=300,worlds=100")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()
    names = args.only or deckhand.games()
    print(f"{args.level} against {args.level}, {args.games} games each, seat 0 reviewed at {args.budget}")
    with multiprocessing.Pool(args.processes) as pool:
        for name in names:
            jobs = [(name, args.level, seed, args.budget) for seed in range(args.games)]
            rows = [row for game_rows in pool.map(one_game, jobs) for row in game_rows]
            players = deckhand.load_game(name).num_players
            brier = sum((c - r) ** 2 for c, _, r, _ in rows) / len(rows)
            fair = sum((1 / players - r) ** 2 for _, _, r, _ in rows) / len(rows)
            exact = sum(x for *_, x in rows)
            print(f"\n{name}: {len(rows)} decisions ({exact} exact), Brier {brier:.3f} (the fair share: {fair:.3f})")
            print("  stated chance    decisions  mean stated  mean result")
            for low, high in BINS:
                chosen = [(c, r) for c, _, r, _ in rows if low <= c < high]
                if chosen:
                    stated = sum(c for c, _ in chosen) / len(chosen)
                    won = sum(r for _, r in chosen) / len(chosen)
                    label = f"{low:.0%}–{min(high, 1.0):.0%}"
                    print(f"  {label:15} {len(chosen):10} {stated:11.0%} {won:12.0%}")


if __name__ == "__main__":
    main()
