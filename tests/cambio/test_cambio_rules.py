"""Cambio (docs/games/cambio.md), a table per rule: deal, turn, take, cambio, sticking, reshuffle, end, scoring."""

from __future__ import annotations

import pytest

from deckhand import CHANCE, TERMINAL, IllegalActionError
from tests.cambio.helpers import CLASSIC_DEAL, game, hands, legal, play, snapshot, table


# -- deal ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("preset", "seen"), [("classic", [0, 1]), ("house", [2, 3])])
def test_deal_fills_seats_in_order_and_each_seat_sees_its_known_slots(preset: str, seen: list[int]) -> None:
    state = table(preset)
    assert hands(state) == [["SA", "S2", "S3", "S4"], ["H5", "H6", "H7", "H8"]]
    mine = hands(state, 0)[0]
    assert [s for s, c in enumerate(mine) if c != "??"] == seen
    assert hands(state, 1)[0] == ["??"] * 4
    assert state.to_json()["discard"] == [] and state.current_player() == 0


def test_known_slots_and_cards_per_seat_are_options() -> None:
    state = table("classic", deck="SA S2 S3 H5 H6 H7", cards=3, known_slots="1")
    assert hands(state, 1) == [["??", "??", "??"], ["??", "H6", "??"]]


# -- turn ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "first", "later"),
    [
        ("classic", ["cambio", "draw"], ["cambio", "draw", "take"]),
        ("house", ["cambio", "draw"], ["cambio", "draw"]),
    ],
)
def test_turn_starts_with_cambio_draw_or_take(preset: str, first: list[str], later: list[str]) -> None:
    state = table(preset, deck=CLASSIC_DEAL + " C5")
    assert legal(state) == first
    play(state, "draw", "C5", "discard")
    if preset == "house":
        play(state, "pass", "pass")
    assert legal(state) == later


def test_drawn_card_is_seen_only_by_the_drawer() -> None:
    state = play(table(deck=CLASSIC_DEAL + " C5"), "draw")
    assert state.current_player() == CHANCE
    play(state, "C5")
    assert state.view(0).to_json()["drawn"] == "C5"
    assert state.view(1).to_json()["drawn"] == "??"
    assert legal(state) == ["swap 0", "swap 1", "swap 2", "swap 3", "discard"]


def test_swap_puts_the_replaced_card_face_up_on_the_discard_pile() -> None:
    state = play(table(deck=CLASSIC_DEAL + " C5"), "draw", "C5", "swap 3")
    assert hands(state)[0] == ["SA", "S2", "S3", "C5"]
    assert state.to_json()["discard"] == ["S4"]
    assert hands(state, 0)[0][3] == "C5" and hands(state, 1)[0][3] == "??"
    assert state.current_player() == 1


def test_taken_discard_must_be_swapped_in_and_everyone_knows_it() -> None:
    state = play(table(deck=CLASSIC_DEAL + " C5"), "draw", "C5", "discard", "take")
    assert legal(state) == ["swap 0", "swap 1", "swap 2", "swap 3"]
    with pytest.raises(IllegalActionError, match="must be swapped in"):
        play(state, "discard")
    play(state, "swap 2")
    assert hands(state, 0)[1][2] == "C5" and hands(state, 1)[1][2] == "C5"
    assert state.to_json()["discard"] == ["H7"]


# -- cambio and the last round ---------------------------------------------------------------------------
def test_after_cambio_every_other_seat_plays_exactly_one_more_turn() -> None:
    state = table(deck=CLASSIC_DEAL + " SX DX D2 D3 C5 C4 C3", players=3)
    play(state, "draw", "C5", "discard", "cambio")
    assert state.to_json()["caller"] == 1 and state.current_player() == 2
    play(state, "draw", "C4", "discard")
    assert state.current_player() == 0
    assert "cambio" not in legal(state)
    play(state, "draw", "C3", "discard")
    assert state.current_player() == TERMINAL


# -- ending: reshuffle, no cards left, max_rounds -------------------------------------------------------
def test_empty_draw_pile_takes_the_discard_pile_but_its_top_card() -> None:
    # six seats of eight cards leave four in the draw pile
    state = table("classic", deck="", players=6, cards=8, seed=3, take_discard=False)
    assert len(state.to_json()["draw_pile"]) == 4
    for _ in range(3):
        play(state, "draw")
        play(state, state.action_to_string(state.legal_actions()[0]), "swap 0")
    discard = state.to_json()["discard"]
    play(state, "draw")
    play(state, state.action_to_string(state.legal_actions()[0]))
    # the last card is drawn: at once the discard pile but its top card becomes the draw pile
    assert state.to_json()["discard"] == [discard[-1]]
    assert state.to_json()["draw_pile"] == sorted(discard[:-1])
    play(state, "swap 0")
    assert len(state.to_json()["discard"]) == 2 and len(state.pile) == 2  # the swapped-out card lands on top


def test_game_ends_at_once_when_nothing_can_be_drawn() -> None:
    state = play(table(deck=CLASSIC_DEAL + " C5"), "draw", "C5")
    state.pile.clear()  # as if the draw pile had run out: one card on the discard pile and none to draw
    play(state, "discard")
    assert state.current_player() == TERMINAL


