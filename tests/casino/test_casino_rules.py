"""Casino rules (docs/games/casino.md, rules decisions, and the course's own), one table per rule."""

from __future__ import annotations

import pytest

import deckhand
from deckhand.core.cards import parse_cards
from deckhand.core.errors import IllegalActionError
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.games.casino.state import round_points
from tests.casino.helpers import moves, play, position


def test_matching_loose_cards_must_be_captured_and_sets_are_optional() -> None:
    # the course's example: a 9 on a table of 9, 5, 4, 6 and 3
    state = position("C9", "HK", "D9 H5 S4 H6 S3")
    assert moves(state) == [
        "capture C9 D9",
        "capture C9 D9 {H5 S4}",
        "capture C9 D9 {H5 S4} {H6 S3}",
        "capture C9 D9 {H6 S3}",
    ]
    assert "trail C9" not in moves(state)


def test_a_set_needs_no_matching_card_and_trailing_stays_open() -> None:
    state = position("H8", "HK", "S5 D3")
    assert moves(state) == ["trail H8", "capture H8 {S5 D3}"]


def test_a_card_matching_a_loose_card_may_not_trail() -> None:
    state = position("H8 S2", "HK", "C8")
    with pytest.raises(IllegalActionError, match="may not be trailed"):
        play(state, "trail H8")
    assert state.hands[0] == [c.index for c in parse_cards("H8 S2")]


def test_build_needs_the_capture_card_in_hand() -> None:
    state = position("S5 HX", "HK", "D2 C3")
    assert "build S5 {C3 D2} = 10" in moves(state)
    assert state.string_to_action("build S5 {D2 C3} = 10") in state.legal_actions()
    assert "build S5 {C3} = 8" not in moves(state)
    with pytest.raises(IllegalActionError, match="must hold another card worth 8"):
        play(state, "build S5 {C3} = 8")


def test_the_builder_owns_the_build_and_may_not_trail() -> None:
    state = position("H6 C9 D2", "SK HA", "H3")
    play(state, "build H6 {H3} = 9")
    assert state.builds == [(9, 0, ((parse_cards("H6")[0].index, parse_cards("H3")[0].index),))]
    play(state, "trail SK")
    with pytest.raises(IllegalActionError, match="build's owner may not trail"):
        play(state, "trail D2")


def test_the_capture_card_is_kept_until_the_build_is_captured() -> None:
    state = position("C9 DK", "SK HA", "[H6 H3] D9", "[H6 H3] Human")
    # C9 must take D9 (a matching loose card) and, as the last 9, the build too
    assert [m for m in moves(state) if m.startswith("capture C9")] == ["capture C9 D9 [H6 H3]"]
    with pytest.raises(IllegalActionError, match="must keep the 9 of Clubs"):
        play(state, "capture C9 D9")


def test_multiple_build_joins_with_a_card_of_its_value() -> None:
    state = position("S9 C9 H4", "SK HA", "[C6 S3] D5", "[C6 S3] Human")
    assert "build S9 = 9" in moves(state)
    assert "build H4 {D5} = 9" in moves(state)
    play(state, "build S9 = 9")
    assert [b[2] for b in state.builds] == [tuple(tuple(c.index for c in parse_cards(p)) for p in ("C6 S3", "S9"))]
    play(state, "trail SK")
    play(state, "capture C9 [[C6 S3] [S9]]")
    assert sorted(state.piles[0]) == sorted(c.index for c in parse_cards("C9 C6 S3 S9"))


def test_increase_only_on_an_opponents_single_build() -> None:
    state = position("H2 S9", "HK D5", "[C3 S4] [[H6 H3] [D9]]", "[C3 S4] Computer; [[H6 H3] [D9]] Computer")
    assert [m for m in moves(state) if m.startswith("increase")] == ["increase H2 [C3 S4] = 9"]
    play(state, "increase H2 [C3 S4] = 9")
    assert state.builds[-1][:2] == (9, 0)
    own = position("H2 S9", "HK D7", "[C3 S4]", "[C3 S4] Human", human_pile="")
    assert not [m for m in moves(own) if m.startswith("increase")]


def test_an_opponents_multiple_build_cannot_be_increased() -> None:
    state = position("HA SX", "HK C9", "[[H6 H3] [D9]]", "[[H6 H3] [D9]] Computer")
    with pytest.raises(IllegalActionError, match="multiple build may not be increased"):
        play(state, "increase HA [[H6 H3] [D9]] = 10")


def test_builds_are_captured_whole_and_optionally() -> None:
    state = position("SQ", "HK D7", "[C3 S9] HQ", "[C3 S9] Computer")
    assert moves(state) == ["capture SQ HQ", "capture SQ HQ [C3 S9]"]
    play(state, "capture SQ HQ [S9 C3]")  # the cards of a build may be named in any order
    assert not state.builds


def test_round_points() -> None:
    spades = tuple(i < 13 for i in range(52))
    piles = [[c.index for c in parse_cards("DX S2 SA HA S5")], [c.index for c in parse_cards("CA DA H5 C5")]]
    # most cards 3, most spades 1, 10♦ 2, 2♠ 1, aces
    assert round_points(piles, spades) == [3 + 1 + 2 + 1 + 2, 2]


