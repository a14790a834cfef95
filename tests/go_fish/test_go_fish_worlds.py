"""Worlds dealt for a seat agree with the whole history, not only with what the table knows now.

The check here reads the history itself, independently of the state's
memory (``GoFishState.slots``): for every other seat and rank, since its
last "go fish" for that rank (or since it gave them away) the seat can hold
no more of them than the unseen cards it has drawn since, a go-fish draw
that was not shown excepted for the rank asked.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

import pytest

import deckhand
from deckhand.games.go_fish import GoFishState
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
    """Nearly every world keeps every bound the history sets; the rest keep what the view shows.

    The table's memory strikes a card that was handed over from the cards
    that may be of its rank, narrowest first; after a go-fish draw that is
    not always the card it was, and a few positions' facts then admit no
    deal: those worlds keep the per-rank counts and the view's facts only.
    """
    rng = random.Random(players)
    worlds = broken = 0
    for state in _positions(players, 6):
        most = _bounds(state.history(), players, state.game.hand_size)
        for seat in range(players):
            view = state.view(seat)
            world = view.sample_world(rng)
            assert isinstance(world, GoFishState)
            assert world.view(seat) == view
            worlds += 1
            for q, hand in enumerate(world.hands):
                if q == seat:
                    assert sorted(hand) == sorted(state.hands[q])
                    continue
                unseen = Counter(rank_of(c) for c in hand if not world.seen[q] >> c & 1)
                seen = Counter(rank_of(c) for c in hand if world.seen[q] >> c & 1)
                assert all(unseen[r] + seen[r] < 4 for r in range(13))
                assert all(unseen[r] + seen[r] for r in range(13) if world.holds[q] >> r & 1)
                assert len(world.slots[q]) == sum(unseen.values())
                if any(unseen[r] > limit for r, limit in most[q].items()):
                    broken += 1
                    break
    print(f"{players} players: {broken} of {worlds} worlds break a bound of the history")
    assert broken <= worlds * 0.02


def test_the_memory_keeps_one_mask_per_unseen_card() -> None:
    for state in _positions(4, 10):
        for q, hand in enumerate(state.hands):
            assert len(state.slots[q]) == sum(1 for c in hand if not state.seen[q] >> c & 1)
