"""Go Fish's rules, one table row per case: asking, giving, fishing, books, empty hands, the end."""

from __future__ import annotations

import pytest

import deckhand
from deckhand import CHANCE, TERMINAL, ConfigError, IllegalActionError
from deckhand.games.go_fish.state import ASK, FISH, LONE, REFILL
from tests.go_fish.helpers import arrange, cards, deal, facts, hand, play

# (hands, stock, moves, then: seat 0's hand, seat 1's hand, phase, seat to play or draw)
PLAYS = [
    pytest.param(["S7 C2", "H7 D7 S9"], "SK", ["ask 1 7"], "C2 D7 H7 S7", "S9", ASK, 0, id="given-all-and-ask-again"),
    pytest.param(["S7 C2", "S9 H9"], "SK HK", ["ask 1 7"], "C2 S7", "H9 S9", FISH, 0, id="none-go-fish"),
    pytest.param(["S7 C2", "S9"], "H7 SK", ["ask 1 7", "H7"], "C2 H7 S7", "S9", ASK, 0, id="fished-the-rank-ask-again"),
    pytest.param(["S7 C2", "S9"], "H7 SK", ["ask 1 7", "SK"], "C2 S7 SK", "S9", ASK, 1, id="fished-another-rank-pass"),
    pytest.param(["S7 H7 D7 C2", "C7 S9"], "SK", ["ask 1 7"], "C2", "S9", ASK, 0, id="fourth-card-makes-a-book"),
    pytest.param(["S7 H7 D7", "C7 S9"], "SK", ["ask 1 7"], "", "S9", REFILL, 0, id="book-empties-hand-draw-first"),
    pytest.param(["S7 H7 D7", "C7 S9"], "SK", ["ask 1 7", "SK"], "SK", "S9", ASK, 0, id="drawn-then-ask-on"),
    pytest.param(["S7 H7 D7 C2", "S9"], "C7 SK", ["ask 1 7", "C7"], "C2", "S9", ASK, 0, id="fished-fourth-card-book"),
    pytest.param(["S7 H2 D2 C2", "S9"], "S2 SK", ["ask 1 7", "S2"], "S7", "S9", ASK, 1, id="fished-book-other-rank"),
    pytest.param(["S7 C2", "S9 H2"], "", ["ask 1 7"], "C2 S7", "H2 S9", ASK, 1, id="empty-stock-refused-pass"),
]


def test_the_last_book_ends_the_game() -> None:
    state = play(arrange(["S7 H7 D7", "C7"], books=["AXJQK23456", "89"]), "ask 1 7")
    assert (state.current_player(), state.scores(), state.returns()) == (TERMINAL, [11.0, 2.0], [1.0, 0.0])


@pytest.mark.parametrize(("hands", "stock", "moves", "mine", "theirs", "phase", "seat"), PLAYS)
def test_a_turn(hands: list[str], stock: str, moves: list[str], mine: str, theirs: str, phase: int, seat: int) -> None:
    state = play(arrange(hands, stock), *moves)
    assert (hand(state, 0), hand(state, 1), state.phase, state.player) == (
        " ".join(sorted(mine.split())),
        " ".join(sorted(theirs.split())),
        phase,
        seat,
    )


def test_a_book_is_laid_down_face_up_and_scores() -> None:
    state = play(arrange(["S7 H7 D7 C2", "C7 S9"], "SK"), "ask 1 7")
    assert state.books == [[6], []]
    assert state.scores() == [1.0, 0.0]
    assert facts(state)["books"] == [["S7", "H7", "D7", "C7"], []]


# (hands, stock, player, then: phase, seat)
TURNS = [
    pytest.param(["", "S9 H9", "D9"], "SK", 0, REFILL, 0, id="empty-hand-draws"),
    pytest.param(["", "S9 H9", "D9"], "", 0, ASK, 1, id="empty-hand-empty-stock-is-out"),
    pytest.param(["S7", "", ""], "SK", 0, LONE, 0, id="nobody-to-ask-draws"),
]


@pytest.mark.parametrize(("hands", "stock", "player", "phase", "seat"), TURNS)
def test_whose_turn(hands: list[str], stock: str, player: int, phase: int, seat: int) -> None:
    state = arrange(hands, stock)
    state._next_turn(player)
    assert (state.phase, state.player) == (phase, seat)


def test_an_empty_hand_draws_then_asks() -> None:
    state = arrange(["", "S9 H9"], "SK S9")
    state._next_turn(0)
    assert state.current_player() == CHANCE
    play(state, "SK")
    assert (state.phase, state.player, hand(state, 0)) == (ASK, 0, "SK")


def test_with_nobody_to_ask_a_player_draws_and_the_turn_passes() -> None:
    state = arrange(["S7", "", ""], "SK HK")
    state._next_turn(0)
    play(state, "SK")
    assert (state.phase, state.player, hand(state, 0)) == (REFILL, 1, "S7 SK")


# (books per seat as rank letters, returns)
ENDS = [
    pytest.param(["AXJQK23", "456789"], [1.0, 0.0], id="most-books-wins"),
    pytest.param(["AXJQK", "23456", "789"], [0.5, 0.5, 0.0], id="two-share"),
    pytest.param(["AXJQ", "K234", "5678", "9"], [1 / 3, 1 / 3, 1 / 3, 0.0], id="three-share"),
]


