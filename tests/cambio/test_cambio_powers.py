"""Cambio's powers (docs/games/cambio.md), per card and per preset: only a card drawn from the deck and discarded."""

from __future__ import annotations

import pytest

from deckhand import IllegalActionError
from tests.cambio.helpers import CLASSIC_DEAL, hands, legal, play, table

THREE = CLASSIC_DEAL + " C2 C3 C4 C6"  # three seats: seat 2 holds C2 C3 C4 C6


def after_discard(card: str, preset: str = "classic", players: int = 2, **options: object) -> list[str]:
    deal = CLASSIC_DEAL if players == 2 else THREE
    state = play(table(preset, deck=f"{deal} {card}", players=players, **options), "draw", card, "discard")
    return legal(state)


@pytest.mark.parametrize(
    ("card", "preset", "expected"),
    [
        ("D7", "classic", ["peek 0.0", "peek 0.1", "peek 0.2", "peek 0.3", "skip"]),
        ("D8", "house", ["peek 0.0", "peek 0.1", "peek 0.2", "peek 0.3", "skip"]),
        ("D9", "classic", ["peek 1.0", "peek 1.1", "peek 1.2", "peek 1.3", "skip"]),
        ("DX", "house", ["peek 1.0", "peek 1.1", "peek 1.2", "peek 1.3", "skip"]),
    ],
)
def test_peek_powers(card: str, preset: str, expected: list[str]) -> None:
    assert after_discard(card, preset) == expected


@pytest.mark.parametrize("card", ["DK", "HK", "D5", "DA", "D6"])
def test_cards_without_power_end_the_turn(card: str) -> None:
    assert after_discard(card) == ["cambio", "draw", "take"]


def test_joker_has_no_power() -> None:
    state = play(table("house", deck=CLASSIC_DEAL + " JK"), "draw", "JK", "discard")
    assert legal(state) == [
        "stick 0.0",
        "stick 0.1",
        "stick 0.2",
        "stick 0.3",
        "stick 1.0",
        "stick 1.1",
        "stick 1.2",
        "stick 1.3",
        "pass",
    ]


def test_peek_shows_the_card_to_the_peeker_only() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D9"), "draw", "D9", "discard", "peek 1.2")
    assert hands(state, 0)[1] == ["??", "??", "H7", "??"]
    assert hands(state, 1)[1] == ["H5", "H6", "??", "??"]
    assert state.to_json()["known"][1][2] == [0]


def test_power_of_a_swapped_in_card_does_not_fire() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D9"), "draw", "D9", "swap 0")
    assert state.current_player() == 1 and legal(state) == ["cambio", "draw", "take"]


def test_taken_power_card_has_no_power() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D9 D5"), "draw", "D9", "discard", "skip", "take", "swap 0")
    assert state.current_player() == 0 and legal(state) == ["cambio", "draw", "take"]


@pytest.mark.parametrize(
    ("preset", "players", "legal_one", "illegal_one"),
    [
        # classic J/Q: one own card with one opponent card
        ("classic", 3, "switch 0.1 2.3", "switch 1.0 2.0"),
        # house J/Q: any two cards of two different seats
        ("house", 3, "switch 1.0 2.0", "switch 1.0 1.1"),
    ],
)
def test_jack_and_queen_blind_switch(preset: str, players: int, legal_one: str, illegal_one: str) -> None:
    options = legal_one and after_discard("DJ", preset, players)
    assert legal_one in options and illegal_one not in options and options[-1] == "skip"


def test_blind_switch_moves_cards_and_what_anyone_knew_of_them() -> None:
    state = play(table(deck=CLASSIC_DEAL + " DQ"), "draw", "DQ", "discard", "switch 0.0 1.3")
    assert hands(state)[0][0] == "H8" and hands(state)[1][3] == "SA"
    # seat 0 knew SA at 0.0: now it knows SA at 1.3, and no longer knows 0.0
    assert hands(state, 0) == [["??", "S2", "??", "??"], ["??", "??", "??", "SA"]]
    assert hands(state, 1) == [["??", "??", "??", "??"], ["H5", "H6", "??", "??"]]


def test_switch_notation_takes_either_order() -> None:
    state = play(table(deck=CLASSIC_DEAL + " DQ"), "draw", "DQ", "discard")
    assert state.string_to_action("switch 1.3 0.0") == state.string_to_action("switch 0.0 1.3")


def test_classic_black_king_peeks_any_card_then_switches_any_own_with_any_opponent() -> None:
    state = play(table(deck=CLASSIC_DEAL + " SK"), "draw", "SK", "discard")
    assert legal(state)[:5] == ["peek 0.0", "peek 0.1", "peek 0.2", "peek 0.3", "peek 1.0"]
    play(state, "peek 1.1")
    assert hands(state, 0)[1][1] == "H6"
    options = legal(state)
    assert "switch 0.3 1.0" in options and "switch 0.0 1.1" in options and options[-1] == "skip"
    assert len(options) == 17


def test_house_black_king_peeks_another_seat_and_may_switch_only_that_card() -> None:
    state = play(table("house", deck=CLASSIC_DEAL + " CK"), "draw", "CK", "discard")
    assert legal(state) == ["peek 1.0", "peek 1.1", "peek 1.2", "peek 1.3", "skip"]
    play(state, "peek 1.1")
    assert legal(state) == ["switch 0.0 1.1", "switch 0.1 1.1", "switch 0.2 1.1", "switch 0.3 1.1", "skip"]
    play(state, "switch 0.2 1.1")
    assert hands(state, 0)[0][2] == "H6" and hands(state, 0)[1][1] == "S3"


def test_red_king_has_no_power_in_either_preset() -> None:
    state = play(table("house", deck=CLASSIC_DEAL + " HK"), "draw", "HK", "discard")
    assert legal(state)[-1] == "pass" and "skip" not in legal(state)


def test_every_power_may_be_declined() -> None:
    for card in ("D7", "D9", "DJ", "SK"):
        state = play(table(deck=CLASSIC_DEAL + " " + card), "draw", card, "discard", "skip")
        assert state.current_player() == 1


def test_peek_of_an_empty_or_missing_slot_is_refused() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D9"), "draw", "D9", "discard")
    with pytest.raises(IllegalActionError, match=r"no card at 1\.6"):
        play(state, "peek 1.6")
