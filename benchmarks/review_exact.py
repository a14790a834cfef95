"""The review against exact values: last deals of Casino and Basra, where the seat knows every card.

Run: ``PYTHONPATH=src python benchmarks/review_exact.py [--games 60] [--budget iterations=300,worlds=100]``.

Games of the medium level against the easy one (seeded) are played; at each
decision of seat 0 whose view is determined (``View.is_determined``: the deck
dealt out, two players) and solved by the exact search, every legal move is
graded twice: by the paired playouts the review uses where it cannot be exact
(the engine's move against the move, ``worlds`` worlds), and by the review
itself. Both are compared with the exact loss (the best result with best play
minus the move's). Reported per game: decisions and moves graded, exact losses,
flags raised, flags false (the move loses nothing) and losses missed (not
flagged) by each.
"""

from __future__ import annotations

import argparse
import random

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.review.analysis import ReviewBudget, engine_spec, review_decision
from deckhand.review.exact import exact_results
from deckhand.review.grading import grade
from deckhand.review.paired import paired


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--budget", default="iterations=300,worlds=100")
    args = parser.parse_args()
    budget = ReviewBudget.parse(args.budget)
    print(f"medium (seat 0) against easy, {args.games} games each, budget {budget.spec()}")
    print("game     decisions moves losses | playouts: flags false missed | review: flags false missed")
    for name in ("basra", "casino"):
        game = deckhand.load_game(name)
        engine = make_agent(engine_spec(game, budget.iterations), game)
        agents = [make_agent("medium", game), make_agent("easy", game)]
        decisions = moves = losses = 0
        estimated = {"flags": 0, "false": 0, "missed": 0}
        reviewed = {"flags": 0, "false": 0, "missed": 0}
        for seed in range(args.games):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                player = state.current_player()
                if player < 0:
                    state.apply_action(state.sample_chance_outcome(rng))
                    continue
                view = state.view(player)
                results = exact_results(view) if player == 0 and len(view.legal_actions()) > 1 else None
                if results is not None:
                    decisions += 1
                    top = max(results.values())
                    best = engine.explain(view, random.Random(seed)).action
                    for move in view.legal_actions():
                        moves += 1
                        lost = top - results[move] > 0
                        losses += lost
                        chance, best_chance, _, spread = paired(view, move, best, budget.worlds, random.Random(seed))
                        gap = (best_chance - chance) * 100
                        flag = grade(round(gap, 1) if gap > 1.96 * spread * 100 else 0.0) != ""
                        decision = review_decision(game, view, move, engine, budget, random.Random(seed))
                        for tally, flagged in ((estimated, flag), (reviewed, decision.grade != "")):
                            tally["flags"] += flagged
                            tally["false"] += flagged and not lost
                            tally["missed"] += lost and not flagged
                state.apply_action(agents[player].step(view, rng))
        print(
            f"{name:8} {decisions:9} {moves:5} {losses:6} | "
            f"{estimated['flags']:15} {estimated['false']:5} {estimated['missed']:6} | "
            f"{reviewed['flags']:13} {reviewed['false']:5} {reviewed['missed']:6}"
        )


if __name__ == "__main__":
    main()
