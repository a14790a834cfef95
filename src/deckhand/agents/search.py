"""What the tree-search agents share: budgets, playouts and the explanation of a search.

Every search agent takes a budget in ``iterations`` and/or ``seconds`` (the
first one spent stops the search; with neither it runs 1000 iterations), an
exploration constant ``c`` and a playout policy: ``policy`` uses the game's
``State.rollout_action`` (cheap and better than uniform where the game
supplies one), ``random`` plays uniformly. The searches over sampled worlds
take a ``belief``: ``likely`` deals hidden cards as the game thinks likely
(``View.sample_likely_world``), ``uniform`` deals them uniformly. An
iteration budget alone makes a seeded search reproducible; a time budget
does not, by nature. With both, the iterations are the work and the seconds
(wall-clock) a cap on the wait: a level sized so keeps its strength when the
machine is busy, and each search agent counts which bound stopped its
searches (``SearchAgent.bounds``, shown by the arena).
"""

from __future__ import annotations

import math
import random
import threading
import time
from abc import abstractmethod
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.errors import ConfigError, DeckhandError, IllegalActionError, quote
from deckhand.core.numbers import is_setting_count, is_setting_number
from deckhand.core.playouts import play_out_with, uniform_action
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import Action, Game, State, View
from deckhand.core.words import Reasons

DEFAULT_ITERATIONS = 1000

Edge = list[Any]
"""Statistics of one action at one node: ``[visits, total return, availability, ...]``."""

Playout = Callable[[State, random.Random], list[float]]


def policy_playout(state: State, rng: random.Random) -> list[float]:
    """Play on with the game's light rollout policy (``State.play_out``), in place; the returns.

    The playout stops at the end of the game or where the game offers an
    estimate (``State.playout_estimate``, asked at chance nodes).
    """
    return state.play_out(rng)


def random_playout(state: State, rng: random.Random) -> list[float]:
    """Play on with uniformly random moves (chance by its odds), in place; the returns.

    Stops where ``policy_playout`` does.
    """
    return play_out_with(state, rng, uniform_action, state.game.playout_estimate)


PLAYOUTS: dict[str, Playout] = {"policy": policy_playout, "random": random_playout}

CANCEL: ContextVar[threading.Event | None] = ContextVar("deckhand_cancel", default=None)
"""Set (in a thread or a context) to an event that calls off every search run there once it is set.

A server sets it on its thinking threads, so that it can stop while its
computers think; library users who never set it pay nothing for it.
"""


class SearchCancelled(DeckhandError):
    """A search was called off before its budget was spent (the server running it is stopping)."""


BELIEFS = ("likely", "uniform")


class Budget:
    """When a search stops: after ``iterations``, after ``seconds``, whichever comes first."""

    __slots__ = ("iterations", "seconds")

    def __init__(self, iterations: int | None, seconds: float | None) -> None:
        if iterations is not None and (not is_setting_count(iterations) or iterations < 1):
            raise ConfigError(f"iterations must be a whole number >= 1, not {quote(iterations, 24)}")
        if seconds is not None and (not is_setting_number(seconds) or seconds <= 0):
            raise ConfigError(f"seconds must be a number > 0, not {quote(seconds, 24)}")
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)

    def run(self, iterate: Callable[[], None]) -> tuple[int, float]:
        """Call ``iterate`` until the budget is spent; returns (iterations, seconds taken)."""
        start = time.perf_counter()
        limit = self.iterations if self.iterations is not None else 1 << 62
        stop = CANCEL.get()
        if self.seconds is None and stop is None:
            for _ in range(limit):
                iterate()
            return limit, time.perf_counter() - start
        deadline = start + self.seconds if self.seconds is not None else math.inf
        done = 0
        while done < limit:
            iterate()
            done += 1
            # Reading the clock costs about as much as a short playout step; every 8th will do.
            if done & 7 == 0:
                if stop is not None and stop.is_set():
                    raise SearchCancelled("the search was called off")
                if time.perf_counter() >= deadline:
                    break
        return done, time.perf_counter() - start

    def bound(self, iterations: int) -> str:
        """Which bound stopped a search that ran ``iterations``: "iterations" when it ran them all, else "seconds"."""
        return "iterations" if iterations == self.iterations else "seconds"

    def spec(self) -> list[str]:
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds:g}")
        return parts


def uct_pick(edges: dict[Action, Edge], actions: list[Action], c: float, rng: random.Random) -> Action:
    """The action of ``actions`` with the highest upper confidence bound.

    The bound uses each edge's availability count (how often the action was
    legal when its node was visited) instead of the parent's visits: an action
    that is only sometimes available is not punished for the visits it could
    not have had. Ties go to a random one of the best.
    """
    best: list[Action] = []
    top = -1.0
    log = math.log
    sqrt = math.sqrt
    for action in actions:
        edge = edges[action]
        n = edge[0]
        score = edge[1] / n + c * sqrt(log(edge[2]) / n)
        if score > top + 1e-12:
            top = score
            best = [action]
        elif score > top - 1e-12:
            best.append(action)
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]


