"""Every game's renderer draws every view of a whole game, and hides what the view hides."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

import deckhand
from deckhand.core.cards import Rank
from deckhand.render import Context, renderer_for
from deckhand.render.cards import card_label, card_row, card_words
from deckhand.render.plain import render as plain


def draw(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(renderable)
    return out.getvalue()


@pytest.mark.parametrize(
    "code,label,words",
    [
        ("H9", "9♥", "the 9 of Hearts"),
        ("DX", "10♦", "the 10 of Diamonds"),
        ("SK", "K♠", "the King of Spades"),
        ("JK", "Joker", "a joker"),
    ],
)
def test_cards_are_drawn_with_suit_symbols(code: str, label: str, words: str) -> None:
    assert card_label(code) == label and card_words(code) == words
    assert draw(card_row([code, "??", None])).strip() == f"[{label}] [??]  --"


@pytest.mark.parametrize("name", ["basra", "cambio", "casino", "go_fish", "three_trios"])
def test_every_view_of_a_game_is_drawn_by_its_own_renderer(name: str) -> None:
    game = deckhand.load_game(name)
    render = renderer_for(name)
    rng = random.Random(8)
    state = game.new_initial_state()
    names = ["You", "Computer"]
    steps = 0
    while not state.is_terminal() and steps < 60:
        player = state.current_player()
        if player >= 0:
            for seat in range(game.num_players):
                data = state.view(seat).to_json()
                text = draw(render(data, Context(viewer=seat, names=names)))
                assert "You" in text and "Computer" in text
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        else:
            state.apply_action(state.sample_chance_outcome(rng))
    draw(render(state.to_json(), Context(viewer=None, names=names)))


def test_a_cambio_view_shows_the_opponents_unknown_cards_face_down() -> None:
    game = deckhand.load_game("cambio", deck="S2 S3 S4 S5 H2 H3 H4 H5")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(random.Random(1)))
    text = draw(renderer_for("cambio")(state.view(0).to_json(), Context(viewer=0, names=["You", "Computer"])))
    assert "[2♠]" in text and "[3♠]" in text  # slots 0 and 1: known from the deal (classic)
    assert "[4♠]" not in text and "[2♥]" not in text and "[??]" in text


def test_the_plain_renderer_draws_any_game() -> None:
    data = {"game": "newgame", "hands": [["SA", "??"], ["H2"]], "pot": 3, "scores": [1.0, 2.0]}
    text = draw(plain(data, Context(viewer=0, names=["You", "Computer"])))
    assert "Newgame" in text and "You: [A♠] [??]" in text and "pot" in text and "Scores: You 1  Computer 2" in text


def test_a_cambio_stick_window_is_said_in_words() -> None:
    game = deckhand.load_game("cambio", preset="house", jokers=False, deck="C2 C3 C4 HK D2 D3 D4 D5 DK")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(random.Random(1)))
    for move in ("draw", "discard"):
        while state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(random.Random(1)))
        state.apply_action(state.string_to_action(move))
    data = state.view(1).to_json()
    assert data["phase"] == "stick"
    text = draw(renderer_for("cambio")(data, Context(viewer=1, names=["You", "Computer"])))
    assert "Stick window: Computer may stick a card that matches the top discard, or pass" in text
    assert "{" not in text and "give_to" not in text


def _go_fish_midgame() -> tuple[object, dict[str, object]]:
    """A two-seat Go Fish game played until both seats have a book, and seat 0's view of it."""
    game = deckhand.load_game("go_fish")
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        data = state.view(0).to_json()
        if state.current_player() == 0 and all(len(b) >= 4 for b in data["books"]) and data["holds"][1]:
            return state, data
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no position with a book each")


def test_a_go_fish_board_reads_as_players_say_it() -> None:
    """No debug fields (phase, turn, holds); books one card each with a count; ranks said in the plural."""
    _, data = _go_fish_midgame()
    text = draw(renderer_for("go_fish")(data, Context(viewer=0, names=["You", "Computer"])))
    for debug in ("phase", "turn", "holds", "has none of", "['", "seen"):
        assert debug not in text, text
    books = data["books"]
    assert isinstance(books, list)
    for seat, name in enumerate(["You", "Computer"]):
        count = len(books[seat]) // 4
        lines = text.splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith(name))
        assert f"{count} book{'s' * (count != 1)}: " in lines[at + 1]
        assert lines[at + 1].count("[") == count  # one card a book, not four
    asked = data["holds"][1]
    assert "asked for " in text and Rank(asked[0]).plural in text
    assert re.search(r"\b[AXJQK]s\b", text) is None


def test_a_book_is_drawn_as_one_card() -> None:
    data = {
        "game": "go_fish",
        "viewer": 0,
        "hands": [["H2"], ["??", "??", "DX"]],
        "books": [["SA", "HA", "DA", "CA", "SX", "HX", "DX", "CX"], []],
        "holds": [[], ["A", "X"]],
        "has_none_of": [[], ["7", "K"]],
        "stock": 0,
    }
    drawn = draw(renderer_for("go_fish")(data, Context(viewer=0, names=["You", "Computer"])))
    text = "\n".join(line.rstrip() for line in drawn.splitlines())
    assert "Computer  [10♦] and 2 more\n" in text
    assert "0 books · asked for aces and 10s · has no 7s or kings" in text
    assert "You       [2♥]\n          2 books: [A♠] [10♠]" in text and "[A♥]" not in text
    assert "The stock is empty" in text
