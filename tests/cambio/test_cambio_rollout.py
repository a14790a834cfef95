"""The playout policy and the likely-world sampler: fair, sensible, and leaning the right way."""

from __future__ import annotations

import random
import re

import pytest

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.core.cards import CODES
from deckhand.core.protocol import Game
from deckhand.games.cambio.agents import PolicyAgent
from deckhand.games.cambio.phases import EMPTY, SWITCH_P
from deckhand.games.cambio.playout import rollout_action
from deckhand.games.cambio.state import CambioState
from deckhand.play import play_game
from tests.cambio.helpers import game


def positions(preset: str, players: int, games: int) -> list[CambioState]:
    """Decisions met along seeded playouts."""
    g = game(preset, players=players)
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            out.append(state.clone())
            state.apply_action(state.rollout_action(rng))
    return out


@pytest.mark.parametrize(("preset", "players"), [("classic", 2), ("house", 2), ("classic", 3)])
def test_the_policy_decides_from_what_the_mover_knows(preset: str, players: int) -> None:
    """Two worlds the mover cannot tell apart get the same move (the rng only breaks seat ties)."""
    for state in positions(preset, players, 12)[::3]:
        view = state.view(state.mover)
        moves = set()
        for k in range(4):
            world = view.sample_world(random.Random(k))
            assert isinstance(world, CambioState)
            moves.add(rollout_action(world, random.Random(99)))
        assert len(moves) == 1, state.to_json()


def test_the_policy_beats_the_seeds_hard_player() -> None:
    g = deckhand.load_game("cambio", preset="classic")
    policy, hard = make_agent("policy", g), make_agent("seed-hard", g)
    total = 0.0
    for seed in range(150):
        total += play_game(g, [policy, hard], random.Random(seed)).returns()[0]
        total += play_game(g, [hard, policy], random.Random(seed)).returns()[1]
    assert total / 300 > 0.55


def test_a_blind_switch_gives_away_a_king_for_a_card_the_opponent_kept() -> None:
    state = positions("classic", 2, 1)[0]
    card = {code: index for index, code in enumerate(CODES)}
    state.hands = [[card[c] for c in ("SK", "SA", "S2", "S3")], [card[c] for c in ("H5", "H6", "H7", "H8")]]
    state.known = [[1, 1, 1, 1], [2, 2, 0, 0]]  # seat 1 saw its slots 0 and 1; seat 0 saw none of them
    state.mover = state.turn = 0
    state.phase = SWITCH_P
    assert state.action_to_string(rollout_action(state, random.Random(0))) == "switch 0.0 1.0"
    state.hands[0][0] = card["S3"]  # no card of the opponent's is worth a switch now
    assert state.action_to_string(rollout_action(state, random.Random(0))) == "skip"


def test_likely_worlds_deal_low_cards_where_the_owner_kept_what_it_saw() -> None:
    """After a few of its owner's turns, a seen and kept card averages well below the deck."""
    g = game("classic")
    state = next(
        s
        for s in positions("classic", 2, 30)
        if s.turns >= 8 and s.mover == 0 and s.known[1][0] == 2 and s.known[1][3] == 0 and s.hands[1][3] != EMPTY
    )
    view = state.view(0)
    rng = random.Random(1)
    kept, unseen, uniform = [], [], []
    for _ in range(3000):
        world = view.sample_likely_world(rng)
        kept.append(g.value[world.hands[1][0]])
        unseen.append(g.value[world.hands[1][3]])
        uniform.append(g.value[view.sample_world(rng).hands[1][0]])
    mean = sum(uniform) / len(uniform)
    assert sum(kept) / len(kept) < mean - 2
    assert abs(sum(unseen) / len(unseen) - mean) < 1


@pytest.mark.parametrize("preset", ["classic", "house"])
def test_the_fast_playout_loop_plays_what_the_checked_loop_plays(preset: str) -> None:
    """Cambio's fast ``play_out`` skips legality checks only: same moves, same cards, same result."""
    for state in positions(preset, 3, 4)[::7]:
        fast, checked = state.clone(), state.clone()
        assert fast.play_out(random.Random(5)) == Game.play_out(checked.game, checked, random.Random(5))
        assert fast.history() == checked.history()


def test_the_policy_agent_plays_the_policy_and_says_why_in_its_numbers() -> None:
    g = deckhand.load_game("cambio", preset="classic")
    agent = make_agent("hard", g)
    assert isinstance(agent, PolicyAgent)
    reasons = set()
    for state in positions("classic", 2, 6):
        view = state.view(state.mover)
        explanation = agent.explain(view, random.Random(3))
        assert explanation.action == rollout_action(state, random.Random(3))
        said = explanation.reason
        assert not re.search(r"\b(I|my|me)\b", said)  # said to the seat that decides: "your worst card"
        reasons.add(said.split(",")[0])
    heads = {"your hand", "that is your worst card", "it does not beat your worst card", "you have not seen that card"}
    assert heads <= reasons, reasons