def test_equal_piles_and_equal_spades_score_nothing() -> None:
    spades = tuple(i < 13 for i in range(52))
    piles = [[c.index for c in parse_cards("S3 H4")], [c.index for c in parse_cards("S4 H5")]]
    assert round_points(piles, spades) == [0, 0]


def _last_round(**options: object) -> deckhand.State:
    """The computer trails its last card, the human captures with the last card: the round is over."""
    state = position("S7", "H3", "D7 C2", nxt="Computer", deck="", **options)  # the rest: the computer's pile
    play(state, "trail H3")
    play(state, "capture S7 D7")
    return state


def test_last_capturer_takes_the_table_and_leads_the_next_round() -> None:
    state = _last_round()
    # human: S7 D7 and the table (C2 H3) -> nothing; computer: 48 cards, spades, 10♦, 2♠, 4 aces
    assert state.last_points == (0, 3 + 1 + 2 + 1 + 4)
    assert state.round == 2 and state.current_player() == CHANCE
    assert state.leader == 0
    assert state.piles == [[], []] and len(state.pile) == 52


def test_the_tournament_ends_when_someone_reaches_the_target() -> None:
    state = _last_round(target=11)
    assert state.current_player() == TERMINAL
    assert state.scores() == [0.0, 11.0]
    assert state.returns() == [0.0, 1.0]


@pytest.mark.parametrize(
    ("tally", "final", "returns"),
    [
        ([31, 20], [31, 31], [0.5, 0.5]),  # both past 21, equal: a tie
        ([32, 20], [32, 31], [1.0, 0.0]),  # both past 21: the higher total wins
        ([15, 5], [15, 16], None),  # nobody at 21: play on
    ],
)
def test_tournament_edges(tally: list[int], final: list[int], returns: list[float] | None) -> None:
    state = position("S7", "H3", "D7 C2", nxt="Computer", deck="")
    state.tally = tally
    play(state, "trail H3")
    play(state, "capture S7 D7")
    assert state.tally == final
    if returns is None:
        assert not state.is_terminal() and state.round == 2
    else:
        assert state.returns() == returns


def test_coin_call_decides_who_leads_round_one() -> None:
    game = deckhand.load_game("casino")
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["heads", "tails"]
    play(state, "tails")
    assert state.chance_outcomes() == [(("coin", 0), 0.5), (("coin", 1), 0.5)]
    play(state, "coin heads")
    assert state.leader == 1


def test_deal_four_four_four_then_four_four_from_a_stacked_deck() -> None:
    codes = "SA S2 S3 S4 H5 H6 H7 H8 D9 DX DJ DQ C2 C3 C4 C5 C6 C7 C8 C9"
    game = deckhand.load_game("casino", deck=codes)
    state = game.new_initial_state()
    play(state, "heads")
    play(state, "coin heads")
    for _ in range(12):
        state.apply_action(state.sample_chance_outcome(__import__("random").Random(0)))
    assert [state.action_to_string(a) for a in state.hist[2:]] == codes.split()[:12]
    assert state.hands == [[c.index for c in parse_cards("SA S2 S3 S4")], [c.index for c in parse_cards("H5 H6 H7 H8")]]
    assert sorted(state.loose) == sorted(c.index for c in parse_cards("D9 DX DJ DQ"))
    assert state.current_player() == 0


def test_ace_high_option_changes_values() -> None:
    state = position("SA S2", "CK", "HK", ace=14)
    assert "capture SA" not in " ".join(moves(state))
    either = position("SA C3", "HK", "D2 C2", ace="1or14")
    assert "build SA {D2} = 3" in moves(either)


def test_illegal_move_changes_nothing() -> None:
    state = position("H6 C9", "SK", "[D5 D4] H3", "[D5 D4] Human")
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="build's owner may not trail"):
        play(state, "trail H6")
    assert state.to_json() == before


def test_when_both_hands_are_empty_four_and_four_more_are_dealt() -> None:
    state = position("S7", "H3", "D7 C2", nxt="Computer", deck="SA S2 S3 S4 H5 H6 H8 H9")
    play(state, "trail H3")
    play(state, "capture S7 D7")
    assert state.current_player() == CHANCE
    dealt = []
    while state.is_chance_node():
        ((card, probability),) = state.chance_outcomes()  # the save's deck order is kept
        assert probability == 1.0
        dealt.append(state.action_to_string(card))
        state.apply_action(card)
    assert dealt == ["SA", "S2", "S3", "S4", "H5", "H6", "H8", "H9"]
    assert [len(h) for h in state.hands] == [4, 4]
    assert state.current_player() == 1  # turns keep alternating across the deal


def test_max_game_length_bounds_the_tournament() -> None:
    # every full round hands out at least 7 points: with target 21, at most 6 rounds (+1 for a resumed save)
    assert deckhand.load_game("casino").max_game_length() == 2 + 7 * 100
