"""The terminal prints nothing a player cannot see, against every level of every hidden-card game."""

from __future__ import annotations

import pytest

import deckhand
from deckhand.agents.base import Explanation
from deckhand.core.registry import game_class
from deckhand.testing.screens import check_terminal_secrets
from deckhand.testing.secrets import SecretLeak, quick_spec

SEEDS = range(4)


def cases() -> list[tuple[str, dict[str, object], str]]:
    out = []
    for name in deckhand.games():
        cls = game_class(name)
        if cls.perfect_information:
            continue
        options: list[dict[str, object]] = [{"preset": p} for p in cls.PRESETS] or [{}]
        out += [(name, opts, quick_spec(spec)) for opts in options for spec in cls.LEVELS.values()]
    return out


@pytest.mark.parametrize(("name", "options", "spec"), cases(), ids=str)
def test_the_screen_shows_a_player_only_what_it_may_see(name: str, options: dict[str, object], spec: str) -> None:
    game = deckhand.load_game(name, **options)
    for seed in SEEDS:
        check_terminal_secrets(game, seed, ["human"] + [spec] * (game.num_players - 1))


def test_a_screen_that_names_a_hidden_card_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Explanation, "public_reason", lambda self, perfect: self.reason)
    game = deckhand.load_game("basra")
    with pytest.raises(SecretLeak, match="the screen gave away"):
        for seed in SEEDS:
            check_terminal_secrets(game, seed, ["human", "ismcts:iterations=24"])
