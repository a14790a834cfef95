"""Go Fish's hard level: every ask weighed over worlds dealt to agree with what the table knows.

A determinized search (perfect-information Monte Carlo): deal the cards the
seat cannot see at random, consistently with its view (``view.sample_world``),
play each ask in that world, and play on to the end with the memory policy
for every seat (``playout.play_out``). Every ask is tried in the same worlds
with the same random numbers (common random numbers), so the differences
between asks are not drowned by the luck of the deal. The work is counted in
playouts, so the level plays the same on a busy machine as on an idle one;
a wall clock caps it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.deck import pile_sample
from deckhand.core.errors import ConfigError, IllegalActionError, quote
from deckhand.core.protocol import Action, Game, View, view_as
from deckhand.games.go_fish.playout import policy
from deckhand.games.go_fish.state import ASK, OVER, GoFishState, ask_parts
from deckhand.games.go_fish.view import GoFishView


class WorldsAgent(Agent):
    """Tries every ask in the same sampled worlds and plays the one that wins most often (the hard level)."""

    name = "worlds"

    def __init__(self, game: Game | None = None, playouts: int = 600, seconds: float = 0.5) -> None:
        if type(playouts) is not int or playouts < 1:
            raise ConfigError(f"playouts must be a whole number >= 1, not {quote(playouts, 24)}")
        if not isinstance(seconds, int | float) or seconds <= 0:
            raise ConfigError(f"seconds must be a number > 0, not {quote(seconds, 24)}")
        self.game = game
        self.playouts = playouts
        self.seconds = float(seconds)

    def spec(self) -> str:
        return f"{self.name}:playouts={self.playouts},seconds={self.seconds:g}"

    def explain(self, view: View, rng: random.Random) -> Explanation:
        v = view_as(view, GoFishView)
        asks = [a for a in v.legal_actions() if ask_parts(a) is not None]
        if not asks:
            raise IllegalActionError(f"seat {v.player} has no question to ask now")
        wins, worlds = weigh(v, asks, self.playouts, self.seconds, rng)
        order = sorted(range(len(asks)), key=lambda i: wins[i], reverse=True)
        best = asks[order[0]]
        return Explanation(
            action=best,
            notation=view.action_to_string(best),
            reason=f"it won {wins[order[0]] / max(worlds, 1):.0%} of {worlds} games played on from here",
            candidates=[
                Candidate(view.action_to_string(asks[i]), value=wins[i] / max(worlds, 1), visits=worlds) for i in order
            ],
            data={"worlds": worlds},
            public="it tried each question in games played on from here",
        )


def weigh(
    view: GoFishView, asks: Sequence[Action], playouts: int, seconds: float, rng: random.Random
) -> tuple[list[float], int]:
    """Each ask's wins (a tie shared) over the same sampled worlds, and how many worlds were played."""
    wins = [0.0] * len(asks)
    if len(asks) == 1:
        return [1.0], 0
    me = view.player
    deadline = time.perf_counter() + seconds
    worlds = 0
    while worlds * len(asks) < playouts and (worlds == 0 or time.perf_counter() < deadline):
        world = view.sample_world(rng)
        assert isinstance(world, GoFishState)
        rng.shuffle(world.stock)  # one order of the stock, drawn from the top by every ask
        seed = rng.random()
        for i, action in enumerate(asks):
            state = world.clone()
            state.ask(action)  # type: ignore[arg-type]  # asks are ints
            wins[i] += _play_on(state, me, random.Random(seed))
        worlds += 1
    return wins, worlds


MARGIN = 0.25
"""Weight of the books won over the best other seat's (per book of 13) beside the win itself: a smoother value."""


def _play_on(state: GoFishState, me: int, rng: random.Random) -> float:
    """Play on with the memory policy, drawing the stock from the top; the win (shared) plus the books' margin."""
    stock, stack = state.stock, state.game.stack
    while state.phase != OVER:
        if state.phase == ASK:
            state.ask(policy(state, rng))
        elif stack:  # a stacked deck: its top is known
            state.draw(pile_sample(stock, stack, state.drawn, rng))
        else:
            state.draw(stock[-1])
    books = [len(b) for b in state.books]
    mine = books.pop(me)
    return state.returns()[me] + MARGIN * (mine - max(books)) / 13
