"""A hint is one sentence said to the player: the game's words for the move, then why, in the second person.

And a search says why it chose its move in its game's words (``Game.choice_reasons``): what the move
takes, keeps or denies, to its player and to the table, never the search's figures.
"""

from __future__ import annotations

import random

import pytest

import deckhand
from deckhand.agents import Explanation, make_agent
from deckhand.agents.hints import hint_sentence, search_summary
from deckhand.core.presentation import presentation_of
from deckhand.core.words import Reasons
from tests.basra.helpers import arrange as basra
from tests.cambio.helpers import CLASSIC_DEAL, play, table
from tests.casino.helpers import position
from tests.go_fish.helpers import arrange as go_fish

TWO = ["You", "Computer"]


def _hint(state: deckhand.State, level: str, names: list[str] = TWO) -> str:
    view = state.view(state.current_player())
    explanation = make_agent(level, state.game).explain(view, random.Random(0))
    return hint_sentence(presentation_of(state.game), view, explanation, names)


def test_go_fish_asks_the_seat_by_its_name_and_says_why_to_you() -> None:
    state = go_fish(["SX HX C2", "S9", "D9 C7"], "SK HK")
    state.holds[2] |= 1 << 9  # seat 2 once asked for 10s
    names = ["You", "Computer 1", "Computer 2"]
    assert _hint(state, "medium", names) == "Ask Computer 2 for 10s: they are known to hold 10s, and you hold two."


def test_cambio_says_your_worst_card() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D2"), "draw", "D2")
    assert _hint(state, "medium") == "Swap the 2♦ for your card 4: it lowers your hand's value from 15 to 11."
    assert _hint(state, "hard").startswith("Swap the 2♦ for your card ")
    assert ": that is your worst card, one you have not seen (counted 6)." in _hint(state, "hard")


def test_basra_plays_a_card_in_words_never_play_play() -> None:
    state = basra("egyptian", hand="H9 S3 D7", table="C4 D5", other="S8")
    assert _hint(state, "medium") == (
        "Play the 9♥ to take the 4♣ and 5♦: a basra for 10 points; it leaves the opponent little to take, "
        "and it keeps your 7♦ for a fuller table."
    )


def test_three_trios_places_a_card_on_a_cell() -> None:
    game = deckhand.load_game("three_trios")
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    hint = _hint(state, "medium")
    assert hint.startswith("Place ") and " in the top left corner: " in hint


def test_casino_names_the_card_the_action_and_why() -> None:
    state = position("H6 C9", "HK", "H3 SK")
    assert _hint(state, "medium") == "Build 9 with the 6♥ on the 3♥ to capture it on your next turn."


@pytest.mark.parametrize(
    ("reason", "sentence"),
    [
        ("to capture it on your next turn", "Trail the 8♥ to capture it on your next turn."),
        ("it is your least useful card.", "Trail the 8♥: it is your least useful card."),
        ("", "Trail the 8♥."),
    ],
)
def test_a_purpose_follows_the_move_and_anything_else_a_colon(reason: str, sentence: str) -> None:
    state = position("H8", "HK", "C2")
    view = state.view(0)
    action = view.string_to_action("trail H8")
    assert hint_sentence(presentation_of(state.game), view, Explanation(action, "trail H8", reason), TWO) == sentence


def test_a_search_hint_keeps_its_figures_for_the_summary() -> None:
    game = deckhand.load_game("basra", deck="H9 SJ C2 H7 D7  S2 H4 CA D2 S8  C4 D5 S3 H6")
    state, rng = game.new_initial_state(), random.Random(7)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    hint = make_agent("ismcts:iterations=300", game).explain(state.view(0), random.Random(0))
    sentence = hint_sentence(presentation_of(game), state.view(0), hint, TWO)
    take = "Play the 9♥ to take the whole table (4 cards)"
    assert sentence == f"{take}: a basra for 18 points, and it keeps your J♠ for a fuller table."
    assert search_summary(hint).startswith("The search (ismcts) played 300 playouts and gives this move about ")
    rule = make_agent("medium", game).explain(state.view(0), random.Random(0))
    assert search_summary(rule) == ""


# -- a search's reasons, in its game's words ---------------------------------------------------------


def _reasons(state: deckhand.State, move: str, *rivals: str) -> Reasons:
    view = state.view(state.current_player())
    return presentation_of(state.game).choice_reasons(
        view, view.string_to_action(move), [view.string_to_action(r) for r in rivals]
    )


