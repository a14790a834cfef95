"""What a finished game's record calls each seat: people by name, everyone counted from one among their kind."""

from __future__ import annotations

import pytest

from deckhand.play.seats import display_names, seat_line


@pytest.mark.parametrize(
    ("specs", "names", "shown"),
    [
        (["human", "hard"], [], ["You", "Computer"]),
        (["human", "hard"], ["Ann", None], ["Ann", "Computer"]),
        (["human:Ann", "easy", "easy"], [], ["Ann", "Computer 1", "Computer 2"]),
        (["random", "random"], [], ["Computer 1", "Computer 2"]),
        (["human", "human", "easy", "easy"], [None, "Bo"], ["Player 1", "Bo", "Computer 1", "Computer 2"]),
        (["easy", "human"], ["Cy", "Ann"], ["Computer", "Ann"]),  # a computer's seat takes no name
    ],
)
def test_a_record_names_people_as_they_played_and_counts_from_one(
    specs: list[str], names: list[str | None], shown: list[str]
) -> None:
    assert display_names(specs, names) == shown


def test_a_seat_line_counts_seats_from_one_and_gives_a_computers_level() -> None:
    assert seat_line(0, "Ann", "human") == "Seat 1: Ann"
    assert seat_line(1, "Computer", "hard") == "Seat 2: Computer (hard)"
