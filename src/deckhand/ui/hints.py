"""Hints: the strongest agent's recommendation for a person's seat, and Three Trios flip counts."""

from __future__ import annotations

import random

from deckhand.agents.base import Agent
from deckhand.agents.registry import make_agent
from deckhand.core.protocol import Game, View

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


def flip_counts(view: View, card: str | None = None) -> tuple[str | None, dict[tuple[int, int], int]]:
    """Three Trios: for one hand card, how many cards each empty cell would flip (combos included).

    Works from the view alone (the game is open), by trying each placement
    on a copy: ``card`` is a card name, or ``None`` for the first card in hand.
    Returns the card used and ``{(row, col): flips}``.
    """
    data = view.to_json()
    hand = data["hands"][view.player]
    if not hand:
        return None, {}
    names = [c["name"] if isinstance(c, dict) else str(c) for c in hand]
    wanted = card if card is not None else names[0]
    matches = [n for n in names if n.lower() == wanted.lower()]
    if not matches:
        return None, {}
    name = matches[0]
    world = view.sample_world(random.Random(0))  # nothing is hidden in an open game
    mine = "R" if view.player == 0 else "B"
    theirs = "B" if mine == "R" else "R"
    before = data["board"]
    counts: dict[tuple[int, int], int] = {}
    for action in world.legal_actions():
        text = world.action_to_string(action)
        played, _, cell = text.rpartition(" ")
        if played.lower() != name.lower():
            continue
        row, col = (int(x) for x in cell.split(","))
        after = world.child(action).to_json()["board"]
        counts[(row, col)] = sum(
            1 for r, line in enumerate(before) for c, mark in enumerate(line) if mark == theirs and after[r][c] == mine
        )
    return name, counts
