"""The computer players: the design document's classic strategy, greedy, and their explanations."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckhand import load_game
from deckhand.agents.registry import make_agent
from deckhand.play.runner import play_game
from tests.basra.helpers import arrange


def choose(spec: str, preset: str = "bazzi", **position: Any) -> tuple[str, str]:
    state = arrange(preset, **position)
    agent = make_agent(spec, state.game)
    explanation = agent.explain(state.view(0), random.Random(0))
    assert agent.step(state.view(0), random.Random(0)) == explanation.action
    return explanation.notation, explanation.reason


# The design document's processComputerTurn, branch by branch.
CLASSIC = [
    ("a basra when it can", "H3 SJ C9", "S2 DA", "play H3 {DA S2}"),
    ("the biggest basra", "H3 H4 C9", "SA S3", "play H4 {SA S3}"),
    ("lowest card on an empty table", "H7 SJ C4", "", "play C4"),
    ("only jacks left", "SJ HJ", "", "play SJ"),
    ("the jack on a table without a basra", "C9 HJ", "S2 D5", "play HJ"),
    ("otherwise the next card, taking what it can", "C2 D9", "S2 H8 CA", "play C2 {S2}"),
]


@pytest.mark.parametrize(("rule", "hand", "table", "expected"), CLASSIC)
def test_classic_follows_the_seed(rule: str, hand: str, table: str, expected: str) -> None:
    notation, reason = choose("classic", hand=hand, table=table, other="S9")
    assert notation == expected, rule
    assert reason


def test_greedy_takes_a_basra() -> None:
    notation, reason = choose("greedy", hand="H9 S3", table="C4 D5", other="S8")
    assert notation == "play H9 {C4 D5}"
    assert "basra" in reason


def test_greedy_keeps_its_jack_for_a_richer_table() -> None:
    notation, _ = choose("greedy", hand="SJ H9 C8", table="S4 D7", other="S8 H3 HK")
    assert notation != "play SJ"


def test_greedy_does_not_leave_an_easy_basra() -> None:
    # Trailing H2 leaves S3 H2 (a five); trailing C8 leaves S3 C8, which no single card clears.
    notation, _ = choose("greedy", hand="H2 C8", table="S3", other="D9 HA")
    assert notation == "play C8"


def test_greedy_counts_cards_already_seen() -> None:
    # Every other six is in the piles or here: trailing S6 can only be answered by... nobody.
    state = arrange("bazzi", hand="S6 H4", table="", other="D9 HA")
    state.piles[0] = [c for c in range(52) if c % 13 == 5 and c != 0 * 13 + 5]  # H6 D6 C6 are gone
    agent = make_agent("greedy", state.game)
    assert agent.explain(state.view(0), random.Random(0)).notation == "play S6"


def test_explanations_list_candidates() -> None:
    state = arrange("egyptian", hand="H9 S3 D7", table="C4 D5", other="S8")
    explanation = make_agent("medium", state.game).explain(state.view(0), random.Random(0))
    assert explanation.candidates and explanation.candidates[0].notation == explanation.notation
    assert explanation.to_json()["reason"].startswith("a basra for 10 points;")  # said in words, not notation


@pytest.mark.parametrize("preset", ["bazzi", "egyptian"])
def test_greedy_beats_classic_and_classic_beats_random(preset: str) -> None:
    game = load_game("basra", preset=preset)
    levels = {
        "greedy": make_agent("medium", game),
        "classic": make_agent("easy", game),
        "random": make_agent("random", game),
    }

    def score(a: str, b: str, games: int) -> float:
        won = 0.0
        for i in range(games):
            seats = [levels[a], levels[b]] if i % 2 == 0 else [levels[b], levels[a]]
            returns = play_game(game, seats, random.Random(i)).returns()
            won += returns[i % 2]
        return won / games

    assert score("greedy", "classic", 20) >= 0.7
    assert score("classic", "random", 20) >= 0.7


def test_same_seed_same_choice() -> None:
    game = load_game("basra", preset="egyptian")
    agent = make_agent("greedy", game)
    a = play_game(game, [agent, agent], random.Random(5)).history()
    b = play_game(game, [agent, agent], random.Random(5)).history()
    assert a == b
