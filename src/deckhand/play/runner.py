"""The match runner: chance from an injected rng, agents see views only."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from deckhand.agents.base import Agent
from deckhand.core.errors import ConfigError, IllegalActionError
from deckhand.core.protocol import Action, Game, State

OnAction = Callable[[State, int, Action], None]
"""Called before each action is applied: ``(state, player, action)``."""


def agent_rngs(rng: random.Random, count: int) -> list[random.Random]:
    """One rng per seat, drawn from ``rng`` before the game starts.

    Agents then never consume the chance stream, so the same seed deals the
    same cards whoever sits where and however long they think.
    """
    return [random.Random(rng.getrandbits(64)) for _ in range(count)]


def play_game(
    game: Game,
    agents: Sequence[Agent],
    rng: random.Random,
    *,
    state: State | None = None,
    on_action: OnAction | None = None,
) -> State:
    """Play to the end from ``state`` (a new game by default); return the final state.

    >>> import random, deckhand
    >>> from deckhand.agents import RandomAgent
    >>> game = deckhand.load_game("three_trios")
    >>> play_game(game, [RandomAgent(), RandomAgent()], random.Random(1)).is_terminal()
    True
    """
    if len(agents) != game.num_players:
        raise ConfigError(f"{game.name} needs {game.num_players} agents, got {len(agents)}")
    state = game.new_initial_state() if state is None else state
    seat_rngs = agent_rngs(rng, len(agents))
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            action = state.sample_chance_outcome(rng)
        else:
            chosen = agents[player].step(state.view(player), seat_rngs[player])
            legal = state.legal_actions()
            try:
                # the legal list's own object: an equal stand-in (a numpy int) would go unchecked into the history
                action = legal[legal.index(chosen)]
            except ValueError:
                raise IllegalActionError(
                    f"agent {agents[player].spec()} chose {chosen!r}, which is not legal for seat {player}"
                ) from None
        if on_action is not None:
            on_action(state, player, action)
        state.apply_legal(action)
    return state


def random_playout(state: State, rng: random.Random) -> State:
    """Play uniformly random moves (and chance) to the end, in place; returns ``state``."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_legal(state.sample_chance_outcome(rng))
        else:
            actions = state.legal_actions()
            state.apply_legal(actions[int(rng.random() * len(actions))])
    return state
