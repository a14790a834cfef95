"""Cambio's sticking (house; docs/games/cambio.md, rules decisions) and the caller's lock, as small tables of plays."""

from __future__ import annotations

import random

import pytest

import deckhand
from deckhand import CHANCE, IllegalActionError
from deckhand.core.presentation import presentation_of
from tests.cambio.helpers import CLASSIC_DEAL, hands, legal, play, table

THREE = CLASSIC_DEAL + " C2 C3 C4 C6"


def window(card: str, players: int = 2, extra: str = "") -> object:
    """House table where seat 0 drew ``card`` and discarded it: the stick window is open."""
    deal = CLASSIC_DEAL if players == 2 else THREE
    return play(table("house", deck=f"{deal} {card} {extra}", players=players), "draw", card, "discard")


def test_window_goes_from_the_next_seat_round_to_the_player() -> None:
    state = window("D2", players=3)
    assert state.current_player() == 1
    play(state, "pass")
    assert state.current_player() == 2
    play(state, "pass")
    assert state.current_player() == 0
    play(state, "pass")
    assert state.current_player() == 1 and legal(state) == ["cambio", "draw"]


def test_right_stick_of_own_card_empties_the_slot_and_closes_the_window() -> None:
    state = window("D5")
    play(state, "stick 1.0")
    assert state.to_json()["discard"] == ["D5", "H5"]
    assert hands(state)[1] == [None, "H6", "H7", "H8"]
    assert state.current_player() == 1 and legal(state) == ["cambio", "draw"]


def test_right_stick_of_another_seats_card_lets_the_sticker_give_or_keep() -> None:
    state = window("D4")
    play(state, "stick 0.3")
    assert hands(state)[0] == ["SA", "S2", "S3", None]
    assert legal(state) == ["give 0", "give 1", "give 2", "give 3", "keep"]
    play(state, "give 2")
    assert hands(state) == [["SA", "S2", "S3", "H7"], ["H5", "H6", None, "H8"]]
    # the card goes with what was known of it: seat 1 saw H7, seat 0 did not
    assert hands(state, 1)[0][3] == "H7" and hands(state, 0)[0][3] == "??"
    assert state.current_player() == 1


def test_keep_after_a_right_stick() -> None:
    state = play(window("D4"), "stick 0.3", "keep")
    assert hands(state)[1] == ["H5", "H6", "H7", "H8"] and state.current_player() == 1


def test_wrong_stick_shows_the_card_and_draws_a_penalty_card_nobody_has_seen() -> None:
    state = window("D5", extra="C9")
    play(state, "stick 0.0")
    assert hands(state, 1)[0][0] == "SA"  # shown to everyone, put back
    assert state.current_player() == CHANCE
    play(state, "C9")
    assert hands(state)[1] == ["H5", "H6", "H7", "H8", "C9"]
    assert hands(state, 1)[1][4] == "??" and hands(state, 0)[1][4] == "??"
    assert state.current_player() == 0 and legal(state)[-1] == "pass"  # the window goes on


@pytest.mark.parametrize(
    ("top", "card", "right"),
    [
        ("DK", "SK", True),  # kings match kings, whatever their colour (DK is red: no power)
        ("D5", "H5", True),
        ("D5", "H6", False),
    ],
)
def test_stick_matches_rank(top: str, card: str, right: bool) -> None:
    deal = f"SA S2 S3 S4 {card} H7 H8 H9"
    state = play(table("house", deck=f"{deal} {top} C2"), "draw", top, "discard")
    play(state, "stick 1.0")
    assert (hands(state)[1][0] is None) == right


def test_jokers_match_jokers() -> None:
    state = play(table("house", deck="SA S2 S3 S4 JK H7 H8 H9 JK"), "draw", "JK", "discard", "stick 1.0")
    assert hands(state)[1][0] is None


def test_sticking_is_off_in_classic() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D5"), "draw", "D5", "discard")
    assert state.current_player() == 1 and "stick 1.0" not in legal(state)


# -- the caller's lock ----------------------------------------------------------------------------------
def test_callers_cards_cannot_be_switched_or_stuck_and_the_caller_sits_out_windows() -> None:
    state = table("house", deck=THREE + " D6 DJ", players=3)
    play(state, "cambio", "draw", "D6", "discard")
    assert state.current_player() == 2  # seat 0 called: it sits out
    assert not any(a.startswith("stick 0.") for a in legal(state))
    with pytest.raises(IllegalActionError, match="caller's cards cannot be stuck"):
        play(state, "stick 0.1")
    play(state, "pass", "pass", "draw", "DJ", "discard")
    options = legal(state)
    assert "switch 1.0 2.0" in options and not any(" 0." in a for a in options)
    with pytest.raises(IllegalActionError, match="locked"):
        play(state, "switch 0.0 1.0")


def test_classic_caller_is_not_locked() -> None:
    state = play(table(deck=CLASSIC_DEAL + " DJ"), "cambio", "draw", "DJ", "discard")
    assert "switch 0.0 1.0" in legal(state)


def test_caller_locked_is_an_option() -> None:
    state = play(table(deck=CLASSIC_DEAL + " DJ", caller_locked=True), "cambio", "draw", "DJ", "discard")
    assert legal(state) == ["skip"]


def test_a_wrong_stick_is_announced_with_its_penalty_card() -> None:
    game = deckhand.load_game("cambio", preset="house", deck="SA S2 S3 S4 H5 H6 H7 H8 C9")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(random.Random(0)))
    state.apply_action(state.string_to_action("draw"))
    state.apply_action(state.string_to_action("C9"))
    state.apply_action(state.string_to_action("swap 0"))  # the SA comes out: the window is on an ace
    sticker = state.current_player()
    wrong = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("stick 1."))
    words = presentation_of(state.game).describe_action(state, wrong)
    assert words.startswith("card ") and " of seat 2 is stuck: wrong, it is the " in words
    assert "a penalty card follows" in words
    state.apply_action(wrong)
    (line,) = presentation_of(state.game).announce(state, state.legal_actions()[0], ["Ann", "Bob"])
    assert line == f"A penalty card goes face down to {['Ann', 'Bob'][sticker]}, as their card 5."
