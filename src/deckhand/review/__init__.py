"""The game review: where one seat's game was won and lost, from what that seat knew.

>>> from deckhand.review import ReviewBudget, review_game   # doctest: +SKIP
"""

from deckhand.review.analysis import (
    Decision,
    Review,
    ReviewBudget,
    ReviewCancelled,
    default_seat,
    engine_spec,
    review_decision,
    review_game,
)
from deckhand.review.grading import game_accuracy, grade, move_accuracy

__all__ = [
    "Decision",
    "Review",
    "ReviewBudget",
    "ReviewCancelled",
    "default_seat",
    "engine_spec",
    "game_accuracy",
    "grade",
    "move_accuracy",
    "review_decision",
    "review_game",
]
