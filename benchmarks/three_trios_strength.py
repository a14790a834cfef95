"""Three Trios search strength: a match with CPU time per move, and the 3x3 proved-win check.

    python benchmarks/three_trios_strength.py match A B [--games N] [--seed S] [--preset holes]
    python benchmarks/three_trios_strength.py convert SPEC [--games N] [--seed S]

``match`` plays A against B over the arena's paired deals (the same deals,
seatings and seeds as ``run_arena``, so its score is the arena's) and also
times every move with ``time.process_time``: the levels must answer within a
second of CPU. ``convert`` plays SPEC from N 3x3 positions that the exact
solver proves won for the side to move, against the solver, and counts the
wins, draws and losses (a search should never lose one).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import deckhand
from deckhand.agents.base import Agent, Explanation
from deckhand.agents.registry import make_agent
from deckhand.core.protocol import Action, View
from deckhand.play.arena import schedule
from deckhand.play.intervals import wilson
from deckhand.play.runner import play_game


class Timed(Agent):
    """An agent that keeps the CPU seconds of each of its moves."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []

    def spec(self) -> str:
        return self.inner.spec()

    def step(self, view: View, rng: random.Random) -> Action:
        start = time.process_time()
        action = self.inner.step(view, rng)
        self.times.append(time.process_time() - start)
        return action

    def explain(self, view: View, rng: random.Random) -> Explanation:
        return self.inner.explain(view, rng)


def match(a: str, b: str, games: int, seed: int, preset: str) -> dict[str, Any]:
    """A's score against B over ``games`` arena games, its 95% interval, and both sides' CPU per move."""
    game = deckhand.load_game("three_trios", preset=preset, shuffle=True)
    agents = [Timed(make_agent(a, game)), Timed(make_agent(b, game))]
    total, wins, draws = 0.0, 0, 0
    for number, m in enumerate(schedule(2, 2, games, seed)):
        seated = [agents[i] for i in m.lineup]
        state = play_game(game, seated, random.Random(m.seed))
        got = state.returns()[m.lineup.index(0)]
        total += got
        wins += got == 1.0
        draws += got == 0.5
        if (number + 1) % 10 == 0:
            print(f"  {number + 1} games: {a} scores {total / (number + 1):.3f}", flush=True)
    lo, hi = wilson(total, games)
    row = {
        "agent": a,
        "opponent": b,
        "preset": preset,
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": games - wins - draws,
        "score": round(total / games, 3),
        "ci95": [round(lo, 3), round(hi, 3)],
        "cpu_per_move": {
            spec: {"mean": round(sum(t.times) / len(t.times), 3), "max": round(max(t.times), 3)}
            for spec, t in ((a, agents[0]), (b, agents[1]))
        },
    }
    mine = agents[0].times
    print(
        f"{a} vs {b} ({preset}, {games} games): score {total / games:.3f} (95% {lo:.3f}-{hi:.3f}), "
        f"W/D/L {wins}/{draws}/{games - wins - draws}; CPU per move of {a}: mean {sum(mine) / len(mine):.3f}s, "
        f"max {max(mine):.3f}s"
    )
    return row


def convert(spec: str, positions: int, seed: int) -> dict[str, Any]:
    """Play ``spec`` from 3x3 positions the solver proves won for the side to move, against the solver."""
    game = deckhand.load_game("three_trios", preset="classic", shuffle=True)
    solver = make_agent("solver", game)
    agent = make_agent(spec, game)
    rng = random.Random(seed)
    tally = {"positions": 0, "won": 0, "drawn": 0, "lost": 0}
    while tally["positions"] < positions:
        state = game.new_initial_state()
        stop = rng.randrange(0, 8)
        while state.is_chance_node() or (stop > 0 and not state.is_terminal()):
            if not state.is_chance_node():
                stop -= 1
            state.apply_action(state.rollout_action(rng))
        if state.is_terminal():
            continue
        me = state.current_player()
        verdict = solver.explain(state.view(me), rng)
        if verdict.data.get("result") != "win":
            continue
        tally["positions"] += 1
        seats = [agent, solver] if me == 0 else [solver, agent]
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(seats[p].step(state.view(p), rng))
        result = state.returns()[me]
        tally["won" if result == 1.0 else "drawn" if result > 0 else "lost"] += 1
    print(f"{spec} from {tally['positions']} proved-won 3x3 positions against the solver: {tally}")
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("match", "convert"))
    parser.add_argument("specs", nargs="+")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--preset", default="holes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.what == "match":
        if len(args.specs) != 2:
            parser.error("match takes two agent specs")
        row = match(args.specs[0], args.specs[1], args.games, args.seed, args.preset)
    else:
        row = convert(args.specs[0], args.games, args.seed)
    if args.json:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
