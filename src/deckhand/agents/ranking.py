"""Rank every legal action of a view by its estimated chance of winning.

The figure means the same in every engine and at every decision: the chance
that the seat wins the game if it takes the action now, hidden cards dealt
as the view makes likely (``View.sample_likely_world``), and every seat then
deciding from what it knows: the others as the game's playout policy plays
them, this seat as the policy plays or, in a tree search, as the search
found better where it has looked enough. Three engines sit behind one
interface, :func:`rank_actions` (a view, a budget, an rng -> ranked
candidates):

* ``flat``: determinized flat Monte Carlo. Each round samples one world
  consistent with the view and plays every action still in the race once
  from it with the game's rollout policy to the end. Playing all actions on
  the same world compares them on the same hidden cards, which cuts the noise
  of the comparison; an action whose upper confidence bound falls below the
  leader's lower bound leaves the race, so the budget goes to the actions
  that could still be best.
* ``ismcts`` / ``openloop``: the shared search agents; their ``explain``
  candidates (visits and values) are the ranking, most visited first (the
  move a tree search trusts most). ``ismcts`` is the default where it exists.

The agents' own defaults would not give that figure (:data:`SEARCH_SETTINGS`
says how they are set here): in the paper's single-observer tree the other
seats decide on the searcher's information, blind to the cards they draw,
so the searcher wins far more often than at a table (92% where flat search
said 77%, in a stick window, where few moves at the root let the tree reach
the opponents' next turn soon); and each new node's move tried at random
counts in the mean, which pulls it down.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from deckhand.core.errors import ConfigError
from deckhand.core.protocol import Action, Game, State, View
from deckhand.core.turns import CHANCE, TERMINAL

ENGINES = ("flat", "ismcts", "openloop")
ENGINE_WORDS = {
    "flat": "every move played out from the same deals",
    "ismcts": "your move searched; your later moves too, once a line has 300 playouts",
    "openloop": "your move searched; the playout policy plays on, as the tree cannot see your draws",
}
"""What each engine did, said with its advice: ``openloop`` and ``ismcts`` search your move alike, so on the
same deals they give the same figures until ``ismcts`` has looked often enough to plan your later moves."""


@dataclass(frozen=True)
class Ranked:
    """One candidate: notation (game seats), estimated win chance and the playouts behind it."""

    notation: str
    action: Action | None
    win: float
    playouts: int


def playout(state: State, rng: random.Random, player: int) -> float:
    """Play ``state`` to the end with the game's rollout policy; ``player``'s return."""
    while True:
        to_move = state.current_player()
        if to_move == TERMINAL:
            return state.returns()[player]
        if to_move == CHANCE:
            state.apply_legal(state.sample_chance_outcome(rng))
        else:
            state.apply_legal(state.rollout_action(rng))


MAX_PLAYOUTS = 1_000_000
"""The most playouts one advice may ask for (a few minutes of search); more is surely a typo."""
MAX_SECONDS = 600.0
"""The longest one advice may think."""


def check_budget(playouts: int | None, seconds: float | None, where: str = "advice") -> None:
    """``ConfigError`` unless the budget is a sane one: 1 to a million playouts, up to ten minutes."""
    if playouts is not None and not 1 <= playouts <= MAX_PLAYOUTS:
        raise ConfigError(f"{where}: playouts must be from 1 to {MAX_PLAYOUTS:,}, not {playouts}")
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:
        raise ConfigError(f"{where}: seconds must be more than 0 and at most {MAX_SECONDS:g}, not {seconds:g}")


def _budget(playouts: int | None, seconds: float | None) -> tuple[int, float]:
    if playouts is None and seconds is None:
        playouts = 10_000
    limit = playouts if playouts is not None else 1 << 62
    deadline = time.perf_counter() + seconds if seconds is not None else math.inf
    return limit, deadline


def flat_monte_carlo(
    view: View, *, playouts: int | None = None, seconds: float | None = None, rng: random.Random, z: float = 3.0
) -> list[Ranked]:
    """Determinized flat Monte Carlo with racing; best first."""
    actions = view.legal_actions()
    if not actions:
        return []
    limit, deadline = _budget(playouts, seconds)
    player = view.player
    wins = [0.0] * len(actions)
    counts = [0] * len(actions)
    active = list(range(len(actions)))
    done = 0
    rounds = 0
    while done < limit and time.perf_counter() < deadline:
        world = view.sample_likely_world(rng)
        for k in active:
            state = world.clone()
            state.apply_legal(actions[k])
            wins[k] += playout(state, rng, player)
            counts[k] += 1
            done += 1
            if done >= limit:
                break
        rounds += 1
        if rounds % 16 == 0 and len(active) > 2:
            active = _race(active, wins, counts, z)
    ranked = [
        Ranked(view.action_to_string(a), a, wins[k] / counts[k] if counts[k] else 0.0, counts[k])
        for k, a in enumerate(actions)
    ]
    ranked.sort(key=lambda r: (-r.win, -r.playouts))
    return ranked


def _race(active: list[int], wins: list[float], counts: list[int], z: float) -> list[int]:
    """Drop actions that are clearly worse than the leader (Hoeffding-style bounds)."""

    def mean(k: int) -> float:
        return wins[k] / counts[k]

    def half(k: int) -> float:
        return z * math.sqrt(0.25 / counts[k])

    leader = max(active, key=mean)
    floor = mean(leader) - half(leader)
    kept = [k for k in active if mean(k) + half(k) >= floor]
    if len(kept) < 2:
        kept = sorted(active, key=mean, reverse=True)[:2]
    return kept


OPEN_LOOP_TRUST = 1 << 40
"""More visits than any budget: an open-loop node cannot tell the searcher's later draws apart, so the policy plays."""

