"""Basra: one agent against another over paired deals, with its CPU time per move.

    python benchmarks/basra_strength.py AGENT OPPONENT [--preset bazzi] [--deals 50] [--seed 0] [--first 0]
    python benchmarks/basra_strength.py AGENT OPPONENT --deck [--deals 100]

Every deal (a seed that drives all of chance) is played twice, AGENT in
each seat, as the arena pairs them. Whole games give AGENT's score (1 a
win, 0 a loss) with a Wilson 95% interval; ``--deck`` instead plays only the
first deck of each game and gives AGENT's mean lead in points over it, with
its standard error: a game lasts about ten decks, so this is the quicker
signal when comparing settings. Both report AGENT's longest and mean CPU
seconds per move (``time.process_time``: the neighbours' load is not counted).
``--first`` starts at that deal, so that runs on several cores can share the
deals of one run (``--first 0 --deals 50`` and ``--first 50 --deals 50`` play
``--deals 100``'s).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from typing import Any, cast

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.games.basra import BasraState
from deckhand.games.basra.captures import BasraAction
from deckhand.play.intervals import wilson


def play(
    game: deckhand.Game, specs: list[str], seat: int, seed: int, deck_only: bool, times: list[float]
) -> BasraState:
    """One game (or its first deck) of the deal ``seed``, AGENT in ``seat``; AGENT's move times go to ``times``."""
    agents = [make_agent(spec, game) for spec in (specs if seat == 0 else specs[::-1])]
    rng = random.Random(seed)
    seat_rngs = [random.Random(rng.getrandbits(64)) for _ in range(2)]
    state = game.new_initial_state()
    assert isinstance(state, BasraState)
    while not state.is_terminal() and not (deck_only and state.deck_no > 1):
        p = state.current_player()
        if p < 0:
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        start = time.process_time()
        action = agents[p].step(state.view(p), seat_rngs[p])
        if p == seat:
            times.append(time.process_time() - start)
        state.apply_action(cast(BasraAction, action))  # an agent's move, of any game: the rules check it
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("agent")
    parser.add_argument("opponent")
    parser.add_argument("--preset", default="bazzi")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--deck", action="store_true", help="play the first deck only; report the lead in points")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = deckhand.load_game("basra", preset=args.preset)
    specs = [args.agent, args.opponent]
    times: list[float] = []
    results: list[float] = []
    for number in range(args.first, args.first + args.deals):
        seed = args.seed * 1_000_003 + number
        for seat in (0, 1):
            state = play(game, specs, seat, seed, args.deck, times)
            if args.deck:
                results.append(state.totals[seat] - state.totals[1 - seat])
            else:
                results.append(state.returns()[seat])
    row: dict[str, Any] = {
        "agent": args.agent,
        "opponent": args.opponent,
        "preset": args.preset,
        "games": len(results),
        "cpu_max_s": round(max(times), 3),
        "cpu_mean_s": round(sum(times) / len(times), 3),
    }
    if args.deck:
        row["lead"] = round(statistics.mean(results), 2)
        row["se"] = round(statistics.stdev(results) / math.sqrt(len(results)), 2)
        print(
            f"{args.agent} vs {args.opponent} ({args.preset}), first deck of {len(results)} games: "
            f"lead {row['lead']:+.2f} ± {row['se']:.2f} points",
            end="",
        )
    else:
        row["score"] = round(sum(results) / len(results), 3)
        row["ci95"] = [round(x, 3) for x in wilson(sum(results), len(results))]
        print(
            f"{args.agent} vs {args.opponent} ({args.preset}), {len(results)} games: "
            f"score {row['score']:.3f} [{row['ci95'][0]:.3f}, {row['ci95'][1]:.3f}]",
            end="",
        )
    print(f"; CPU s/move max {row['cpu_max_s']:.3f} mean {row['cpu_mean_s']:.3f}", flush=True)
    if args.json:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
