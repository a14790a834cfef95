"""Notation (docs/games/casino.md, rules decisions), views, the greedy player, help mode and the computer's sentence."""

from __future__ import annotations

import random

import pytest

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.core.cards import parse_cards
from deckhand.core.errors import AmbiguousActionError, IllegalActionError, NotationError
from deckhand.core.protocol import view_as
from deckhand.games.casino.agents import GreedyAgent, computer_sentence, help_text
from deckhand.games.casino.view import CasinoView
from tests.casino.helpers import moves, play, position

SPEC = "[[C6 S3] [S9]] Human"


@pytest.mark.parametrize(
    "text",
    [
        "capture C9 {C8 HA} [[C6 S3] [S9]]",
        "build SA {C8} = 9",
        "capture SA HA",
    ],
)
def test_notation_round_trips(text: str) -> None:
    state = position("SA S4 CA C9", "H5 H6 D4 D7", "[[C6 S3] [S9]] C8 CJ HA", SPEC)
    action = state.string_to_action(text)
    assert state.action_to_string(action) == text
    assert action in state.legal_actions()


def test_notation_accepts_other_orders_and_cases() -> None:
    state = position("SA S4 CA C9", "H5 H6 D4 D7", "[[C6 S3] [S9]] C8 CJ HA", SPEC)
    assert state.action_to_string(state.string_to_action("Capture c9 {ha c8} [[s9] [s3 c6]]")) == (
        "capture C9 {C8 HA} [[C6 S3] [S9]]"
    )


def test_increase_and_join_notation() -> None:
    state = position("H2 S9 C9", "HK", "[C3 S4] [H6 H3]", "[C3 S4] Computer; [H6 H3] Human")
    assert "increase H2 [C3 S4] = 9" in moves(state)
    assert "build S9 = 9" in moves(state)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", NotationError),
        ("fold", NotationError),
        ("capture", NotationError),
        ("capture C9 {C8", NotationError),
        ("build SA {C8} 9", NotationError),
        ("trail ZZ", NotationError),
        ("capture C9 [H2 H3]", IllegalActionError),  # no such build on the table
    ],
)
def test_bad_notation(text: str, error: type[Exception]) -> None:
    state = position("SA S4 CA C9", "H5 H6 D4 D7", "[[C6 S3] [S9]] C8 CJ HA", SPEC)
    with pytest.raises(error):
        state.string_to_action(text)


def test_a_bare_card_names_its_only_move_or_is_ambiguous() -> None:
    state = position("SA S4 CA C9", "H5 H6 D4 D7", "[[C6 S3] [S9]] C8 CJ HA", SPEC)
    with pytest.raises(AmbiguousActionError, match="capture SA HA"):
        state.string_to_action("SA")
    with pytest.raises(IllegalActionError, match="the 4♠ has no move: it cannot be trailed while you own a build"):
        state.string_to_action("S4")


def test_view_hides_the_other_hand() -> None:
    state = position("SA S4 CA C9", "H5 H6 D4 D7", "[[C6 S3] [S9]] C8 CJ HA", SPEC)
    view = state.view(0)
    data = view.to_json()
    assert data["hands"] == [["SA", "S4", "CA", "C9"], ["??"] * 4]
    assert "H5" not in str(data)
    assert state.view(1).legal_actions() == []
    world = view.sample_world(random.Random(1))
    assert world.view(0) == view
    assert world.hands[0] == state.hands[0]


def test_a_view_reads_out_frozen_copies_of_what_its_seat_sees() -> None:
    state = position("SA S4 CA C9", "H5 H6 D4 D7", "[[C6 S3] [S9]] C8 CJ HA", SPEC)
    view = view_as(state.view(0), CasinoView)
    assert view.hand == tuple(state.hands[0]) and view.hidden_count == 4
    assert view.loose == tuple(state.loose) and view.builds == tuple(state.builds)
    assert view.deck_count == view.to_json()["deck_count"] == len(state.pile)
    assert (view.round, view.last_capturer) == (1, None)
    play(state, "capture C9 {C8 HA} [[C6 S3] [S9]]")
    assert view.hand == tuple(card.index for card in parse_cards("SA S4 CA C9"))  # the view kept its own copy
    assert len(view.loose) == 3 and view.piles == ((), ())


