"""Every registered game, under every preset, passes the protocol's checks.

200 seeded random games per game (and per further preset) in the test run;
``benchmarks/conformance_soak.py`` plays many more.
"""

from __future__ import annotations

import pytest

import deckhand
from deckhand.core.registry import game_class
from deckhand.testing import check_determinism, check_random_game, check_unchecked_path

GAMES_PER_CONFIG = 200
CHUNKS = 4
UNCHECKED_GAMES = 30


def configs() -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for name in deckhand.games():
        presets = list(game_class(name).PRESETS) or [None]
        out.extend((name, preset) for preset in presets)
    return out


def _load(name: str, preset: str | None) -> deckhand.Game:
    return deckhand.load_game(name) if preset is None else deckhand.load_game(name, preset=preset)


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize(("name", "preset"), configs())
def test_random_games_keep_every_promise(name: str, preset: str | None, chunk: int) -> None:
    game = _load(name, preset)
    seen: dict[object, None] = {}
    per_chunk = GAMES_PER_CONFIG // CHUNKS
    for seed in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        check_random_game(game, seed, foreign=seen)


@pytest.mark.parametrize(("name", "preset"), configs())
def test_unchecked_path_plays_as_the_checked_one(name: str, preset: str | None) -> None:
    game = _load(name, preset)
    for seed in range(UNCHECKED_GAMES):
        check_unchecked_path(game, seed)


@pytest.mark.parametrize(("name", "preset"), configs())
def test_same_seed_same_game(name: str, preset: str | None) -> None:
    check_determinism(_load(name, preset), seed=12345)


@pytest.mark.parametrize("name", deckhand.games())
def test_unknown_option_is_named(name: str) -> None:
    with pytest.raises(deckhand.ConfigError, match="no_such_option"):
        deckhand.load_game(name, no_such_option=1)


@pytest.mark.parametrize("name", deckhand.games())
def test_game_declares_itself(name: str) -> None:
    game = deckhand.load_game(name)
    assert game.name == name
    assert game.rules_version
    assert game.num_players >= 1
    assert game.max_game_length() > 0
    state = game.new_initial_state()
    data = state.to_json()
    assert data["game"] == name and data["rules_version"] == game.rules_version


def test_unchecked_path_check_catches_a_difference(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fast path that deals another card than it was given is caught."""
    from deckhand.games.cambio.state import CambioState
    from deckhand.testing import ConformanceError

    def wrong(self: CambioState, action: object) -> None:
        if self.is_chance_node():
            action = self.chance_outcomes()[0][0]
        self.apply_action(action)

    monkeypatch.setattr(CambioState, "apply_legal", wrong)
    with pytest.raises(ConformanceError, match="apply_legal"):
        check_unchecked_path(_load("cambio", "classic"), seed=0)


def test_unchecked_path_check_catches_a_clone_that_shares_a_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clone that shares the discard pile with its original is caught when the game goes on from it."""
    from deckhand.games.cambio.state import CambioState
    from deckhand.testing import ConformanceError

    real = CambioState.clone

    def shallow(self: CambioState) -> CambioState:
        copy = real(self)
        copy.discard = self.discard
        return copy

    monkeypatch.setattr(CambioState, "clone", shallow)
    with pytest.raises(ConformanceError, match="changed the original"):
        for seed in range(5):
            check_unchecked_path(_load("cambio", "house"), seed)
