"""Casino search strength against the greedy player, with the CPU time of every searched move.

    python benchmarks/casino_search.py [--agent SPEC] [--opponent greedy] [--games N] [--seed S] [--json]
    python benchmarks/casino_search.py --think [--agent SPEC] [--positions N]

The first form plays the arena (paired deals, one process) and reports the
agent's score with its 95% interval, and the mean and longest CPU time of
its searched moves (moves with a single legal action are not searched).
``--think`` times the agent at the first decision of rounds, where a playout
runs longest (to the end of the round), to check a budget against 1 s per move.
Times are this process's CPU time, so they hold on a busy machine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import deckhand
from deckhand.agents import search
from deckhand.agents.base import Explanation
from deckhand.agents.registry import make_agent
from deckhand.core.protocol import View
from deckhand.play.arena import run_arena


def timed_arena(spec: str, opponent: str, games: int, seed: int) -> dict[str, Any]:
    """The arena's summary for ``spec``, with the CPU seconds of its searched moves."""
    times: list[float] = []
    explain = search.SearchAgent.explain

    def timed(self: search.SearchAgent, view: View, rng: random.Random) -> Explanation:
        many = len(view.legal_actions()) > 1
        start = time.process_time()
        out = explain(self, view, rng)
        if many:
            times.append(time.process_time() - start)
        return out

    search.SearchAgent.explain = timed  # type: ignore[method-assign]
    try:
        result = run_arena("casino", [spec, opponent], options={}, games=games, seed=seed, workers=1)
    finally:
        search.SearchAgent.explain = explain  # type: ignore[method-assign]
    mine = result.summary[0]
    return {
        "agent": spec,
        "opponent": opponent,
        "games": mine.games,
        "wins": mine.wins,
        "shared": mine.shared,
        "score": round(mine.score, 4),
        "ci95": [round(x, 4) for x in mine.ci95],
        "seed": seed,
        "moves": len(times),
        "cpu_mean": round(statistics.mean(times), 4) if times else None,
        "cpu_max": round(max(times), 4) if times else None,
    }


def round_openings(game: deckhand.Game, count: int) -> list[deckhand.State]:
    """The first decision (with a choice) of each round of seeded greedy-against-greedy games."""
    greedy = make_agent("greedy", game)
    out: list[deckhand.State] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        seed += 1
        state = game.new_initial_state()
        last = 0
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            seat = state.current_player()
            start_of_round = state.round != last  # type: ignore[attr-defined]
            if start_of_round and len(state.legal_actions()) > 1:
                out.append(state.clone())
                last = state.round  # type: ignore[attr-defined]
            state.apply_action(greedy.step(state.view(seat), rng))
    return out


def think(spec: str, positions: int) -> dict[str, Any]:
    """Mean and longest CPU seconds of ``spec`` at round openings."""
    game = deckhand.load_game("casino")
    agent = make_agent(spec, game)
    rng = random.Random(1)
    times = []
    for state in round_openings(game, positions):
        start = time.process_time()
        agent.step(state.view(state.current_player()), rng)
        times.append(time.process_time() - start)
    return {"agent": spec, "positions": len(times), "cpu_mean": statistics.mean(times), "cpu_max": max(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agent", default=deckhand.load_game("casino").LEVELS["hard"], help="the search spec")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--think", action="store_true", help="time the agent at round openings instead")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    row = (
        think(args.agent, args.positions)
        if args.think
        else timed_arena(args.agent, args.opponent, args.games, args.seed)
    )
    if args.json:
        print(json.dumps(row))
        return
    for key, value in row.items():
        print(f"{key:>10}: {value:.3f}" if isinstance(value, float) else f"{key:>10}: {value}")


if __name__ == "__main__":
    main()
