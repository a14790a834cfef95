"""The tally of the deck that ends a Basra game is produced for the game-ending move (the table draws it)."""

from __future__ import annotations

import random

from deckhand.core.presentation import presentation_of
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
                tally = presentation_of(game).tally(state, action, ["You", "Computer"])
            state.apply_action(action)
            if tally is not None:
                last = tally
                assert tally.over == state.is_terminal()
        assert last is not None and last.over
        assert [side.total for side in last.sides] == state.totals


def test_a_game_decided_in_the_middle_of_a_deck_does_not_say_the_deck_is_over() -> None:
    """A side past the target at the end of a deal wins there: the rest of the deck is never dealt."""
    game = BasraGame(target=40)
    titles = []
    for seed in range(20):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            action = rng.choice(state.legal_actions())
            tally = presentation_of(game).tally(state, action, ["You", "Computer"])
            undealt = len(state.pile)
            state.apply_action(action)
            if tally is not None and tally.over:
                titles.append((undealt, tally.title))
    mid = [title for undealt, title in titles if undealt]
    assert mid, "some game ended mid-deck"
    assert all(title.startswith("The game is over after a deal of deck ") for title in mid), mid
    assert all(" cards undealt)" in title for title in mid)


def test_each_decks_points_add_up_to_the_total_basras_included() -> None:
    """The overlay's "+N · total T": the total before the deck and its points make the total after it."""
    game = BasraGame()
    checked = with_basras = 0
    for seed in range(6):
        state = game.new_initial_state()
        rng = random.Random(seed)
        before = [0, 0]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            action = rng.choice(state.legal_actions())
            tally = presentation_of(game).tally(state, action, ["You", "Computer"])
            state.apply_action(action)
            if tally is None:
                continue
            for side, told in enumerate(tally.sides):
                assert before[side] + told.points == told.total, (seed, tally.title, told)
                with_basras += any(note.startswith("basras this deck") for note in told.notes)
            before = [int(told.total) for told in tally.sides]
            checked += 1
    assert checked >= 6 and with_basras >= 1
