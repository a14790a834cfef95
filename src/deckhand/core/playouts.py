"""The playout loop searches run: a policy moves, chance falls by its odds, to the end or to an estimate.

It asks a state only what every game's state answers (:class:`Playable`), so
it sits below the protocol that builds its default playouts on it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, Protocol, TypeVar

from deckhand.core.turns import TERMINAL

T = TypeVar("T", bound=Hashable)


class Playable(Protocol[T]):
    """What the loop asks of a state whose actions are ``T``: whose turn, its legal moves, a move played
    unchecked, chance, the returns."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> list[T]: ...
    def apply_legal(self, action: T) -> None: ...
    def sample_chance_outcome(self, rng: random.Random) -> T: ...
    def returns(self) -> list[float]: ...


P = TypeVar("P", bound=Playable[Any])


def uniform_action(state: Playable[T], rng: random.Random) -> T:
    """One of ``state``'s legal actions, uniformly at random."""
    actions = state.legal_actions()
    return actions[int(rng.random() * len(actions))]


def play_out_with(
    state: P,
    rng: random.Random,
    policy: Callable[[P, random.Random], Hashable],
    estimate: Callable[[P], list[float] | None],
) -> list[float]:
    """The playout loop: ``policy`` moves, chance by its odds, until the end or where ``estimate`` answers.

    ``estimate`` is asked at chance nodes only (so it costs nothing on
    ordinary moves); the returns, or the estimate's.
    """
    apply = state.apply_legal
    player = state.current_player
    while True:
        p = player()
        if p >= 0:
            apply(policy(state, rng))
        elif p == TERMINAL:
            return state.returns()
        else:
            value = estimate(state)
            if value is not None:
                return value
            apply(state.sample_chance_outcome(rng))
