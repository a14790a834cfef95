"""Which agent gives hints: the game's own help mode when it names one, else its strongest level."""

from __future__ import annotations

import pytest

import deckhand
from deckhand.agents.hints import hint_agent, strongest_spec


@pytest.mark.parametrize("name", ["cambio", "three_trios", "basra", "casino"])
def test_without_a_help_mode_the_strongest_level_gives_hints(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = deckhand.load_game(name)
    monkeypatch.setattr(type(game), "HINTS", None)
    assert hint_agent(game).name == strongest_spec(game)


def test_a_game_may_name_its_help_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    game = deckhand.load_game("casino")
    monkeypatch.setattr(type(game), "HINTS", "greedy")
    assert hint_agent(game).name == "greedy"
