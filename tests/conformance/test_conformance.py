"""Every registered game, under every preset, passes the protocol's checks.

200 seeded random games per game and preset in the slow tier (``-m slow``);
by default, a few of them that reach every kind of move the 200 reach
(``reached.json``). ``benchmarks/conformance_soak.py`` plays many more.
"""

from __future__ import annotations

from typing import Any

import pytest

import deckhand
from deckhand.core.registry import game_class
from deckhand.testing import check_determinism, check_random_game, check_unchecked_path
from tests.conformance.kinds import kinds_played
from tests.conformance.reached import REACHED

GAMES_PER_CONFIG = 200
CHUNKS = 4
QUICK_GAMES = {"basra": 4, "casino": 10, "go_fish": 10, "cambio": 50, "three_trios": 20}
"""The first seeds the quick tier plays, by game: Basra's long games reach every kind in a few."""
RARE_SEEDS: dict[tuple[str, str], tuple[int, ...]] = {
    ("cambio", "classic"): (121, 133),  # a king's peek at one's own card; a peek at one's own card, then play on
    ("cambio", "house"): (80, 118),  # a peek at one's own card skipped; a king's peek skipped
    ("casino", "aces-either"): (50,),  # a shared win
    ("go_fish", "family"): (83,),  # a card fished makes a book and empties the hand: it draws
}
"""Seeds below 200 that the quick tier plays besides: the only games among the 200 to reach some kind."""
UNCHECKED_GAMES = 30
UNCHECKED_QUICK = {"basra": 10}
"""The quick tier's count of games played both ways, where it is not 30: they reach every kind that Basra's
200 random games reach."""


def configs() -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for name in deckhand.games():
        presets = list(game_class(name).PRESETS) or [None]
        out.extend((name, preset) for preset in presets)
    return out


def _load(name: str, preset: str | None) -> deckhand.Game:
    return deckhand.load_game(name) if preset is None else deckhand.load_game(name, preset=preset)


def quick_seeds(name: str, preset: str | None) -> list[int]:
    """The seeds the quick tier plays: all 200 for a game whose kinds are not recorded in ``reached.json``."""
    if preset is None or (name, preset) not in REACHED:
        return list(range(GAMES_PER_CONFIG))
    return [*range(QUICK_GAMES[name]), *RARE_SEEDS.get((name, preset), ())]


TIERS: list[Any] = [
    pytest.param(None, id="quick"),
    *(pytest.param(chunk, id=f"soak{chunk}", marks=pytest.mark.slow) for chunk in range(CHUNKS)),
]
"""The quick tier's few games, or a quarter of the 200 (slow)."""


@pytest.mark.parametrize("chunk", TIERS)
@pytest.mark.parametrize(("name", "preset"), configs())
def test_random_games_keep_every_promise(name: str, preset: str | None, chunk: int | None) -> None:
    game = _load(name, preset)
    seen: dict[object, None] = {}
    per_chunk = GAMES_PER_CONFIG // CHUNKS
    seeds = quick_seeds(name, preset) if chunk is None else range(chunk * per_chunk, (chunk + 1) * per_chunk)
    kinds: set[str] = set()
    for seed in seeds:
        kinds |= kinds_played(check_random_game(game, seed, foreign=seen))
    expected = REACHED.get((name, preset or ""))
    if expected is None:
        return
    if chunk is None:
        assert not expected - kinds, f"the quick games no longer reach {sorted(expected - kinds)} (see reached.json)"
    assert not kinds - expected, f"kinds of moves reached but not in reached.json: {sorted(kinds - expected)}"


def unchecked_tiers() -> list[Any]:
    """30 games of each game and preset; Basra's 10 first by default, the 30 under ``slow``."""
    out = []
    for name, preset in configs():
        quick = UNCHECKED_QUICK.get(name, UNCHECKED_GAMES)
        out.append(pytest.param(name, preset, quick, id=f"{name}-{preset}-quick"))
        if quick != UNCHECKED_GAMES:
            out.append(pytest.param(name, preset, UNCHECKED_GAMES, id=f"{name}-{preset}-soak", marks=pytest.mark.slow))
    return out


@pytest.mark.parametrize(("name", "preset", "count"), unchecked_tiers())
def test_unchecked_path_plays_as_the_checked_one(name: str, preset: str | None, count: int) -> None:
    game = _load(name, preset)
    kinds: set[str] = set()
    for seed in range(count):
        kinds |= kinds_played(check_unchecked_path(game, seed))
    if count < UNCHECKED_GAMES:
        expected = REACHED[(name, preset or "")]
        assert not expected - kinds, f"the quick games no longer reach {sorted(expected - kinds)} (see reached.json)"


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
