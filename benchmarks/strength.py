"""Strength ladders: each rung plays the one below it in the arena, with 95% intervals.

    python benchmarks/strength.py [--game NAME] [--games N] [--seed S] [--workers K] [--json]
    python benchmarks/strength.py --think [--game NAME] [--games N]
    python benchmarks/strength.py --trios SPEC [--games N]

A ladder climbs from the random agent through the sources' strategies to the
search levels; every rung plays its neighbour below (and the search also
plays the source's strongest strategy) over paired deals, so a run is
reproducible from its seed; each ladder has its own number of games per rung,
enough for the intervals to separate. The table gives the upper agent's score
(mean return: 1 a win, 0 a loss) with a Wilson interval. ``--think`` instead
times each difficulty level: the longest and mean CPU time per move over
seeded games against the random agent (every level must answer within 1 s).
``--trios SPEC`` plays SPEC from N 3x3 Three Trios positions that the solver
proves won for the side to move, against the solver, and counts how many it
converts.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.play.arena import run_arena
from three_trios_strength import convert  # the 3x3 proved-win check, beside this file

# game -> (label, options, rungs as (upper, lower, games) unless --games says how many).
# The counts are what it takes for each rung's interval to clear one half: the
# Cambio app report's easy player is barely better than random.
LADDERS: list[tuple[str, str, dict[str, Any], list[tuple[str, str, int]]]] = [
    (
        "cambio",
        "classic, 2 players",
        {"preset": "classic"},
        [("seed-easy", "random", 200_000), ("seed-hard", "seed-easy", 2000), ("hard", "seed-hard", 20_000)],
    ),
    (
        "three_trios",
        "5x5 holes, shuffled",
        {"preset": "holes", "shuffle": True},
        [
            ("corner", "random", 200),
            ("flip-most", "corner", 200),
            ("minimax", "flip-most", 200),
            ("hard", "minimax", 200),
            ("expert", "minimax", 200),
        ],
    ),
    (
        "basra",
        "bazzi",
        {},
        [("classic", "random", 100), ("greedy", "classic", 100), ("hard", "greedy", 60)],
    ),
    (
        "casino",
        "ramapo",
        {},
        [("greedy", "random", 100), ("hard", "greedy", 100)],
    ),
]


def ladder(name: str, games: int | None, seed: int, workers: int) -> list[dict[str, Any]]:
    rows = []
    for game, label, options, rungs in LADDERS:
        if name and game != name:
            continue
        for upper, lower, default_games in rungs:
            start = time.perf_counter()
            result = run_arena(
                game, [upper, lower], options=options, games=games or default_games, seed=seed, workers=workers
            )
            top = result.summary[0]
            rows.append(
                {
                    "game": game,
                    "variant": label,
                    "agent": upper,
                    "opponent": lower,
                    "games": top.games,
                    "score": round(top.score, 3),
                    "ci95": [round(top.ci95[0], 3), round(top.ci95[1], 3)],
                    "seconds": round(time.perf_counter() - start, 1),
                }
            )
            print_row(rows[-1])
    return rows


def print_row(row: dict[str, Any]) -> None:
    lo, hi = row["ci95"]
    print(
        f"| {row['game']} ({row['variant']}) | {row['agent']} | {row['opponent']} | {row['games']} "
        f"| {row['score']:.3f} | {lo:.3f}–{hi:.3f} |",
        flush=True,
    )


def think_times(name: str, games: int, seed: int) -> list[dict[str, Any]]:
    """Longest and mean CPU seconds per move of every level, over seeded games against random."""
    rows = []
    for game_name in deckhand.games():
        if name and game_name != name:
            continue
        game = deckhand.load_game(game_name)
        for level, spec in game.LEVELS.items():
            agent = make_agent(level, game)
            opponent = make_agent("random", game)
            times: list[float] = []
            for number in range(games):
                rng = random.Random(seed + number)
                seats = [random.Random(rng.getrandbits(64)) for _ in range(game.num_players)]
                me = number % game.num_players
                state = game.new_initial_state()
                while not state.is_terminal():
                    p = state.current_player()
                    if p < 0:
                        state.apply_action(state.sample_chance_outcome(rng))
                        continue
                    if p == me:
                        start = time.process_time()
                        action = agent.step(state.view(p), seats[p])
                        times.append(time.process_time() - start)
                    else:
                        action = opponent.step(state.view(p), seats[p])
                    state.apply_action(action)
            row = {
                "game": game_name,
                "level": level,
                "spec": spec,
                "moves": len(times),
                "max_s": round(max(times), 3),
                "mean_s": round(sum(times) / len(times), 3),
            }
            rows.append(row)
            print(f"| {game_name} | {level} | {spec} | {row['moves']} | {row['mean_s']:.3f} | {row['max_s']:.3f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="")
    parser.add_argument("--games", type=int, help="games per rung (default: each ladder's own count)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--think", action="store_true", help="time the difficulty levels instead")
    parser.add_argument("--trios", metavar="SPEC", help="check SPEC converts solver-proved 3x3 wins instead")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows: Any
    if args.trios:
        rows = convert(args.trios, args.games or 40, args.seed)
    elif args.think:
        print("| game | level | spec | moves | mean CPU s | max CPU s |\n|---|---|---|---|---|---|")
        rows = think_times(args.game, args.games or 6, args.seed)
    else:
        print("| game | agent | opponent | games | score | 95% interval |\n|---|---|---|---|---|---|")
        rows = ladder(args.game, args.games, args.seed, args.workers)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
