"""Cambio random playouts through the public API beside a plain, optimized pure-Python Cambio.

    python benchmarks/cambio_reference.py REFERENCE_DIR [--seconds 1.0] [--rounds 5] [--policy uniform|nocall]

``REFERENCE_DIR`` holds ``cambio_fast.py``, a simplified two-player Cambio
written for speed with a ``legal_actions`` / ``apply`` API (its rules differ
from deckhand's: no sticking, no chance nodes, fewer powers). Both play
uniformly random legal moves; ``nocall`` never calls Cambio (long games). The
measure is player decisions per second (chance outcomes are not decisions);
the two run interleaved, a slice each per round, so that the machine's load
falls on both alike, and the ratio is the median of the rounds' ratios.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import deckhand
from deckhand.games.cambio.actions import A_CAMBIO


def load_reference(folder: Path) -> ModuleType:
    path = folder / "cambio_fast.py"
    if not path.is_file():
        raise SystemExit(f"cambio_reference: no cambio_fast.py in {folder}")
    spec = importlib.util.spec_from_file_location("cambio_fast", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def deckhand_game(nocall: bool) -> Callable[[random.Random], int]:
    """One random game of two-seat classic Cambio through the public API; its decisions."""
    game = deckhand.load_game("cambio", preset="classic")

    def play(rng: random.Random) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            legal = state.legal_actions()
            if nocall and len(legal) > 1 and A_CAMBIO in legal:
                legal = [a for a in legal if a != A_CAMBIO]
            state.apply_action(legal[int(rng.random() * len(legal))])
            decisions += 1
        return decisions

    return play


def reference_game(ref: ModuleType, nocall: bool) -> Callable[[random.Random], int]:
    def play(rng: random.Random) -> int:
        return int(ref.api_game(rng.random, nocall=nocall)[2])

    return play


def rate(play: Callable[[random.Random], int], seconds: float, rng: random.Random) -> float:
    """Decisions per second over about ``seconds``."""
    decisions = 0
    start = time.perf_counter()
    while True:
        for _ in range(20):
            decisions += play(rng)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reference", type=Path, help="the folder holding cambio_fast.py")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one slice")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--policy", choices=("uniform", "nocall"), default="uniform")
    args = parser.parse_args()
    nocall = args.policy == "nocall"
    ours = deckhand_game(nocall)
    theirs = reference_game(load_reference(args.reference), nocall)
    rng = random.Random(1)
    rate(ours, 0.3, rng), rate(theirs, 0.3, rng)  # warm-up
    rows = []
    for _ in range(args.rounds):
        a = rate(ours, args.seconds, rng)
        b = rate(theirs, args.seconds, rng)
        rows.append((a, b))
    python = sys.version.split()[0]
    print(f"policy {args.policy}, {args.rounds} rounds of {args.seconds:g} s each, interleaved (Python {python})")
    print(f"deckhand  decisions/s {statistics.median(a for a, _ in rows):>12,.0f}")
    print(f"reference decisions/s {statistics.median(b for _, b in rows):>12,.0f}")
    print(f"ratio (median of rounds) {statistics.median(a / b for a, b in rows):.3f}")


if __name__ == "__main__":
    main()
