"""``benchmarks/cambio_ceiling.py``: its copy of ``seed-hard`` is exact and its modes run."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from types import ModuleType

import pytest

import deckhand
from deckhand.games.cambio.state import CambioState
from tests.benchmarks.scripts import BENCHMARKS, load_script

SCRIPT = BENCHMARKS / "cambio_ceiling.py"


@pytest.fixture(scope="module")
def ceiling() -> ModuleType:
    return load_script("cambio_ceiling")


def run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def mid_game(seed: int) -> CambioState:
    game = deckhand.load_game("cambio", preset="classic")
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.current_player() < 0:
        state.apply_action(state.sample_chance_outcome(rng))
    assert isinstance(state, CambioState)
    return state


@pytest.mark.parametrize(
    ("knows", "own", "theirs"),
    [("own", True, False), ("opponent", False, True), ("both", True, True)],
)
def test_told_reveals_exactly_the_named_hand(ceiling: ModuleType, knows: str, own: bool, theirs: bool) -> None:
    state = mid_game(3)
    p = state.mover
    before = [list(masks) for masks in state.known]
    world = ceiling.told(state, knows)
    assert state.known == before  # the game itself is untouched
    for q, masks in enumerate(world.known):
        told = own if q == p else theirs
        assert all(bool(m >> p & 1) == (told or bool(old >> p & 1)) for m, old in zip(masks, before[q], strict=True))
        assert all(m & ~(1 << p) == old & ~(1 << p) for m, old in zip(masks, before[q], strict=True))


@pytest.mark.parametrize("mine", [True, False])
def test_redeal_deals_again_only_the_named_unseen_cards(ceiling: ModuleType, mine: bool) -> None:
    state = mid_game(5)
    p = state.mover
    seats = [p] if mine else [q for q in range(state.game.players) if q != p]
    changed = set()
    for seed in range(40):
        world = ceiling.redeal(state, seats, random.Random(seed))
        assert world.known == state.known
        assert sorted(world.pile + [c for hand in world.hands for c in hand]) == sorted(
            state.pile + [c for hand in state.hands for c in hand]
        )
        for q, hand in enumerate(world.hands):
            for t, card in enumerate(hand):
                if q not in seats or state.known[q][t] >> p & 1:
                    assert card == state.hands[q][t], (q, t)
                elif card != state.hands[q][t]:
                    changed.add((q, t))
    assert changed == {
        (q, t) for q in seats for t, mask in enumerate(state.known[q]) if not mask >> p & 1
    }  # every unseen place of the named hands is dealt again in some world


def test_the_copy_of_seed_hard_makes_its_every_move() -> None:
    assert "the copy agrees with seed-hard at all" in run("--check", "--games", "20")


@pytest.mark.parametrize(
    "args",
    [
        ["--knows", "own", "--games", "6"],
        ["--at", "start", "--sees", "view", "--samples", "2", "--games", "2"],
        ["--at", "hold", "--sees", "all", "--samples", "2", "--games", "2"],
        ["--at", "start", "--sees", "own", "--samples", "2", "--games", "2"],
        ["--at", "hold", "--sees", "opponent", "--samples", "2", "--games", "2"],
        ["--at", "start", "--sees", "none", "--samples", "2", "--games", "2"],
    ],
)
def test_modes_report_a_score_with_its_interval(args: list[str]) -> None:
    row = json.loads(run(*args, "--json").splitlines()[-1])
    assert row["games"] == int(args[-1])
    assert 0.0 <= row["ci95"][0] <= row["score"] <= row["ci95"][1] <= 1.0
