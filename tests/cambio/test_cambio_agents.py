"""The Cambio app report's computer players: each rule of the hard decision tree fires where it should."""

from __future__ import annotations

import random

import pytest

from deckhand import IllegalActionError, load_game
from deckhand.agents.registry import make_agent
from deckhand.games.cambio.agents import PolicyAgent
from deckhand.games.cambio.app_players import EasyAgent, HardAgent
from tests.cambio.helpers import CLASSIC_DEAL, legal, play, table


def hard(state: object, seat: int | None = None) -> tuple[str, str]:
    seat = state.current_player() if seat is None else seat  # type: ignore[attr-defined]
    e = HardAgent().explain(state.view(seat), random.Random(0))  # type: ignore[attr-defined]
    return e.notation, e.reason


def test_levels_build_the_seed_agents_then_the_policy() -> None:
    g = load_game("cambio")
    assert isinstance(make_agent("easy", g), EasyAgent)
    assert isinstance(make_agent("medium", g), HardAgent)
    assert isinstance(make_agent("seed-hard", g), HardAgent)
    assert make_agent("seed-hard:cambio_at=8", g).spec() == "seed-hard:cambio_at=8"
    assert isinstance(make_agent("hard", g), PolicyAgent)


def test_hard_takes_a_low_discard_when_it_lowers_its_configuration_value() -> None:
    # seat 1 knows H5 H6, counts its two unknown cards 6: 5 + 6 + 6 + 6 = 23
    state = play(table(deck=CLASSIC_DEAL + " D3"), "draw", "D3", "discard")
    assert hard(state) == ("take", "swapped in, it lowers your hand's value from 23 to 20")
    play(state, "take")
    # like the Cambio app report's loop (after <= best), a tie goes to the last slot
    assert hard(state) == ("swap 3", "it lowers your hand's value from 23 to 20")


def test_hard_weighs_every_slot_by_its_configuration_value() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D3"), "draw", "D3")
    e = HardAgent().explain(state.view(0), random.Random(0))
    assert [(c.notation, c.value) for c in e.candidates] == [
        ("swap 0", 17.0),
        ("swap 1", 16.0),
        ("swap 2", 12.0),
        ("swap 3", 12.0),
        ("discard", 15.0),
    ]
    assert e.data["before"] == 15 and e.data["after"] == 12


def test_hard_draws_when_the_discard_is_5_or_more() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D5"), "draw", "D5", "discard")
    assert hard(state)[0] == "draw"


@pytest.mark.parametrize(
    ("card", "action", "rule"),
    [
        ("D2", "swap 3", "it lowers your hand's value from 15 to 11"),
        ("D6", "discard", "it is worth 5 or more"),
        ("D7", "discard", "to use its power"),
        ("DJ", "discard", "to use its power"),
        ("HK", "swap 3", "it lowers your hand's value from 15 to 8"),  # the red king is worth -1
    ],
)
def test_hard_with_a_drawn_card(card: str, action: str, rule: str) -> None:
    state = play(table(deck=CLASSIC_DEAL + " " + card), "draw", card)
    notation, reason = hard(state)
    assert notation == action and reason.startswith(rule)


def test_hard_peeks_its_own_unknown_card_with_a_7_and_an_opponents_with_a_9() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D7"), "draw", "D7", "discard")
    assert hard(state)[0] == "peek 0.2"
    state = play(table(deck=CLASSIC_DEAL + " D9"), "draw", "D9", "discard")
    assert hard(state)[0] == "peek 1.0"


def test_hard_jack_switches_its_highest_card_for_a_good_opponent_card() -> None:
    state = play(table(deck="SJ SQ S3 S4  HA H6 H7 H8 D9 C5 DJ"), "draw", "D9", "discard", "peek 1.0")
    play(state, "draw", "C5", "discard")  # seat 1's turn
    play(state, "draw", "DJ", "discard")
    assert hard(state) == ("switch 0.1 1.0", "you give your highest card (worth 12) for the A♥, which you know")


def test_hard_jack_skips_without_a_known_good_card() -> None:
    state = play(table(deck=CLASSIC_DEAL + " DJ"), "draw", "DJ", "discard")
    assert hard(state)[0] == "skip"


@pytest.mark.parametrize(
    ("seen", "expected"),
    [
        ("HA", "switch 0.2 1.0"),  # very good (below 3): goes for my unknown card
        ("H4", "switch 0.2 1.0"),  # below 6: replaces an unknown card
        ("H9", "skip"),  # nothing to gain
    ],
)
def test_hard_black_king(seen: str, expected: str) -> None:
    state = play(
        table("house", deck=f"SA S2 S3 S4 {seen} H6 H7 H8 SK", known_slots="0 1"), "draw", "SK", "discard", "peek 1.0"
    )
    assert hard(state)[0] == expected


