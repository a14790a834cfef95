"""Worlds dealt for a seat agree with the whole history, not only with what the table knows now.

Two checks read the history: one here, independently of ``memory.py``, per
seat and rank (since its last "go fish" for that rank, or since it gave them
away, the seat can hold no more of them than the unseen cards it has drawn
since, a go-fish draw that was not shown excepted for the rank asked); and
``memory.fits``, which asks every count of the history at once, and which
the true hands always pass.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

import pytest

import deckhand
from deckhand.games.go_fish import GoFishState
from deckhand.games.go_fish.memory import fits, read_memory
from deckhand.games.go_fish.state import ASK, DEAL, FISH, ask_parts, rank_of


def _bounds(history: list[Hashable], players: int, hand_size: int) -> list[dict[int, int]]:
    """Per seat: rank -> the most unseen cards of it the seat may hold, from the public history alone."""
    game = deckhand.load_game("go_fish", players=players, hand_size=hand_size)
    state = game.new_initial_state()
    assert isinstance(state, GoFishState)
    most: list[dict[int, int]] = [{} for _ in range(players)]
    for action in history:
        phase, seat, asking = state.phase, state.player, state.asking
        assert isinstance(action, int)
        parts = ask_parts(action) if phase == ASK else None
        books_before = [len(b) for b in state.books]
        state.apply_action(action)
        if parts is not None:
            most[parts[0]][parts[1]] = 0  # it gave them all, or had none
        elif phase != DEAL:
            shown = phase == FISH and rank_of(action) == asking
            if not shown:
                for r in list(most[seat]):
                    if not (phase == FISH and r == asking):
                        most[seat][r] += 1
        for q in range(players):
            if len(state.books[q]) != books_before[q]:
                for m in most:
                    m.pop(state.books[q][-1], None)
    return most


def _positions(players: int, games: int) -> list[GoFishState]:
    game = deckhand.load_game("go_fish", players=players)
    out = []
    for seed in range(games):
        state = game.new_initial_state()
        rng = random.Random(seed)
        assert isinstance(state, GoFishState)
        while not state.is_terminal():
            if state.current_player() >= 0:
                out.append(state.clone())
            state.apply_action(
                state.sample_chance_outcome(rng) if state.is_chance_node() else state.rollout_action(rng)
            )
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_worlds_agree_with_every_ask_answer_and_draw(players: int) -> None:
    """Every world keeps every count the history fixed, and the view's facts."""
    rng = random.Random(players)
    for state in _positions(players, 6):
        most = _bounds(state.history(), players, state.game.hand_size)
        memory = read_memory(state)
        assert memory is not None
        for seat in range(players):
            view = state.view(seat)
            world = view.sample_world(rng)
            assert isinstance(world, GoFishState)
            assert world.view(seat) == view
            for q, hand in enumerate(world.hands):
                if q == seat:
                    assert sorted(hand) == sorted(state.hands[q])
                    continue
                unseen = Counter(rank_of(c) for c in hand if not world.seen[q] >> c & 1)
                seen = Counter(rank_of(c) for c in hand if world.seen[q] >> c & 1)
                assert all(unseen[r] + seen[r] < 4 for r in range(13))
                assert all(unseen[r] + seen[r] for r in range(13) if world.holds[q] >> r & 1)
                assert all(unseen[r] <= limit for r, limit in most[q].items())
                assert fits(memory[q], list(unseen.elements()))


@pytest.mark.parametrize("players", [2, 4])
def test_the_true_hands_fit_the_memory(players: int) -> None:
    for state in _positions(players, 10):
        memory = read_memory(state)
        assert memory is not None
        for q, hand in enumerate(state.hands):
            assert fits(memory[q], [rank_of(c) for c in hand if not state.seen[q] >> c & 1])


def test_a_world_does_not_count_one_draw_twice() -> None:
    """Two ranks counted out before a single unseen draw: a world holds one of them at most."""
    game = deckhand.load_game("go_fish", players=2, hand_size=7)
    for seed in range(40):
        state = game.new_initial_state()
        rng = random.Random(seed)
        assert isinstance(state, GoFishState)
        while not state.is_terminal():
            state.apply_action(
                state.sample_chance_outcome(rng) if state.is_chance_node() else state.rollout_action(rng)
            )
            memory = read_memory(state)
            assert memory is not None
            other = memory[1]
            if len(other.slots) < 2:
                continue
            before, last = other.slots[-2][0], other.slots[-1][0]
            ranks = [r for r in range(13) if before < other.since[r] < last]
            if len(ranks) >= 2:  # only the last draw may be of these ranks
                view = state.view(0)
                for _ in range(20):
                    world = view.sample_world(rng)
                    assert isinstance(world, GoFishState)
                    held = {rank_of(c) for c in world.hands[1] if not world.seen[1] >> c & 1}
                    assert len(held & set(ranks)) <= 1
                return
    pytest.fail("no position with two ranks counted out before one draw in 40 games")