def forced_choice(view: View, actions: list[Action]) -> Explanation | None:
    """The explanation of the only legal move (nothing to search), or None; no move at all is an error."""
    if not actions:
        raise IllegalActionError(f"seat {view.player} has no action to choose")
    if len(actions) > 1:
        return None
    only = actions[0]
    return Explanation(
        action=only,
        notation=view.action_to_string(only),
        reason="it is your only move",
        candidates=[Candidate(view.action_to_string(only), visits=0)],
        public="it has no other move",
    )


FOUND = Reasons(
    yours="it did best of your moves when the rest of the game was played out from here",
    public="it did best when the rest of the game was played out",
)
"""What a search says of its move where its game has no words for it (``Presentation.choice_reasons``)."""


class SearchAgent(Agent):
    """A tree search with a budget; subclasses say how one iteration runs.

    ``explain`` lists every root action with its visits and its mean return
    for the searching seat (a win probability: returns are 1 for a win) and
    gives the reasons its game finds for the move (``Presentation.choice_reasons``),
    in words; the figures stay in the candidates and ``data``.
    """

    kind = "search"

    def __init__(
        self,
        game: Game,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "policy",
        belief: str = "likely",
    ) -> None:
        if rollout not in PLAYOUTS:
            raise ConfigError(f"rollout must be one of {', '.join(PLAYOUTS)}, not {quote(rollout, 24)}")
        if belief not in BELIEFS:
            raise ConfigError(f"belief must be one of {', '.join(BELIEFS)}, not {quote(belief, 24)}")
        if not is_setting_number(c) or c < 0:
            raise ConfigError(f"c (exploration) must be a number >= 0, not {quote(c, 24)}")
        self.game = game
        self.budget = Budget(iterations, seconds)
        self.c = float(c)
        self.rollout = rollout
        self.playout = PLAYOUTS[rollout]
        self.belief = belief
        self.name = self.kind
        self.bounds: dict[str, int] = {"iterations": 0, "seconds": 0}
        """How many of this agent's searches each bound stopped: the iterations ran out, or the seconds."""

    def sampler(self, view: View) -> Callable[[random.Random], State]:
        """How this search deals the hidden cards of ``view``: by its ``belief``."""
        return view.sample_likely_world if self.belief == "likely" else view.sample_world

    def spec(self) -> str:
        parts = self.budget.spec()
        if self.c != 0.7:
            parts.append(f"c={self.c:g}")
        if self.rollout != "policy":
            parts.append(f"rollout={self.rollout}")
        if self.belief != "likely":
            parts.append(f"belief={self.belief}")
        return self.kind + (":" + ",".join(parts) if parts else "")

    @abstractmethod
    def search(self, view: View, rng: random.Random) -> tuple[dict[Action, Edge], int, float, dict[str, Any]]:
        """Search from ``view``: root edges, iterations run, seconds taken, extra data."""

    def counted_search(self, view: View, rng: random.Random) -> tuple[dict[Action, Edge], int, float, dict[str, Any]]:
        """:meth:`search`, counted in :attr:`bounds` by the bound that stopped it."""
        found = self.search(view, rng)
        self.bounds[self.budget.bound(found[1])] += 1
        return found

    def _ranked(self, view: View, actions: list[Action], edges: dict[Action, Edge]) -> list[Action]:
        """The visited legal actions, most visited first (then the best mean return)."""
        ranked = sorted(
            (a for a in actions if a in edges),
            key=lambda a: (-edges[a][0], -edges[a][1] / max(edges[a][0], 1)),
        )
        if not ranked:
            raise IllegalActionError(f"{self.kind}: the search visited no legal action of seat {view.player}")
        return ranked

    def step(self, view: View, rng: random.Random) -> Action:
        """The move :meth:`explain` gives, without the candidates' notation and the words (the arena's way)."""
        actions = view.legal_actions()
        if len(actions) <= 1:
            return self.explain(view, rng).action
        edges, _, _, _ = self.counted_search(view, rng)
        return self._ranked(view, actions, edges)[0]

    def explain(self, view: View, rng: random.Random) -> Explanation:
        actions = view.legal_actions()
        forced = forced_choice(view, actions)
        if forced is not None:
            return forced
        edges, iterations, seconds, data = self.counted_search(view, rng)
        ranked = self._ranked(view, actions, edges)
        best = ranked[0]
        candidates = [
            Candidate(view.action_to_string(a), value=round(edges[a][1] / edges[a][0], 4), visits=edges[a][0])
            for a in ranked
        ]
        candidates += [Candidate(view.action_to_string(a), visits=0) for a in actions if a not in edges]
        said = presentation_of(self.game).choice_reasons(view, best, ranked[1:3])
        return Explanation(
            action=best,
            notation=view.action_to_string(best),
            reason=said.yours or FOUND.yours,
            candidates=candidates,
            data={
                "search": self.kind,
                "iterations": iterations,
                "seconds": round(seconds, 4),
                "bound": self.budget.bound(iterations),
                **data,
            },
            public=said.public or FOUND.public,
        )
