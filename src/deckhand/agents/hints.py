"""Hints: the strongest agent's recommendation for a person's seat."""

from __future__ import annotations

from deckhand.agents.base import Agent
from deckhand.agents.registry import make_agent
from deckhand.core.protocol import Game

STRENGTH = ("expert", "hard", "medium", "easy")


def strongest_spec(game: Game) -> str:
    """The game's strongest level (``expert`` first), or ``random`` if it names none."""
    for level in STRENGTH:
        if level in game.LEVELS:
            return level
    return "random"


def hint_agent(game: Game) -> Agent:
    """The agent whose ``explain`` is shown as a hint: the game's own choice, else its strongest level."""
    return make_agent(game.HINTS or strongest_spec(game), game)
