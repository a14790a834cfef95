"""Small helpers that make Cambio tests read like the rules."""

from __future__ import annotations

import json
import random
from typing import Any

from deckhand import load_game
from deckhand.games.cambio import CambioGame, CambioState

# Seat 0 gets the first four cards (slots 0-3), seat 1 the next four.
CLASSIC_DEAL = "SA S2 S3 S4  H5 H6 H7 H8"


def game(preset: str = "classic", deck: str = "", **options: Any) -> CambioGame:
    g = load_game("cambio", preset=preset, deck=deck or None, **options)
    assert isinstance(g, CambioGame)
    return g


def table(preset: str = "classic", deck: str = CLASSIC_DEAL, seed: int = 0, **options: Any) -> CambioState:
    """A dealt table: stacked cards first, the rest at random (seeded)."""
    state = game(preset, deck, **options).new_initial_state()
    rng = random.Random(seed)
    while state.phase == 0:  # the deal
        state.apply_action(state.sample_chance_outcome(rng))
    return state


def play(state: CambioState, *moves: str) -> CambioState:
    """Apply notation strings in order (card codes at chance nodes)."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def legal(state: CambioState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def hands(state: CambioState, viewer: int | None = None) -> list[list[str | None]]:
    data = state.to_json() if viewer is None else state.view(viewer).to_json()
    return data["hands"]  # type: ignore[no-any-return]


def snapshot(state: CambioState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)
