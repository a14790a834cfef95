"""The computer levels' fixed ratings in each rating pool, measured by the arena among the levels.

    python benchmarks/level_ratings.py [--games 300] [--workers 2] [POOL ...]

A pool is a game and its preset (``go_fish/standard``); by default every
pool of every game. For each, ``deckhand arena`` plays the game's levels
against each other (every deal once per seating, ``--games`` games in all,
not stored) and fits Bradley-Terry ratings on the chess scale; they are
shifted so that the ``medium`` level sits at 1500, where a newcomer starts.
Printed per pool: each level's rating, its games and score, and the line
to put in ``deckhand.play.rated.LEVELS``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from deckhand.core.registry import game_class, games, load_game

ANCHOR = "medium"


def pools() -> list[tuple[str, str]]:
    """Every (game, preset) there is (a pool of partnerships is refused by :func:`measure`)."""
    found = []
    for name in games():
        for preset in getattr(game_class(name), "PRESETS", None) or {}:
            found.append((name, preset))
    return found


def measure(game: str, preset: str, count: int, workers: int) -> dict[str, object] | None:
    """The levels' ratings in one pool, from one arena run; None for a pool of partnerships."""
    loaded = load_game(game, preset=preset)
    if any(len(side) > 1 for side in loaded.teams()):
        # The arena seats the levels round the table in turn: three levels at four seats put one of them on
        # both sides (it scored exactly half), so a partnership's ratings need each level at both seats of a
        # side, and a fit of the rating model's team odds; until then such a pool is not measured.
        return None
    levels = list(loaded.LEVELS)
    command = [sys.executable, "-m", "deckhand.cli", "arena", game, "--preset", preset, "--agents", ",".join(levels)]
    command += ["-n", str(count), "-w", str(workers), "--no-store", "--json"]
    started = time.perf_counter()
    ran = subprocess.run(command, capture_output=True, text=True, check=True)
    agents = json.loads(ran.stdout)["agents"]
    anchor = next((a["elo"] for a in agents if a["name"] == ANCHOR), 1500.0)
    return {
        "pool": f"{game}/{preset}",
        "seconds": round(time.perf_counter() - started),
        "levels": {a["name"]: round(a["elo"] - anchor + 1500) for a in agents},
        "record": {a["name"]: (a["games"], a["score"]) for a in agents},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pools", nargs="*", help="game/preset (default: every pool)")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    chosen = [tuple(p.split("/", 1)) for p in args.pools] if args.pools else pools()
    for game, preset in chosen:
        found = measure(game, preset, args.games, args.workers)
        if found is None:
            print(f"{game}/{preset}: not measured: partnerships need each level at both seats of a side", flush=True)
            continue
        print(f"{found['pool']}: {found['levels']}  games and score: {found['record']}  ({found['seconds']} s)")
        print(f'    "{found["pool"]}": {json.dumps(found["levels"])},', flush=True)


if __name__ == "__main__":
    main()