@pytest.mark.parametrize(("books", "returns"), ENDS)
def test_the_end_and_ties(books: list[str], returns: list[float]) -> None:
    state = arrange([""] * len(books), books=books)
    state._next_turn(0)
    assert state.current_player() == TERMINAL
    assert state.returns() == pytest.approx(returns)
    assert state.scores() == [float(len(b)) for b in books]


# (hands, stock, move, a fragment of the rule named)
ILLEGAL = [
    pytest.param(["S7", "S9"], "SK", "ask 0 7", "not yourself", id="yourself"),
    pytest.param(["S7", "S9"], "SK", "ask 1 9", "you hold no 9s", id="rank-not-held"),
    pytest.param(["S7", "", "S9"], "SK", "ask 1 7", "seat 1 has no cards", id="empty-handed-seat"),
    pytest.param(["S7", "S9"], "SK", "ask 2 7", "from 0 to 1", id="no-such-seat"),
    pytest.param(["S7", "S9"], "SK", "SK", "ask SEAT RANK", id="drawing-out-of-turn"),
]


@pytest.mark.parametrize(("hands", "stock", "move", "rule"), ILLEGAL)
def test_illegal_moves_name_the_rule_and_change_nothing(hands: list[str], stock: str, move: str, rule: str) -> None:
    state = arrange(hands, stock)
    before = state.to_json()
    with pytest.raises(deckhand.DeckhandError, match=rule) as caught:
        state.apply_action(state.string_to_action(move))
    assert "\n" not in str(caught.value)
    assert state.to_json() == before


def test_a_question_the_table_can_answer_is_refused_once_the_stock_is_empty() -> None:
    state = play(arrange(["S7 C2", "S9 H9", "D7"], ""), "ask 1 7")  # seat 1: none; the turn passes
    state.player = 0
    with pytest.raises(IllegalActionError, match="known to hold no 7s"):
        state.apply_action(state.string_to_action("ask 1 7"))
    assert state.string_to_action("ask 2 7") in state.legal_actions()


def test_an_unseen_draw_clears_what_the_table_knew_a_seat_lacked() -> None:
    state = play(arrange(["S7 C2", "S9 H9"], "SK HK HQ"), "ask 1 7", "SK")  # seat 1 has no sevens
    assert facts(state)["has_none_of"] == [[], ["7"]]
    play(state, "ask 0 9", "HK")  # seat 0 has no nines; seat 1 draws a card nobody sees
    assert facts(state)["has_none_of"] == [["9"], []]


def test_drawing_a_card_not_in_the_stock_is_illegal() -> None:
    state = play(arrange(["S7", "S9"], "SK HK"), "ask 1 7")
    with pytest.raises(IllegalActionError, match="cannot be drawn"):
        state.apply_action(cards("DK")[0])
    for junk in (None, -12345, ("no",), True, 500):
        with pytest.raises(IllegalActionError):
            state.apply_action(junk)


def test_what_the_table_learns() -> None:
    state = arrange(["S7 C2", "H7 D7 S9"], "SK HK")
    play(state, "ask 1 7")  # seat 0 holds sevens; seat 1 gave them all
    assert facts(state)["seen"] == [["H7", "D7"], []]
    assert facts(state)["holds"] == [["7"], []]
    assert facts(state)["has_none_of"] == [[], ["7"]]
    play(state, "ask 1 2")  # seat 1 has no twos: go fish
    assert facts(state)["has_none_of"] == [[], ["2", "7"]]
    assert facts(state)["fishing_for"] == "2"
    play(state, "SK")  # not a two: unseen, the turn passes
    assert facts(state)["holds"] == [["2", "7"], []]


# (players, hand_size option, cards each)
DEALS = [(2, "auto", 7), (3, "auto", 7), (4, "auto", 5), (6, "auto", 5), (2, 3, 3), (6, 8, 8)]


@pytest.mark.parametrize(("players", "size", "each"), DEALS)
def test_the_deal(players: int, size: str | int, each: int) -> None:
    state = deal(players=players, hand_size=size)
    held = [len(h) + 4 * len(b) for h, b in zip(state.hands, state.books, strict=True)]
    assert held == [each] * players
    assert len(state.stock) == 52 - each * players


def test_a_stacked_deck_deals_seat_0_first_and_books_at_once() -> None:
    state = deal(deck="S7 H7 D7 C7 S2 H3 D4  SK HK DK C9 S8 H8 D6  CQ")
    assert facts(state)["books"] == [["S7", "H7", "D7", "C7"], []]
    assert hand(state, 0) == "D4 H3 S2"
    assert state.current_player() == 0
    play(state, "ask 1 2")  # go fish: the stacked card comes next
    assert state.chance_outcomes() == [(cards("CQ")[0], 1.0)]


@pytest.mark.parametrize(
    ("options", "named"),
    [({"players": 7}, "players"), ({"players": 6, "hand_size": 9}, "hand_size"), ({"hand_size": "many"}, "hand_size")],
)
def test_bad_options_are_named(options: dict[str, object], named: str) -> None:
    with pytest.raises(ConfigError, match=named) as caught:
        deckhand.load_game("go_fish", **options)
    assert "\n" not in str(caught.value)


def test_presets() -> None:
    assert deckhand.load_game("go_fish").num_players == 2
    family = deal(preset="family")
    assert [len(h) + 4 * len(b) for h, b in zip(family.hands, family.books, strict=True)] == [5] * 4