CASINO = [
    pytest.param(
        position("S4 C9 HK", "DK", "[H3 H6] D2", owners="[H3 H6] Human"),
        ("trail S4", "capture C9 [H3 H6]"),
        "it keeps your 9♣ for your build of 9",
        "it keeps its capturing card for its build of 9",
        id="trail, keeping the card for its build",
    ),
    pytest.param(
        position("H6 C9", "HK", "H3 SK"),
        ("build H6 {H3} = 9",),
        "it builds 9 to capture next turn with your 9♣",
        "it builds 9 to capture on its next turn",
        id="build",
    ),
    pytest.param(
        position("SX HK", "CK", "DX S2"),
        ("capture SX DX",),
        "it wins 2 cards, with the 10♦ and 1 spade among them",
        "it wins 2 cards, with the 10♦ and 1 spade among them",
        id="capture of the 10♦",
    ),
    pytest.param(
        position("C5 HK", "CK", "DK S2"),
        ("trail C5", "capture HK DK"),
        "capturing 1 card with the K♥ now looked worse in the long run",
        "nothing it could capture or build looked better",
        id="trail over a capture",
    ),
]


@pytest.mark.parametrize(("state", "moves", "yours", "public"), CASINO)
def test_casinos_search_says_what_its_move_captures_builds_or_keeps(
    state: deckhand.State, moves: tuple[str, ...], yours: str, public: str
) -> None:
    assert _reasons(state, *moves) == Reasons(yours, public)


BASRA = [
    pytest.param(
        basra("egyptian", hand="H9 S3 D7", table="C4 D5", other="S8"),
        ("play H9 {C4 D5}",),
        "a basra for 10 points, and it keeps your 7♦ for a fuller table",
        "a basra for 10 points",
        id="basra",
    ),
    pytest.param(
        basra("bazzi", hand="S3 CJ", table="H3 C5", other="S8"),
        ("play S3 {H3}",),
        "it takes 1 card worth no points; it leaves no points on the table, and it keeps your J♣ for a fuller table",
        "it takes 1 card worth no points; it leaves no points on the table",
        id="keeps a jack",
    ),
    pytest.param(
        basra("bazzi", hand="S3 CJ", table="HX C5", other="S8"),
        ("play S3", "play CJ"),
        "it takes nothing; it leaves no points on the table, and it keeps your J♣ for a fuller table; "
        "the J♣ would win 2 points now, but less in the end",
        "it takes nothing; it leaves no points on the table",
        id="trail over a sweep",
    ),
]


@pytest.mark.parametrize(("state", "moves", "yours", "public"), BASRA)
def test_basras_search_says_what_its_move_wins_leaves_and_keeps(
    state: deckhand.State, moves: tuple[str, ...], yours: str, public: str
) -> None:
    assert _reasons(state, *moves) == Reasons(yours, public)


@pytest.mark.parametrize("name", ["basra", "casino"])
def test_the_hard_level_tells_the_table_why_in_its_games_words(name: str) -> None:
    """Every move of ``hard`` in Basra and Casino comes with what it does, not only "plays trail C7"."""
    game = deckhand.load_game(name)
    hard = make_agent("ismcts:iterations=40", game)
    state, rng = game.new_initial_state(), random.Random(3)
    said = set()
    while not state.is_terminal() and len(said) < 12:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        explanation = hard.explain(state.view(state.current_player()), rng)
        assert explanation.public and "played out" not in explanation.public
        said.add(explanation.public)
        state.apply_action(explanation.action)
    assert len(said) > 3  # the words follow the move


@pytest.mark.parametrize("preset", ["classic", "house"])
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_cambio_speaks_of_calling_only_while_cambio_may_be_called(preset: str, level: str) -> None:
    """Once someone has called cambio the others draw or take: a hint that says "not low enough to call" misleads."""
    game = deckhand.load_game("cambio", preset=preset)
    rng, said = random.Random(5), []
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            legal = [state.action_to_string(a) for a in state.legal_actions()]
            if (
                "draw" in legal
                and "cambio" not in legal
                and state.view(state.current_player()).to_json()["caller"] is not None
            ):
                said.append(_hint(state, level))
            moves = state.legal_actions()
            calls = [a for a in moves if state.action_to_string(a) == "cambio"]
            state.apply_action(calls[0] if calls and rng.random() < 0.3 else rng.choice(moves))
        if len(said) >= 5:
            break
    assert said, "some turn came after a call"
    assert not [s for s in said if "call cambio" in s], said
    if preset == "house":
        assert not [s for s in said if "discard pile would" in s or "no discard to take" in s], said


def test_the_house_computers_draw_is_said_without_a_discard_that_could_not_be_taken() -> None:
    from deckhand.games.cambio.actions import A_DRAW
    from deckhand.games.cambio.app_players import public_reason

    for preset, said in (
        ("house", "the discard pile cannot be taken, so it draws"),
        ("classic", "nothing on the discard pile tempts it"),
    ):
        state = deckhand.load_game("cambio", preset=preset).new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        assert public_reason(state.view(state.current_player()), A_DRAW) == said
