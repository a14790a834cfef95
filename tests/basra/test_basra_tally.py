"""The tally of the deck that ends a Basra game is produced for the game-ending move (the table draws it)."""

from __future__ import annotations

import random

from deckhand.games.basra.game import BasraGame


def test_the_game_ending_move_has_its_decks_tally() -> None:
    game = BasraGame()
    for seed in range(4):
        state = game.new_initial_state()
        rng = random.Random(seed)
        last = None
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice([a for a, _ in state.chance_outcomes()])
                tally = None
            else:
                action = rng.choice(state.legal_actions())
                tally = game.tally(state, action, ["You", "Computer"])
            state.apply_action(action)
            if tally is not None:
                last = tally
                assert tally.over == state.is_terminal()
        assert last is not None and last.over
        assert [side.total for side in last.sides] == state.totals
