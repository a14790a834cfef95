"""What a costly move led to, outside solved positions: the reply it drew in the playouts, no hidden card named."""

from __future__ import annotations

import random

import pytest

from deckhand.review import Decision
from deckhand.review.analysis import decision_points, review_names
from deckhand.review.followed import unnamed, what_followed
from deckhand.review.text import decision_lines
from tests.review.games import played


def test_a_card_laid_for_the_taking_is_said_to_be_taken() -> None:
    """Basra: laying the 7♥ where the opponent holds a 7 gives it a basra; laying the 9♠ does not."""
    record = played("basra", 2, first="random")
    names = review_names(record, 0)
    point = next(p for p in decision_points(record, 0, names) if p.number == 195)
    assert point.view.action_to_string(point.action) == "play H7"
    better = point.view.string_to_action("play S9")
    said = what_followed(point.view, point.action, better, names, random.Random(1))
    assert said.startswith("Computer takes the 7 of Hearts with a 7: a basra: after your move in 32 of 32 deals")
    assert said.endswith("after the better move in none.")
    assert what_followed(point.view, point.action, point.action, names, random.Random(1)) == ""  # nothing lost


@pytest.mark.parametrize(
    ("words", "unseen", "shown", "said"),
    [
        (
            "Computer takes the 9 of Diamonds with the 9 of Clubs.",
            {"C9"},
            {"D9"},
            "Computer takes the 9 of Diamonds with a 9.",
        ),
        ("Computer lays the 9♣ on the table.", {"C9"}, set(), "Computer lays a card on the table."),
        (
            "Computer plays a Queen of Spades to capture the Queen of Hearts.",
            {"SQ"},
            {"HQ"},
            "Computer plays a Queen to capture the Queen of Hearts.",
        ),
        (
            "Computer takes the 8 of Diamonds with the 8 of Clubs.",
            {"C8"},
            {"D8"},
            "Computer takes the 8 of Diamonds with an 8.",
        ),
        (
            "Computer takes the Ace of Spades with the Ace of Hearts.",
            {"HA"},
            {"SA"},
            "Computer takes the Ace of Spades with an Ace.",
        ),
        ("Computer asks you for 10s.", {"CX"}, set(), "Computer asks you for 10s."),
    ],
)
def test_a_card_the_seat_could_not_see_is_said_by_its_rank_or_not_at_all(
    words: str, unseen: set[str], shown: set[str], said: str
) -> None:
    assert unnamed(words, frozenset(unseen), frozenset(shown)) == said


def test_the_review_says_what_the_move_led_to_where_it_shows_no_line_of_best_play() -> None:
    decision = Decision(
        number=7,
        played="You lay the 7 of Hearts on the table.",
        best="Lay the 9♠.",
        chance=0.3,
        best_chance=0.5,
        error=0.05,
        loss=20.0,
        grade="blunder",
        accuracy=20.0,
        advice="",
        followed="Computer takes the 7 of Hearts with a 7: after your move in 32 of 32 deals of the unseen cards, "
        "after the better move in none.",
    )
    lines = decision_lines(decision)
    assert lines[2].startswith("  What it led to: Computer takes the 7 of Hearts with a 7")
    solved = Decision(**{**decision.to_json(), "line": "Computer takes the 7♥.", "exact": True})
    assert not any("What it led to" in line for line in decision_lines(solved))
