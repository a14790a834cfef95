"""Cambio's search hot loop: sample_world, information_key, clone, and playouts.

    python benchmarks/cambio_speed.py [--preset classic|house] [--players N] [--seconds 1.0]

ISMCTS from the opening needs, per iteration, a view's ``sample_world``, a
playout (uniform or ``rollout_action``) and a few ``information_key`` calls;
this prints each cost on positions from random games. One process, one core.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from deckhand import load_game
from deckhand.core.protocol import view_as
from deckhand.games.cambio import CambioState, CambioView


def positions(preset: str, players: int, count: int, seed: int) -> list[CambioState]:
    game = load_game("cambio", preset=preset, players=players)
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        state = game.new_initial_state()
        for _ in range(rng.randrange(10, 60)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                actions = [a for a in state.legal_actions() if state.action_to_string(a) != "cambio"]
                state.apply_action(actions[int(rng.random() * len(actions))])
        if not state.is_terminal():
            assert isinstance(state, CambioState)
            out.append(state)
    return out


T = TypeVar("T")


def per_call(fn: Callable[[T], object], items: Sequence[T], seconds: float) -> float:
    """Microseconds per call of ``fn(item)``, cycling over ``items`` for about ``seconds``."""
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for item in items:
            fn(item)
        calls += len(items)
    return (time.perf_counter() - start) / calls * 1e6


def playout(state: CambioState, rng: random.Random, smart: bool) -> int:
    n = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        elif smart:
            state.apply_action(state.rollout_action(rng))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
        n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    states = positions(args.preset, args.players, 50, 1)
    rng = random.Random(2)
    views = [view_as(s.view(s.current_player() if s.current_player() >= 0 else 0), CambioView) for s in states]
    print(f"cambio {args.preset}, {args.players} players, {len(states)} mid-game positions")
    print(f"  clone()              {per_call(lambda s: s.clone(), states, args.seconds):8.2f} µs")
    print(f"  view(p)              {per_call(lambda s: s.view(0), states, args.seconds):8.2f} µs")
    print(f"  view.sample_world()  {per_call(lambda v: v.sample_world(rng), views, args.seconds):8.2f} µs")
    print(f"  information_key(p)   {per_call(lambda s: s.information_key(0), states, args.seconds):8.2f} µs")
    game = load_game("cambio", preset=args.preset, players=args.players)
    opening = game.new_initial_state()
    while opening.is_chance_node():
        opening.apply_action(opening.sample_chance_outcome(rng))
    assert isinstance(opening, CambioState)
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < args.seconds:
        actions += playout(view_as(opening.view(0), CambioView).sample_world(rng), rng, True)
        games += 1
    elapsed = time.perf_counter() - start
    print(
        f"  from the opening: view + sample + rollout_action playouts: {games / elapsed:9,.0f} /s, "
        f"{actions / games:5.1f} actions each"
    )
    for smart in (False, True):
        actions = 0
        games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            for v in views:
                actions += playout(v.sample_world(rng), rng, smart)
                games += 1
        elapsed = time.perf_counter() - start
        kind = "rollout_action" if smart else "uniform"
        print(
            f"  sample + {kind:15s} playouts: {games / elapsed:9,.0f} /s, {actions / elapsed:10,.0f} actions/s, "
            f"{actions / games:5.1f} actions each"
        )


if __name__ == "__main__":
    main()
