"""Seeded finished games to review: one per game, played by its levels, small enough to review fast."""

from __future__ import annotations

import random

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.play.records import GameRecord
from deckhand.testing.secrets import quick_spec

LEVELS = {"basra": "medium", "casino": "medium", "cambio": "medium", "go_fish": "medium", "three_trios": "medium"}


def played(
    name: str, seed: int, seats: tuple[str, str] = ("human", "easy"), first: str = "", **options: object
) -> GameRecord:
    """A finished game recorded with ``seats``: seat 0 played by ``first`` (the game's medium level by default),
    seat 1 by ``seats[1]`` (``easy`` where the record names a person there)."""
    game = deckhand.load_game(name, **options)
    rng = random.Random(seed)
    agents = [
        make_agent(quick_spec(first or LEVELS[name]), game),
        make_agent(quick_spec("easy" if seats[1] == "human" else seats[1]), game),
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(agents[player].step(state.view(player), rng))
    return GameRecord.from_state(state, list(seats))
