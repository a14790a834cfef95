"""The legal moves, in their order, stay what they were when the generator was rewritten for speed.

The digests were recorded with the earlier (slower) generator: seeded games,
half the moves builds or increases when there are any, so that multiple
builds, take-overs and the keep rule all come up, under both ace options.
"""

from __future__ import annotations

import hashlib
import random

import pytest

import deckhand

RECORDED = {
    "ramapo": "865673b09f861774db0f7f16f3aa556176e4a55b3faa6d07c86e1007d1b851de",
    "aces-either": "3bdd12594a7ee33222b0bbac11cfaff8a9de46ecb1ad6008134058db2d2d8234",
}


def move_digest(preset: str, games: int = 60) -> tuple[str, int]:
    """A hash of every legal-move list (in notation) met in ``games`` seeded games, and how many lists."""
    game = deckhand.load_game("casino", preset=preset)
    digest = hashlib.sha256()
    lists = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            actions = state.legal_actions()
            digest.update("|".join(state.action_to_string(a) for a in actions).encode())
            digest.update(b"\n")
            lists += 1
            building = [a for a in actions if a[0] in ("build", "increase")]
            pool = building if building and rng.random() < 0.5 else actions
            state.apply_action(pool[int(rng.random() * len(pool))])
    return digest.hexdigest(), lists


@pytest.mark.parametrize("preset", sorted(RECORDED))
def test_legal_moves_and_their_order_are_unchanged(preset: str) -> None:
    assert move_digest(preset)[0] == RECORDED[preset]
