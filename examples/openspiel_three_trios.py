"""OpenSpiel's MCTS on a small Three Trios board, through pyspiel: prove the game's value, then play it out.

    python examples/openspiel_three_trios.py [--simulations N] [--seed S] [--board FILE]

Needs OpenSpiel (``pip install 'deckhand[rl]'``). The board is a plus of five
cells (three cards a side) unless ``--board`` names another board file; the
cards are dealt from the top of the card file (preset ``file-order``), so the
opening is one position, with nothing left to chance;
importing ``deckhand.envs.openspiel`` registers the game with pyspiel, and
from there on it is OpenSpiel's code alone: ``pyspiel.load_game``, its
``MCTSBot`` with the MCTS-Solver, which backs proven results up the tree and
on a board this small proves the opening position's value. Then the bot
plays both seats, move by move, and deckhand's own exact solver (the
``expert`` level) says what it makes of the opening, for comparison.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import deckhand
import deckhand.envs.openspiel  # registers python_deckhand_three_trios
from deckhand.agents.registry import make_agent

PLUS = "3 3\nXCX\nCCC\nXCX\n"
"""A plus-shaped board: five card cells, so red plays three cards and blue two."""

OUTCOMES = {(1.0, 0.0): "red wins", (0.0, 1.0): "blue wins", (0.5, 0.5): "a draw"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=20_000, help="MCTS simulations per move")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--board", help="a Three Trios board file (default: a plus of five cells)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        board = args.board
        if board is None:
            board = str(Path(folder) / "plus.txt")
            Path(board).write_text(PLUS)
        game = pyspiel.load_game("python_deckhand_three_trios", {"preset": "file-order", "board": board})
        print(
            f"{game.get_type().short_name} on board {Path(board).stem}: "
            f"{game.num_distinct_actions()} actions, at most {game.max_game_length()} moves"
        )

        rng = np.random.RandomState(args.seed)
        bot = mcts.MCTSBot(game, 1.0, args.simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        state = game.new_initial_state()
        root = bot.mcts_search(state)
        if root.outcome is not None:
            outcome = OUTCOMES.get((root.outcome[0], root.outcome[1]), str(root.outcome))
            print(f"MCTS-Solver proves it after {root.explore_count} simulations: with best play, {outcome}")
        else:
            best = root.best_child()
            print(
                f"MCTS after {root.explore_count} simulations (not proved): red's best opening "
                f"{state.action_to_string(best.action)} wins {best.total_reward / best.explore_count:.2f}"
            )

        while not state.is_terminal():
            if state.is_chance_node():  # a shuffled deal: not from file-order
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            seat = "red" if state.current_player() == 0 else "blue"
            action = bot.step(state)
            print(f"  {seat:4} plays {state.action_to_string(action)}")
            state.apply_action(action)
        returns = state.returns()
        print(f"Result: {OUTCOMES.get((returns[0], returns[1]), str(returns))} (returns {returns})")

        exact = deckhand.load_game("three_trios", preset="file-order", board=board)
        opening = exact.new_initial_state()
        told = make_agent("expert", exact).explain(opening.view(0), random.Random(args.seed))
        print(f"deckhand's solver on the opening: {told.notation} ({told.public})")


if __name__ == "__main__":
    main()
