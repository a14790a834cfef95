"""Stacked decks and the draw pile as a chance node."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from deckhand.core.cards import Card, deck_52, deck_54
from deckhand.core.deck import (
    pile_allows,
    pile_outcomes,
    pile_remove,
    pile_sample,
    read_deck_option,
    stack_indices,
)
from deckhand.core.errors import ConfigError


def idx(code: str) -> int:
    return Card.parse(code).index


def test_deck_option_takes_lists_strings_and_files(tmp_path: Path) -> None:
    assert read_deck_option(["sa", "H9"]) == ["SA", "H9"]
    assert read_deck_option("SA h9,DX") == ["SA", "H9", "DX"]
    path = tmp_path / "deck.txt"
    path.write_text("SA\r\n\nd10\n", encoding="utf-8")
    assert read_deck_option(str(path)) == ["SA", "DX"]
    assert read_deck_option(path) == ["SA", "DX"]


def test_a_bad_deck_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("SA\nH9\nXX\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"deck.txt, line 3: 'XX' is not a card code"):
        read_deck_option(str(path))
    with pytest.raises(ConfigError, match="cannot read deck file"):
        read_deck_option(str(tmp_path / "missing.txt"))
    with pytest.raises(ConfigError, match="card 2"):
        read_deck_option(["SA", "S1X"])


def test_stack_is_checked_against_the_game_deck() -> None:
    full = [c.index for c in deck_52()]
    assert stack_indices("demo", ["SA", "H9"], full) == (idx("SA"), idx("H9"))
    with pytest.raises(ConfigError, match=r"deck card 2 \(SA\) appears more often"):
        stack_indices("demo", ["SA", "SA"], full)
    with pytest.raises(ConfigError, match=r"deck card 1 \(JK\) is not in this game's deck"):
        stack_indices("demo", ["JK"], full)
    two_jokers = [c.index for c in deck_54()]
    assert stack_indices("demo", ["JK", "JK"], two_jokers) == (52, 52)


def test_stacked_cards_come_first_then_uniform() -> None:
    pile = [idx(c) for c in ("SA", "H9", "DX", "CK")]
    stack = (idx("DX"),)
    assert pile_outcomes(pile, stack, 0) == [(idx("DX"), 1.0)]
    assert pile_sample(pile, stack, 0, random.Random(1)) == idx("DX")
    assert pile_allows(pile, stack, 0, idx("DX")) and not pile_allows(pile, stack, 0, idx("SA"))
    pile_remove(pile, idx("DX"))
    outcomes = pile_outcomes(pile, stack, 1)
    assert sorted(c for c, _ in outcomes) == sorted(pile) and all(p == pytest.approx(1 / 3) for _, p in outcomes)


def test_duplicates_in_the_pile_add_up() -> None:
    pile = [52, 52, idx("SA")]
    assert dict(pile_outcomes(pile, (), 0)) == {52: pytest.approx(2 / 3), idx("SA"): pytest.approx(1 / 3)}
    rng = random.Random(3)
    draws = [pile_sample(pile, (), 0, rng) for _ in range(3000)]
    assert 0.6 < draws.count(52) / 3000 < 0.73


@pytest.mark.parametrize("name", ["basra", "cambio", "casino"])
def test_views_hide_the_order_of_a_stacked_deck(name: str) -> None:
    import deckhand

    order = list(reversed(deckhand.load_game(name).all_cards()))
    game = deckhand.load_game(name, deck=order)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    assert state.to_json()["options"]["deck"] == order  # a save keeps the deck it was played with
    for seat in range(game.num_players):
        shown = state.view(seat).to_json()
        assert shown["options"]["deck"] == f"stacked ({len(order)} cards)"
        assert str(order[10:20]) not in str(shown)
