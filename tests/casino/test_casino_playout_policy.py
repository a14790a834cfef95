"""The playout policy's quick choice is the choice it made from the full list of legal plays, on seeded positions."""

from __future__ import annotations

import random

import pytest

import deckhand
from deckhand.games.casino.moves import legal_plays
from deckhand.games.casino.phases import DEAL, OVER, PLAY
from deckhand.games.casino.playout import best_play, greedy_choice, rollout_choice
from deckhand.games.casino.state import CasinoState


def positions(preset: str, games: int, **options: object) -> list[CasinoState]:
    """Every play decision of seeded games, played mostly by the policy (so builds come up) and partly at random."""
    game = deckhand.load_game("casino", preset=preset, **options)
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, CasinoState)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            actions = state.legal_actions()
            if state.phase == PLAY:
                found.append(state.clone())
                if rng.random() < 0.7:
                    state.apply_action(rollout_choice(actions, rng))
                    continue
            state.apply_action(actions[rng.randrange(len(actions))])
    return found


@pytest.mark.parametrize(("preset", "games"), [("ramapo", 40), ("aces-either", 15)])
def test_best_play_is_the_best_of_the_legal_plays(preset: str, games: int) -> None:
    """Thousands of positions, builds, multiple builds and increases among them: the same play, the same tuple."""
    kinds: set[str] = set()
    states = positions(preset, games)
    for state in states:
        p = state.to_move
        g = state.game
        args = (state.hands[p], state.loose, state.builds, p, g.vals, g.rank, g.maxv)
        plays = legal_plays(*args)
        chosen = best_play(*args)
        assert chosen == greedy_choice(plays), (state.hands[p], state.loose, state.builds)
        kinds.add(chosen[0])
    assert len(states) > 1000
    assert kinds == {"trail", "capture", "build", "increase"} or preset != "ramapo"


def old_play_out(state: CasinoState, rng: random.Random) -> list[float]:
    """The playout as it was: the policy chose from the full list of legal plays."""
    while True:
        if state.phase == PLAY:
            state.apply_legal(rollout_choice(state.shared_legal_actions(), rng))
        elif state.phase == DEAL:
            value = state.game.playout_estimate(state)
            if value is not None:
                return value
            while state.phase == DEAL:
                state.apply_legal(state.sample_chance_outcome(rng))
        elif state.phase == OVER:
            return state.returns()
        else:
            actions = state.legal_actions()
            state.apply_legal(actions[int(rng.random() * len(actions))])


STACKED = "SA,H2,D3,C4,S5,H6,D7,C8,S9,HX,DJ,CQ,SK,HA,D2,C3,S4,H5"
"""The first cards of a stacked deck: a playout's deals draw the rest, and the stacked ones first."""


@pytest.mark.parametrize(
    ("preset", "games", "options"),
    [("ramapo", 6, {}), ("aces-either", 4, {}), ("ramapo", 3, {"deck": STACKED})],
)
def test_playouts_are_the_same_move_for_move(preset: str, games: int, options: dict[str, object]) -> None:
    """Same returns, same moves and the same random numbers used, from hundreds of seeded positions."""
    states = positions(preset, games, **options)[::4]
    assert len(states) > 40
    for number, start in enumerate(states):
        new, old = start.clone(), start.clone()
        rng_new, rng_old = random.Random(number), random.Random(number)
        assert new.play_out(rng_new) == old_play_out(old, rng_old)
        assert new.hist == old.hist
        assert rng_new.random() == rng_old.random()


@pytest.mark.parametrize("options", [{}, {"deck": STACKED}])
def test_a_deal_by_chance_is_the_deal_sampled_card_by_card(options: dict[str, object]) -> None:
    """``deal_by_chance`` leaves the state ``sample_chance_outcome`` and ``apply_action`` would, drawing alike."""
    game = deckhand.load_game("casino", **options)
    for seed in range(30):
        state = game.new_initial_state()
        state.apply_action(("call", 0))
        state.apply_action(("coin", seed % 2))
        assert isinstance(state, CasinoState)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == DEAL:
                fast, slow = state.clone(), state.clone()
                rng_fast, rng_slow = random.Random(seed), random.Random(seed)
                fast.deal_by_chance(rng_fast)
                while slow.phase == DEAL:
                    slow.apply_action(slow.sample_chance_outcome(rng_slow))
                assert fast.to_json() == slow.to_json()
                assert fast.hist == slow.hist and fast.legal_actions() == slow.legal_actions()
                assert rng_fast.random() == rng_slow.random()
                state = fast
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
