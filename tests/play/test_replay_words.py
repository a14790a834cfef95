"""A replay tells every move in a player's words, seats named: no notation, nothing counted from zero.

``deckhand replay`` prints :func:`deckhand.play.tell.moves_in_words`; Go Fish's notation names seats
from zero (``ask 0 9``) and Three Trios' cells (``wendigo 0,0``), so a replay that echoed it would count
seats from one in its header and from zero in its moves.
"""

from __future__ import annotations

import random
import re

import pytest

import deckhand
from deckhand.play.tell import moves_in_words
from deckhand.testing.words import sentence_faults


def _played(name: str, seed: int) -> tuple[deckhand.State, list[str]]:
    """A seeded game of random moves: its start and its actions in notation."""
    game = deckhand.load_game(name)
    state = game.new_initial_state()
    start = state.clone()
    rng = random.Random(seed)
    typed: list[str] = []
    while not state.is_terminal():
        action = state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        typed.append(state.action_to_string(action))
        state.apply_action(action)
    return start, typed


@pytest.mark.parametrize("name", deckhand.games())
def test_a_replay_tells_each_move_in_words_only(name: str) -> None:
    start, typed = _played(name, 3)
    names = [f"Player {seat + 1}" for seat in range(start.game.num_players)]
    lines = moves_in_words(start, typed, names)
    assert any(re.match(r"^ +\d+\. ", line) for line in lines), lines
    notations = set(typed)
    for line in lines:
        said = re.sub(r"^ +(\d+\. )?", "", line)
        assert not any(f"({text})" in said for text in notations), f"notation after a move: {line!r}"
        assert not re.search(r"\bseat 0\b|\bask 0\b|\b\d,\d\b", said), f"counted from zero: {line!r}"
        assert not sentence_faults(said, notations), (line, sentence_faults(said, notations))