def test_hard_black_king_replaces_a_known_card_at_least_3_higher() -> None:
    state = play(
        table("house", deck="SQ SJ S3 S4 H5 H6 H7 H8 SK", known_slots="0 1 2 3"), "draw", "SK", "discard", "peek 1.0"
    )
    assert hard(state) == ("switch 0.0 1.0", "the 5♥, card 1 of seat 2, is 5 lower than your Q♠")


def test_hard_calls_cambio_with_a_low_configuration_value() -> None:
    state = table(deck="SA S2 S3 S4  H5 H6 H7 H8", known_slots="0 1 2 3")
    notation, reason = hard(state)
    assert notation == "cambio" and "your hand's value, 10, is 10 or less" in reason


def test_hard_sticks_a_card_it_knows_matches_and_gives_away_its_highest() -> None:
    state = play(table("house", deck="SA S2 S3 S4  H5 H6 H7 H8 D3"), "draw", "D3", "discard")
    assert hard(state) == ("pass", "you know no card that matches the 3♦")
    play(state, "pass")
    assert hard(state)[0] == "stick 0.2"
    # seat 0 peeked H7 at 1.2; seat 1 discards a 7: seat 0 sticks that card, then gives its highest away
    state = play(
        table("house", deck="SA S2 S3 S4  H5 H6 H7 H8 D9 C7"),
        "draw",
        "D9",
        "discard",
        "peek 1.2",
        "pass",
        "pass",
        "draw",
        "C7",
        "discard",
        "skip",
    )
    assert hard(state) == ("stick 1.2", "you know it is the 7♥, a match for the 7♣")
    play(state, "stick 1.2")
    assert hard(state) == ("give 0", "it is your highest card (worth 6)")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_no_level_sticks_its_own_red_king(level: str) -> None:
    # house: seat 0 knows its bottom row, C4 and the red HK (worth -1); seat 0 discards a red DK
    state = play(table("house", deck="C2 C3 C4 HK  D2 D3 D4 D5 DK", jokers=False), "draw", "DK", "discard", "pass")
    assert state.mover == 0 and "stick 0.3" in legal(state)
    agent = make_agent(level, state.game)
    explanation = agent.explain(state.view(0), random.Random(1))
    assert explanation.notation == "pass"
    assert explanation.reason == "your K♥ matches, but it is worth only -1: better kept"


def test_a_callers_pass_does_not_blame_the_worth_of_its_own_card() -> None:
    # caller_locked off, so the caller has stick windows; nobody may stick the caller's cards
    deck = "C2 C3 C4 H5  D2 D3 D6 D7 S5"
    state = play(table("house", deck=deck, jokers=False, caller_locked=False), "cambio", "draw", "S5", "discard")
    assert state.mover == 0 and "stick 0.3" not in legal(state)
    explanation = make_agent("hard", state.game).explain(state.view(0), random.Random(1))
    assert explanation.notation == "pass" and "worth" not in explanation.reason


def test_the_policy_still_sticks_an_own_card_worth_more_than_0() -> None:
    state = play(table("house", deck="C2 C3 C4 H5  D2 D3 D6 D5 S4", jokers=False), "draw", "S4", "discard", "pass")
    assert make_agent("hard", state.game).step(state.view(0), random.Random(1)) == state.string_to_action("stick 0.2")


def test_agents_decide_only_for_the_seat_to_move() -> None:
    state = table()
    with pytest.raises(IllegalActionError):
        HardAgent().explain(state.view(1), random.Random(0))


def test_easy_is_random_but_reproducible() -> None:
    state = play(table(), "draw", "D5")
    first = [EasyAgent().step(state.view(0), random.Random(s)) for s in range(20)]
    again = [EasyAgent().step(state.view(0), random.Random(s)) for s in range(20)]
    assert first == again and len(set(first)) > 1


def test_hard_beats_easy_most_of_the_time() -> None:
    g = load_game("cambio")
    wins = 0.0
    for seed in range(60):
        rng = random.Random(seed)
        agents = [HardAgent(g), EasyAgent(g)]
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                p = state.current_player()
                state.apply_action(agents[p].step(state.view(p), rng))
        wins += state.returns()[0]
    assert wins / 60 > 0.6
