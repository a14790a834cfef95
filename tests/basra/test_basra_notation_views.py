"""Notation (docs/games/basra.md), JSON fields (docs/architecture.md) and what each seat's view hides."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckhand import AmbiguousActionError, NotationError, load_game, parse_cards
from deckhand.games.basra.notation import parse_move
from deckhand.testing import check_random_game
from tests.basra.helpers import arrange, deal


@pytest.mark.parametrize(
    "text",
    [
        "play H5 {C5} {S2 D3}",
        "play H5 {D3 S2} {C5}",
        "PLAY h5 {c5}{s2,d3}",
        "H5 {S2 D3} {C5}",
        "  play H5 {C5}   {S2  D3} ",
    ],
)
def test_groups_and_cards_may_come_in_any_order(text: str) -> None:
    state = arrange("bazzi", hand="H5", table="C5 S2 D3", other="S9")
    assert state.action_to_string(state.string_to_action(text)) == "play H5 {C5} {S2 D3}"


def test_another_grouping_of_the_same_cards_is_the_same_move() -> None:
    state = arrange("bazzi", hand="C3", table="SA HA S2 H2", other="S9")
    move = state.string_to_action("play C3 {SA H2} {HA S2}")
    assert isinstance(move, tuple)
    assert state.action_to_string(move) == "play C3 {SA S2} {HA H2}"
    sa, s2, ha, h2 = (c.index for c in parse_cards("SA S2 HA H2"))
    state.apply_action((move[0], ((sa, h2), (ha, s2))))  # a raw tuple with the other grouping: accepted
    assert state.history()[-1] == move
    assert state.to_json()["piles"][0] == ["SA", "S2", "HA", "H2", "C3"]


def test_play_alone_trails_or_names_the_only_move() -> None:
    state = arrange("bazzi", hand="H5 SJ", table="C5 S9", other="S8")
    assert state.action_to_string(state.string_to_action("play H5")) == "play H5 {C5}"
    assert state.action_to_string(state.string_to_action("SJ")) == "play SJ"
    state = arrange("bazzi", hand="H5", table="C5 S2 D3", other="S8")
    with pytest.raises(AmbiguousActionError, match=r"play H5 \{C5\} \{S2 D3\}"):
        state.string_to_action("play H5")


@pytest.mark.parametrize("text", ["", "play", "play H5 {", "play H5 {}", "play JK", "play H5 }C5{", "play ZZ"])
def test_malformed_notation(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


def test_deals_are_written_as_the_card() -> None:
    state = load_game("basra", deck="SA").new_initial_state()
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["SA"]
    assert state.string_to_action("sa") == state.legal_actions()[0]


def test_state_json_holds_the_fields_of_rules_5() -> None:
    state = deal("bazzi", deck="SA S2 S3 S4 S5 HA H2 H3 H4 H5 C6 C7 C8 C9")
    data = state.to_json()
    assert data["game"] == "basra" and data["current_player"] == 0
    assert data["table"] == ["C6", "C7", "C8", "C9"]
    assert data["hands"][1] == ["HA", "H2", "H3", "H4", "H5"]
    assert data["piles"] == [[], []] and data["basras"] == [0, 0]
    assert data["history"][:3] == ["SA", "S2", "S3"]
    assert state.game.state_from_json(json.loads(json.dumps(data))).to_json() == data


def test_a_view_hides_the_other_hand_and_the_deck() -> None:
    state = deal("bazzi", deck="SA S2 S3 S4 S5 HA H2 H3 H4 H5 C6 C7 C8 C9")
    view = state.view(0).to_json()
    assert view["hands"] == [["SA", "S2", "S3", "S4", "S5"], 5]
    assert view["deck"] == 30
    text = json.dumps({k: v for k, v in view.items() if k != "options"})  # options hold the stacked deck
    assert not any(code in text for code in ["HA", "H2", "H3", "H4", "H5"])
    assert "history" not in view
    assert state.view(1).legal_actions() == []


def test_sample_world_deals_only_unseen_cards_uniformly() -> None:
    state = deal("bazzi", deck="SA S2 S3 S4 S5 HA H2 H3 H4 H5 C6 C7 C8 C9")
    view = state.view(0)
    seen = {"SA", "S2", "S3", "S4", "S5", "C6", "C7", "C8", "C9"}
    counts: dict[str, int] = {}
    rng = random.Random(3)
    for _ in range(300):
        world = view.sample_world(rng)
        assert world.view(0) == view
        other = world.to_json()["hands"][1]
        assert len(other) == 5 and not seen & set(other)
        for code in other:
            counts[code] = counts.get(code, 0) + 1
    # 35 unseen cards, 5 dealt each time: about 43 sightings each.
    assert len(counts) == 35 and min(counts.values()) > 15


@pytest.mark.slow  # the same four games as tests/conformance's quick tier: here in the slow tier only
@pytest.mark.parametrize("preset", ["bazzi", "egyptian"])
def test_random_games_keep_every_promise(preset: str) -> None:
    game = load_game("basra", preset=preset)
    seen: dict[object, None] = {}
    for seed in range(4):
        check_random_game(game, seed, foreign=seen)


def test_stacked_deck_checks_its_cards() -> None:
    from deckhand import ConfigError

    with pytest.raises(ConfigError, match="SQ"):
        load_game("basra", deck="SQ")
    with pytest.raises(ConfigError, match="basra_bonus"):
        load_game("basra", basra_bonus="triple")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["bazzi", "egyptian"]), st.integers(0, 120))
def test_every_legal_move_round_trips_with_groups_shuffled(seed: int, preset: str, steps: int) -> None:
    state = load_game("basra", preset=preset).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(state.rollout_action(rng))
    if state.is_chance_node() or state.is_terminal():
        return
    for action in state.legal_actions():
        text = state.action_to_string(action)
        assert state.string_to_action(text) == action
        card, *groups = text.split(" {")
        rng.shuffle(groups)
        shuffled = " ".join([card, *("{" + " ".join(reversed(g.rstrip("}").split())) + "}" for g in groups)])
        assert state.string_to_action(shuffled) == action