def test_two_discards_are_enough_to_reshuffle() -> None:
    # the draw pile runs out with two cards on the discard pile: the bottom one becomes the draw pile
    state = play(table(deck=CLASSIC_DEAL + " C5"), "draw", "C5")
    state.pile.clear()
    state.discard.append(state.game.deck_list[0])  # a second card under the top one
    bottom = state.to_json()["discard"][0]
    play(state, "discard")  # the C5 lands on top; the next turn finds no draw pile and rebuilds it
    assert state.current_player() == 1 and state.to_json()["phase"] == "start"
    assert state.to_json()["draw_pile"] == [bottom] and state.to_json()["discard"] == ["C5"]


def test_max_rounds_ends_the_game_after_that_many_full_rounds() -> None:
    state = table(deck=CLASSIC_DEAL + " C2 C3", max_rounds=1)
    play(state, "draw", "C2", "discard", "draw", "C3", "discard")
    assert state.current_player() == TERMINAL


# -- scoring and ties ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("deal", "values", "scores"),
    [
        ("SA S2 S3 S4  HJ HQ SK HK", "classic", [10, 35]),
        ("SA S2 S3 S4  HJ HQ SK HK", "house", [10, 29]),
        ("DK HK CK SK  HA H2 H3 H4", "classic", [24, 10]),
    ],
)
def test_card_values(deal: str, values: str, scores: list[float]) -> None:
    state = table(deck=deal, values=values)
    assert state.scores() == scores


def test_joker_is_worth_zero_in_the_house_deck() -> None:
    state = table("house", deck="JK JK S3 S4  H5 H6 H7 H8")
    assert state.scores() == [7, 26]


@pytest.mark.parametrize(
    ("deal", "caller", "returns"),
    [
        # seat 0 lowest
        ("SA S2 S3 S4  H5 H6 H7 H8", 0, [1.0, 0.0]),
        # caller ties for lowest: the tied non-caller wins
        ("SA S2 S3 S4  HA H2 H3 H4", 0, [0.0, 1.0]),
        # a tie without the caller is shared
        ("SA S2 S3 S4  HA H2 H3 H4  CA C2 C3 C4", 2, [0.5, 0.5, 0.0]),
        # caller alone lowest wins
        ("SA S2 S3 S4  H5 H6 H7 H8  CA C2 C3 CK", 2, [1.0, 0.0, 0.0]),
    ],
)
def test_lowest_total_wins_and_ties(deal: str, caller: int, returns: list[float]) -> None:
    players = len(deal.split()) // 4
    draws = "D5 D6 D4 D3 D2"
    state = table(deck=deal + " " + draws, players=players)
    codes = iter(draws.split())
    while state.current_player() != TERMINAL:
        seat = state.current_player()
        if seat == caller and state.caller < 0:
            play(state, "cambio")
        else:
            play(state, "draw", next(codes), "discard")
            if state.current_player() == seat:
                play(state, "skip")
    assert state.returns() == returns


# -- bad input ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("moves", "bad", "message"),
    [
        ([], "swap 0", "cannot be played now: your turn starts with a draw"),
        (["draw", "C5"], "swap 7", "you have no slot 7"),
        (["draw", "C5"], "draw", "cannot be played now: swap the card you drew into one of your slots, or discard"),
        (["draw", "C5"], "H9", "seat 0's move"),
        (["draw"], "SA", "not in the draw pile"),
        (["draw", "C5", "discard", "cambio"], "cambio", "already been called"),
        (["draw", "C5", "discard", "draw", "C7", "discard"], "peek 0.0", "lets you peek at one of your own cards"),
    ],
)
def test_illegal_actions_are_refused_and_change_nothing(moves: list[str], bad: str, message: str) -> None:
    state = play(table(deck=CLASSIC_DEAL + " C5 C7"), *moves)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=message):
        play(state, bad)
    assert snapshot(state) == before


def test_game_over_refuses_everything() -> None:
    state = play(table(deck=CLASSIC_DEAL + " C5"), "cambio", "draw", "C5", "discard")
    assert state.is_terminal() and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        play(state, "draw")


# -- game length and playouts -------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["classic", "house"])
def test_games_without_cambio_stop_after_max_rounds_within_max_game_length(preset: str) -> None:
    import random

    g = game(preset, players=6, max_rounds=3)
    for seed in range(10):
        rng = random.Random(seed)
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                actions = [a for a in state.legal_actions() if state.action_to_string(a) != "cambio"]
                state.apply_action(actions[int(rng.random() * len(actions))])
        assert state.turns <= 18 and len(state.history()) <= g.max_game_length()
        assert state.turns == 18 or not state.pile


@pytest.mark.parametrize("preset", ["classic", "house"])
def test_rollout_action_is_always_legal(preset: str) -> None:
    import random

    g = game(preset, players=3)
    for seed in range(100):
        rng = random.Random(seed)
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                action = state.rollout_action(rng)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert sum(state.returns()) == pytest.approx(1.0)


def test_penalty_with_nothing_to_draw_ends_the_game_at_once() -> None:
    state = play(table("house", deck=CLASSIC_DEAL + " D5"), "draw", "D5", "discard")
    state.pile.clear()  # as if the draw pile had run out with only the top card discarded
    play(state, "stick 0.0")  # wrong: SA is no 5, and there is no penalty card to draw
    assert state.current_player() == TERMINAL
