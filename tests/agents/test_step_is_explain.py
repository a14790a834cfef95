"""``step`` may skip the words, never change the move: it gives ``explain``'s action, for every game's agents."""

from __future__ import annotations

import random

import pytest

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.core.registry import game_class
from deckhand.play.runner import random_playout


def agent_specs(name: str) -> list[str]:
    cls = game_class(name)
    specs = [*cls.AGENTS, "random", "ismcts:iterations=20", "openloop:iterations=20"]
    if cls.perfect_information:
        specs.append("mcts:iterations=20")
    return specs


def positions(game: deckhand.Game, count: int) -> list[deckhand.State]:
    """Decisions from the middle of seeded random games."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        history = random_playout(game.new_initial_state(), rng).history()
        state = game.new_initial_state()
        for action in history[: rng.randrange(len(history))]:
            state.apply_action(action)
        while state.current_player() < 0 and not state.is_terminal():
            state.apply_action(state.sample_chance_outcome(rng))
        if not state.is_terminal():
            out.append(state)
    return out


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n == "three_trios" else n for n in deckhand.games()]
)  # Three Trios' expert solves the board: the slow tier
def test_step_plays_what_explain_chooses(name: str) -> None:
    game = deckhand.load_game(name)
    states = positions(game, 6)
    for spec in agent_specs(name):
        agent = make_agent(spec, game)
        for k, state in enumerate(states):
            view = state.view(state.current_player())
            chosen = agent.step(view, random.Random(k))
            assert chosen == agent.explain(view, random.Random(k)).action, (spec, k)
