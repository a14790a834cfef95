"""The rules text is read from beside each game's code, and an unknown game is a one-line ConfigError."""

from __future__ import annotations

import pytest

import deckhand
from deckhand import ConfigError
from deckhand.core.registry import game_class
from deckhand.core.rules_text import rules_text


@pytest.mark.parametrize("name", deckhand.games())
def test_each_game_has_its_rules_titled_with_its_name(name: str) -> None:
    assert rules_text(name).startswith(f"# {game_class(name).title}\n")


def test_an_unknown_game_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="poker"):
        rules_text("poker")