SEARCH_SETTINGS = {
    "ismcts": "opponents=policy,trust=300,widen=0.1",
    "openloop": f"opponents=policy,trust={OPEN_LOOP_TRUST}",
}
"""How the tree engines search for advice: the others decide from their own knowledge (by the playout
policy, as in ``flat``), and a node below the root plays the policy until it has been visited often
enough for the search to judge better (the information-set tree after 300 visits; the open-loop tree
never, as it cannot see what the searcher will draw)."""


def agent_ranking(
    view: View, engine: str, *, playouts: int | None = None, seconds: float | None = None, rng: random.Random
) -> list[Ranked]:
    """The shared search agent's ranking: its candidates, most visited first."""
    from deckhand.agents.registry import make_agent

    settings = [SEARCH_SETTINGS[engine]] if engine in SEARCH_SETTINGS else []
    if playouts is not None or seconds is None:
        settings.append(f"iterations={playouts or 10_000}")
    if seconds is not None:
        settings.append(f"seconds={seconds}")
    agent = make_agent(f"{engine}:{','.join(settings)}", view.game)
    explanation = agent.explain(view, rng)
    by_notation = {view.action_to_string(a): a for a in view.legal_actions()}
    ranked = [
        Ranked(c.notation, by_notation.get(c.notation), c.value if c.value is not None else 0.0, c.visits or 0)
        for c in explanation.candidates
    ]
    seen = {r.notation for r in ranked}
    ranked.extend(Ranked(n, a, 0.0, 0) for n, a in by_notation.items() if n not in seen)
    ranked.sort(key=lambda r: (-r.playouts, -r.win))
    return ranked


def default_engine(game: Game) -> str:
    """The shared ISMCTS agent when this install has it, else flat Monte Carlo."""
    from deckhand.agents.registry import available_agents

    return "ismcts" if "ismcts" in available_agents(game) else "flat"


def rank_actions(
    view: View,
    *,
    playouts: int | None = None,
    seconds: float | None = None,
    rng: random.Random,
    engine: str = "flat",
) -> list[Ranked]:
    """Every legal action of ``view.player``, best first, with its estimated win chance."""
    if engine == "flat":
        return flat_monte_carlo(view, playouts=playouts, seconds=seconds, rng=rng)
    return agent_ranking(view, engine, playouts=playouts, seconds=seconds, rng=rng)