def test_greedy_explains_in_the_seeds_words() -> None:
    state = position("H2", "C9 H5", "D9 H6 S3 CJ", nxt="Computer")
    explanation = GreedyAgent().explain(state.view(1), random.Random(0))
    assert explanation.notation == "capture C9 D9 {H6 S3}"
    assert computer_sentence(explanation) == (
        "The computer chose to play a 9 of Clubs to capture the 9 of Diamonds and the set of 6 of Hearts "
        "and 3 of Spades. It wanted to maximize the number of captured cards."
    )


def test_greedy_says_so_when_it_takes_better_cards_rather_than_more() -> None:
    # two aces outweigh a 6, a 5 and an ace: the reason must not claim the most cards
    state = position("SA D6", "H2", "DA C5 H9")
    explanation = GreedyAgent().explain(state.view(0), random.Random(0))
    assert explanation.notation == "capture SA DA"
    assert "capture D6 {C5 DA}" in [c.notation for c in explanation.candidates]
    assert explanation.reason.startswith("to capture the most valuable cards")


def test_help_mode_names_card_action_and_reason() -> None:
    state = position("S5 DX", "HK", "HX C2 H3")
    # the course's help mode: which card, which action (capture, build or trail), and why
    hint = help_text(state.view(0))
    assert hint == "Capture the 10♥ with the 10♦ to keep the 10♦ from the opponent."


def test_greedy_builds_what_it_can_capture_next() -> None:
    state = position("H6 C9", "HK", "H3 SK", nxt="Human")
    explanation = GreedyAgent().explain(state.view(0), random.Random(0))
    assert explanation.notation == "build H6 {H3} = 9"
    assert explanation.public == "it wanted to build 9 and capture it on its next turn"
    assert help_text(state.view(0)) == "Build 9 with the 6♥ on the 3♥ to capture it on your next turn."


def test_greedy_trails_its_least_useful_card() -> None:
    state = position("DX H4", "HK", "C9 SQ")
    explanation = GreedyAgent().explain(state.view(0), random.Random(0))
    assert explanation.notation == "trail H4"
    assert help_text(state.view(0)) == (
        "Trail the 4♥: it is your least useful card, and you cannot capture or build anything worth more."
    )


def test_agents_and_levels_are_registered() -> None:
    game = deckhand.load_game("casino")
    assert isinstance(make_agent("greedy", game), GreedyAgent)
    assert game.LEVELS["medium"] == "greedy"


def test_greedy_beats_random_more_often_than_not() -> None:
    from deckhand.agents.random_agent import RandomAgent
    from deckhand.play.runner import play_game

    game = deckhand.load_game("casino", target=11)
    wins = 0.0
    for seed in range(10):
        seats = [GreedyAgent(game), RandomAgent(game)] if seed % 2 else [RandomAgent(game), GreedyAgent(game)]
        end = play_game(game, seats, random.Random(seed))
        wins += end.returns()[seed % 2 == 0]
    assert wins >= 7


def test_a_multiple_build_is_said_without_brackets() -> None:
    """A multiple build's groups in words: each group's cards with "with", the groups apart, no notation."""
    from deckhand.core.cards import Card
    from deckhand.games.casino.words import describe
    from deckhand.testing.words import faults_in

    game = deckhand.load_game("casino")
    seven, three, ten, capturing = (Card.parse(code).index for code in ("H7", "H3", "CX", "DX"))
    said = describe(("capture", capturing, (), (), (((seven, three), (ten,)),)), game.vals, [], 0)
    assert said.endswith("the multiple build (the 7 of Hearts with the 3 of Hearts, and the 10 of Clubs)")
    assert faults_in(said) == []
