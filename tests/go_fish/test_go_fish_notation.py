"""Go Fish notation: every legal move round-trips, the forgiving forms read, bad text is one line."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deckhand
from deckhand import AmbiguousActionError, DeckhandError, IllegalActionError, NotationError
from deckhand.games.go_fish.state import ask_action
from deckhand.testing.fuzz import Target, check
from tests.go_fish.helpers import arrange, cards, deal, play


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [2, 3, 6])
def test_every_legal_move_round_trips_and_strings_are_unique(seed: int, players: int) -> None:
    game = deckhand.load_game("go_fish", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        actions = state.legal_actions()
        strings = [state.action_to_string(a) for a in actions]
        assert len(set(strings)) == len(strings)
        assert [state.string_to_action(s) for s in strings] == actions
        state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(actions))


# (text, the action it reads as) in a two-player game, seat 0 holding S7 XH C2
READS = [
    ("ask 1 7", ask_action(1, 6)),
    ("ASK 1 x", ask_action(1, 9)),
    ("ask 1 T", ask_action(1, 9)),
    ("ask 1 10", ask_action(1, 9)),
    ("  ask   1   2 ", ask_action(1, 1)),
    ("ask 7", ask_action(1, 6)),
]


@pytest.mark.parametrize(("text", "action"), READS)
def test_forgiving_forms(text: str, action: int) -> None:
    state = arrange(["S7 HX C2", "S9"], "SK")
    assert state.string_to_action(text) == action
    assert state.action_to_string(action) in ("ask 1 7", "ask 1 X", "ask 1 2")


# (text, error class, a fragment of its message)
BAD = [
    ("", NotationError, "ask SEAT RANK"),
    ("fish", NotationError, "ask SEAT RANK"),
    ("ask", NotationError, "ask SEAT RANK"),
    ("ask 1 7 7", NotationError, "ask SEAT RANK"),
    ("ask 1 Z", NotationError, "not a rank"),
    ("ask 1 1", NotationError, "not a rank"),
    ("ask x 7", NotationError, "seat asked must be a whole number"),
    ("ask ² 7", NotationError, "whole number"),
    ("ask 9 7", NotationError, "from 0 to 1"),
    ("ask 99999999999 7", NotationError, "whole number"),
    ("ask 1 9", IllegalActionError, "you hold no 9s"),
    ("ask 0 7", IllegalActionError, "not yourself"),
    ("H7", NotationError, "ask SEAT RANK"),
    ("ask 9", IllegalActionError, "you hold no 9s"),
]


@pytest.mark.parametrize(("text", "kind", "message"), BAD)
def test_bad_notation_is_one_line(text: str, kind: type[DeckhandError], message: str) -> None:
    state = arrange(["S7 HX C2", "S9"], "SK")
    with pytest.raises(kind, match=message) as caught:
        state.string_to_action(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 200


def test_a_drawn_card_is_its_code() -> None:
    state = play(arrange(["S7", "S9"], "SK HK"), "ask 1 7")
    assert state.string_to_action("sk") == cards("SK")[0]
    assert state.action_to_string(cards("HK")[0]) == "HK"
    with pytest.raises(IllegalActionError, match="cannot be drawn"):
        state.string_to_action("DK")
    with pytest.raises(NotationError, match="not a card code"):
        state.string_to_action("ZZ")
    with pytest.raises(NotationError, match="write its code"):
        state.string_to_action("ask 1 7")


def test_asking_for_a_rank_alone_needs_one_seat_to_ask() -> None:
    state = arrange(["S7", "S9", "H9"], "SK")
    with pytest.raises(AmbiguousActionError, match="seats 1, 2"):
        state.string_to_action("ask 7")
    state.hands[2] = []
    assert state.string_to_action("ask 7") == ask_action(1, 6)


def test_after_the_end_nothing_reads() -> None:
    state = play(arrange(["S7 H7 D7", "C7"], books=["AXJQK23456", "89"]), "ask 1 7")
    with pytest.raises(IllegalActionError, match="over"):
        state.string_to_action("ask 1 7")


def test_notation_of_a_stranger_is_an_error() -> None:
    state = deal()
    for junk in (None, -1, 500, (1, 2)):
        with pytest.raises(NotationError):
            state.action_to_string(junk)


NOTATION = Target("notation/go_fish", ["ask 1 7"], lambda text: _feed(text))


def _feed(text: str) -> None:
    """Read ``text`` in a few positions: a DeckhandError or a legal move."""
    for seed in range(3):
        state = deal(seed)
        try:
            action = state.string_to_action(text)
        except DeckhandError:
            continue
        assert action in state.legal_actions()


@settings(max_examples=150, deadline=None, database=None)
@given(text=st.text(max_size=30) | st.from_regex(r"ask\s+[0-9²]{1,3}\s+[A-Za-z0-9]{1,3}", fullmatch=True))
def test_any_text_is_read_or_refused_in_one_line(text: str) -> None:
    check(NOTATION, text)
