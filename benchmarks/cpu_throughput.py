"""Random-playout throughput in CPU time, for before/after comparisons on a busy machine.

    python benchmarks/cpu_throughput.py [--game NAME] [--seconds 0.5] [--runs 5] [--json]

The loop is ``throughput.py``'s (``legal_actions`` + a uniform choice +
``apply_action``, chance by ``sample_chance_outcome``), timed with this
process's CPU time; each preset shows the best of ``--runs`` runs, the run
least disturbed by other processes. Run it once with the old code on
``PYTHONPATH`` and once without, back to back, and compare.
"""

from __future__ import annotations

import argparse
import json
import time

import deckhand
from deckhand.core.registry import game_class
from throughput import playout_run  # the loop, beside this file


def playout_rate(game: deckhand.Game, seconds: float, seed: int) -> float:
    """Actions per CPU second of seeded random games over about ``seconds``."""
    return playout_run(game, seconds, seed, clock=time.process_time)[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name in args.game or deckhand.games():
        presets: list[str | None] = [*game_class(name).PRESETS] or [None]
        for preset in presets:
            game = deckhand.load_game(name) if preset is None else deckhand.load_game(name, preset=preset)
            best = max(playout_rate(game, args.seconds, seed) for seed in range(args.runs))
            rows.append({"game": name, "preset": preset or "-", "actions_per_cpu_s": round(best)})
    if args.json:
        print(json.dumps(rows))
        return
    for r in rows:
        print(f"{r['game']:<12} {r['preset']:<12} {r['actions_per_cpu_s']:>11,} actions/CPU s")


if __name__ == "__main__":
    main()
