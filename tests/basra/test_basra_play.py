"""Deals, scoring, the end of a deck and the target (docs/games/basra.md, rules decisions)."""

from __future__ import annotations

import pytest

from deckhand import CHANCE, TERMINAL, IllegalActionError, NotationError, load_game
from deckhand.core.presentation import presentation_of
from deckhand.games.basra import BasraState
from tests.basra.helpers import arrange, deal, play

FIRST_DECK = "SA S2 S3 S4 S5  HA H2 H3 H4 H5  C6 C7 C8 C9"


def test_first_deal_goes_to_the_non_dealer_then_the_dealer_then_the_table() -> None:
    state = deal("bazzi", deck=FIRST_DECK)
    assert state.dealer == 1
    assert state.to_json()["hands"] == [["SA", "S2", "S3", "S4", "S5"], ["HA", "H2", "H3", "H4", "H5"]]
    assert state.to_json()["table"] == ["C6", "C7", "C8", "C9"]
    assert state.current_player() == 0  # the non-dealer leads
    assert state.to_json()["deck"] == 44 - 14


def test_later_deals_give_hands_only() -> None:
    state = deal("bazzi", deck=FIRST_DECK)
    for _ in range(5):
        for seat in (0, 1):
            assert state.current_player() == seat
            state.apply_action(state.legal_actions()[0])
    assert state.current_player() == CHANCE
    assert len(state.chance_outcomes()) == 30
    state = deal_rest(state)
    assert [len(h) for h in state.hands] == [5, 5]
    assert state.to_json()["deck"] == 20


def deal_rest(state: BasraState) -> BasraState:
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def test_egyptian_deals_four_and_buries_jacks_and_the_seven_of_diamonds() -> None:
    deck = "SA S2 S3 S4  HA H2 H3 H4  SJ C5 D7 C6 C7 C8"
    state = deal("egyptian", deck=deck)
    assert state.to_json()["table"] == ["C5", "C6", "C7", "C8"]
    assert state.to_json()["deck"] == 52 - 12
    assert {"SJ", "D7"} <= set(state.cards())
    assert "SJ" not in state.to_json()["set_aside"]


def test_a_buried_card_is_set_aside_until_the_table_is_full() -> None:
    game = load_game("basra", preset="egyptian", deck="SA S2 S3 S4  HA H2 H3 H4  SJ")
    state = game.new_initial_state()
    for _ in range(9):
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.to_json()["set_aside"] == ["SJ"]
    outcomes = [state.action_to_string(a) for a, _ in state.chance_outcomes()]
    assert "SJ" not in outcomes and len(outcomes) == 52 - 9
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_points_are_counted_as_they_are_won() -> None:
    # 2♣ 2, 10♦ 3, each ace 1, each jack 2 in bazzi; the capturing card counts too.
    state = arrange("bazzi", hand="DX", table="C2 S8 HA", other="S9")
    play(state, "play DX {C2 S8}")
    assert state.scores() == [5.0, 0.0]
    state = arrange("bazzi", hand="SJ", table="C2 HA DJ", other="S9")
    play(state, "play SJ")
    assert state.scores() == [2 + 1 + 2 + 2, 0.0]
    state = arrange("egyptian", hand="SJ", table="C2 HA DJ", other="S9")
    play(state, "play SJ")
    assert state.scores() == [2 + 1 + 1 + 1, 0.0]


@pytest.mark.parametrize(
    ("preset", "hand", "table", "move", "points"),
    [
        ("bazzi", "HX", "S4 D6", "play HX {S4 D6}", 20),  # twice the card
        ("bazzi", "HA", "SA", "play HA {SA}", 2 + 2),  # an ace basra: 2, plus the two aces
        ("bazzi", "H6", "S2 C4", "play H6 {S2 C4}", 12),
        ("egyptian", "HX", "S4 D6", "play HX {S4 D6}", 10),  # a flat 10
        ("egyptian", "D7", "SA H2 C3", "play D7", 10 + 1),
    ],
)
def test_basra_bonus(preset: str, hand: str, table: str, move: str, points: int) -> None:
    state = play(arrange(preset, hand=hand, table=table, other="S9"), move)
    assert state.scores()[0] == points
    assert state.to_json()["basras"] == [1, 0]


def test_trailing_leaves_the_card_on_the_table() -> None:
    state = play(arrange("bazzi", hand="H5 S9", table="C6", other="D9"), "play H5")
    assert state.to_json()["table"] == ["H5", "C6"]
    assert state.current_player() == 1


def test_the_last_capturer_takes_the_leftovers_at_the_end_of_the_deck() -> None:
    state = arrange("bazzi", hand="H5", table="C5 DX", other="S8")
    state.pile = []  # the deck is used up: these are the last cards
    play(state, "play H5 {C5}", "play S8")
    assert state.scores() == [3.0, 0.0]  # 10♦ came with the leftovers
    assert state.to_json()["deck_number"] == 2
    assert state.to_json()["piles"] == [[], []]  # every card is back in the new deck
    assert state.dealer == 0  # the dealer changes with each deck
    assert state.current_player() == CHANCE
    deal_rest(state)
    assert state.current_player() == 1  # ... and the new non-dealer leads
    assert len(state.to_json()["table"]) == 4 and [len(h) for h in state.hands] == [5, 5]


