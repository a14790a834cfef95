"""Hints: the strongest agent's recommendation for a person's seat, said to that person.

:func:`hint_sentence` is the one place an explanation becomes what the
player reads ("Ask Computer for 10s: they may hold some, and you hold
two."): the terminal, the browser and the advisor all call it. The figures of
a search (its chance to win, its visits) are not in the sentence; a table
shows them on request (:func:`search_summary`, the terminal's ``why``).
"""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.agents.base import Agent, Explanation
from deckhand.agents.registry import make_agent
from deckhand.core.presentation import Presentation
from deckhand.core.protocol import Game, View

STRENGTH = ("expert", "hard", "medium", "easy")


def strongest_spec(game: Game) -> str:
    """The game's strongest level (``expert`` first), or ``random`` if it names none."""
    for level in STRENGTH:
        if level in game.LEVELS:
            return level
    return "random"


def hint_spec(game: Game) -> str:
    """The spec of the agent whose ``explain`` is shown as a hint: the game's own choice, else its strongest level."""
    return game.HINTS or strongest_spec(game)


def hint_agent(game: Game) -> Agent:
    """The agent whose ``explain`` is shown as a hint (:func:`hint_spec`)."""
    return make_agent(hint_spec(game), game)


def hint_sentence(shown: Presentation, view: View, explanation: Explanation, names: Sequence[str]) -> str:
    """The hint for ``view``'s seat as the player reads it: the move as advice, then why, in the second person.

    The move is the game's ``suggest`` ("Ask Computer for 10s"); the reason is
    the explanation's, which agents say to the seat that decides. A reason
    that is a purpose ("to take the most cards") follows the move; any other
    follows a colon.
    """
    move = shown.suggest(view, explanation.action, names).strip().rstrip(".")
    move = move[:1].upper() + move[1:]
    why = explanation.reason.strip().rstrip(".")
    if not why:
        return f"{move}."
    return f"{move}{' ' if why.startswith('to ') else ': '}{why}."


def search_chance(explanation: Explanation) -> float | None:
    """The chance to win a search gives its chosen move, or None when no search chose it."""
    if "iterations" not in explanation.data or not explanation.candidates:
        return None
    return explanation.candidates[0].value


def search_summary(explanation: Explanation) -> str:
    """The search behind a hint in one line (its kind, iterations, the chosen move's chance and visits); empty
    for a rule's choice."""
    chance = search_chance(explanation)
    if chance is None:
        return ""
    best = explanation.candidates[0]
    kind = explanation.data.get("search", "search")
    played = f"{explanation.data['iterations']} playouts"  # an iteration plays one out: one unit throughout
    tried = f", from the {best.visits} that began with it" if best.visits else ""
    return f"The search ({kind}) played {played} and gives this move about {chance:.0%} to win{tried}."
