"""The terminal prints nothing a player cannot see, against every level of every hidden-card game.

The slow tier plays each level against a person over 4 seeds; the quick tier,
each level over one seed and the few games of the others that reach every
kind of move the 4 seeds reach (``tests/conformance/reached.json``).
"""

from __future__ import annotations

from typing import Any

import pytest

import deckhand
from deckhand.agents.base import Explanation
from deckhand.core.registry import game_class
from deckhand.testing.secrets import SecretLeak, quick_spec
from tests.conformance.kinds import kinds_played
from tests.conformance.reached import REACHED_ON_SCREEN
from tests.conformance.test_secrets import config_id
from tests.terminal.screen_check import check_terminal_secrets
from tests.tiers import beyond_the_first_preset

SEEDS = range(4)
QUICK_GAMES: dict[str, tuple[tuple[int, int], ...]] = {
    "basra preset=egyptian": ((0, 1),),
    "basra preset=partners": ((0, 1),),
    "cambio preset=classic": ((0, 1), (1, 1), (1, 2), (1, 3)),
    "cambio preset=house": ((0, 1), (2, 2), (1, 3), (0, 2)),
    "casino preset=ramapo": ((0, 3),),
    "casino preset=aces-either": ((2, 3), (0, 2)),
    "go_fish preset=family": ((0, 1), (2, 3)),
}
"""Besides seed 0 for every level, the (level, seed) games the quick tier plays: they reach the kinds of move
seed 0 misses."""


def levels(name: str) -> list[str]:
    return [quick_spec(spec) for spec in game_class(name).LEVELS.values()]


def configs() -> list[Any]:
    """Each hidden-card configuration with its quick tier's (level, seed) games, and all of them under ``slow``."""
    out = []
    for name in deckhand.games():
        cls = game_class(name)
        if cls.perfect_information:
            continue
        for options in [{"preset": p} for p in cls.PRESETS] or [{}]:
            config = config_id(name, options)
            every = tuple((level, seed) for level in range(len(levels(name))) for seed in SEEDS)
            if config not in REACHED_ON_SCREEN:
                out.append(pytest.param(name, options, every, id=f"{config}-quick"))
                continue
            quick = tuple((level, 0) for level in range(len(levels(name)))) + QUICK_GAMES.get(config, ())
            later = beyond_the_first_preset(name, options)
            out.append(pytest.param(name, options, quick, id=f"{config}-quick", marks=later))
            out.append(pytest.param(name, options, every, id=f"{config}-soak", marks=pytest.mark.slow))
    return out


@pytest.mark.parametrize(("name", "options", "games"), configs())
def test_the_screen_shows_a_player_only_what_it_may_see(
    name: str, options: dict[str, object], games: tuple[tuple[int, int], ...]
) -> None:
    game = deckhand.load_game(name, **options)
    specs = levels(name)
    kinds: set[str] = set()
    for level, seed in games:
        end = check_terminal_secrets(game, seed, ["human"] + [specs[level]] * (game.num_players - 1))
        kinds |= kinds_played(end)
    expected = REACHED_ON_SCREEN.get(config_id(name, options))
    if expected is not None:
        assert kinds == expected, (
            f"kinds missed: {sorted(expected - kinds)}; reached, not in reached.json: {sorted(kinds - expected)}"
        )


def test_a_screen_that_names_a_hidden_card_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Explanation, "public_reason", lambda self, perfect: self.reason)
    game = deckhand.load_game("basra")
    with pytest.raises(SecretLeak, match="the screen gave away"):
        for seed in SEEDS:
            check_terminal_secrets(game, seed, ["human", "ismcts:iterations=24"])