def test_leftovers_and_the_last_deck_seen_in_the_final_piles() -> None:
    state = arrange("bazzi", hand="H5", table="C5 DX", other="S8", max_decks=1)
    state.pile = []
    play(state, "play H5 {C5}", "play S8")
    assert state.is_terminal()
    assert state.to_json()["piles"] == [["C5", "H5", "S8", "DX"], []]


def test_most_cards_bonus_at_the_end_of_an_egyptian_deck() -> None:
    state = arrange("egyptian", hand="H5", table="C5 S4", other="S9", target=500)
    state.pile = []
    play(state, "play H5 {C5}", "play S9")
    assert state.scores() == [3.0, 0.0]  # 4 cards to 0


def test_most_cards_bonus_goes_to_the_second_seat_when_it_won_more() -> None:
    state = arrange("egyptian", hand="H5", table="S4 C4 D8", other="H8", target=500)
    state.pile = []
    play(state, "play H5", "play H8 {D8} {S4 C4}")  # seat 1 wins four cards and the leftover H5
    assert state.scores() == [0.0, 3.0]


def test_no_most_cards_bonus_on_equal_piles() -> None:
    state = arrange("egyptian", hand="H5", table="C5 S4", other="H4", target=500)
    state.pile = []
    play(state, "play H5 {C5}", "play H4 {S4}")  # two cards each; the second is a basra
    assert state.scores() == [0.0, 10.0]


def test_game_ends_after_a_deal_when_the_leader_reaches_the_target() -> None:
    state = arrange("bazzi", hand="HA", table="CA S3 D4 H9", other="S7", target=2)
    play(state, "play HA {CA}")
    assert state.current_player() == 1  # checked only when the deal is finished
    play(state, "play S7 {S3 D4}")
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]


def test_equal_totals_at_the_target_play_on() -> None:
    state = arrange("bazzi", hand="HA", table="CA S3 D4", other="SJ", target=2)
    play(state, "play HA {CA}", "play SJ")
    assert state.scores() == [2.0, 2.0]
    assert state.current_player() == CHANCE


def test_max_decks_caps_the_game_and_a_tie_is_shared() -> None:
    state = arrange("bazzi", hand="HA", table="CA S3 D4", other="SJ", max_decks=1)
    state.pile = []
    play(state, "play HA {CA}", "play SJ")
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5]


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("play H5 {S2 D4}", "2♠ 4♦ add up to 6, not 5"),
        ("play H5 {S2 D3}", "5♥ must also take 5♣: equal cards are compulsory"),
        ("play H5", "could be any of"),
        ("play H5 {C5} {C5}", "5♣ is taken twice"),
        ("play H5 {C5} {S9}", "9♠ is not on the table"),
        ("play SJ {C5}", "takes the whole table"),
        ("play D9", "9♦ is not in your hand"),
        ("play H5 {C5} {S2}", "2♠ is not a 5, so 5♥ cannot take it alone"),
        ("play H5 {C5} {SJ2}", "is not a card: a card is its suit then its rank"),
        ("take H5", "'take H5' is not a move: play a card of your hand by its code"),
        ("b", "'b' is not a move: play a card of your hand by its code"),  # no attempt at a card: not "not a card"
        ("HZ", "'HZ' is not a card: a card is its suit then its rank"),
        ("play H5 C5", "groups of taken cards go in braces"),
    ],
)
def test_a_capture_the_table_does_not_allow_is_refused_and_changes_nothing(move: str, message: str) -> None:
    state = arrange("bazzi", hand="H5 SJ", table="C5 S2 D3 D4", other="S9")
    before = state.to_json()
    with pytest.raises((IllegalActionError, NotationError), match=message):
        state.apply_action(state.string_to_action(move))
    assert state.to_json() == before


def test_illegal_raw_actions_are_refused() -> None:
    state = arrange("bazzi", hand="H5", table="C5", other="S9")
    before = state.to_json()
    for action in [None, 17, (17, ()), (17, ((2,),)), ("no", "such"), (99, ())]:
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
    assert state.to_json() == before


def test_terminal_state_refuses_moves() -> None:
    state = arrange("bazzi", hand="HA", table="CA", other="S7", target=1)
    play(state, "play HA {CA}", "play S7")
    assert state.current_player() == TERMINAL
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_action(state.legal_actions()[0] if state.legal_actions() else (0, ()))


@pytest.mark.parametrize(
    ("picked", "words"),
    [
        (["H5", "S9"], "5♥ cannot take 9♠: it takes the table cards of its value, 5, and any groups of numerals"),
        (["SJ", "C5"], "J♠ takes the whole table by itself: pick it alone, without 5♣"),
        (["H5", "D8"], "8♦ is not on the table"),
        (["D9", "C5"], "9♦ is not in your hand"),
        (["H5"], ""),  # a card alone always has a move
    ],
)
def test_picked_cards_that_make_no_move_are_told_why(picked: list[str], words: str) -> None:
    """What a table says when the cards a player clicked make no move: what the card takes, in Basra's terms."""
    state = arrange("bazzi", hand="H5 SJ", table="C5 S2 D3 D4 S9", other="S8")
    said = presentation_of(state.game).why_no_move(state, picked)
    assert said.startswith(words) and (said == "") == (words == "")
    assert "build" not in said  # Basra has no builds
