"""Positions for Basra's rule tests, written as cards (``arrange(hand="H5", table="C5 S2 D3")``)."""

from __future__ import annotations

import random
from typing import Any

from deckhand import load_game
from deckhand.core.cards import parse_cards
from deckhand.games.basra import BasraGame, BasraState


def deal(preset: str = "bazzi", deck: str | None = None, *, seed: int = 0, **options: Any) -> BasraState:
    """A new game whose first deal is done (stacked by ``deck``, top first, where given)."""
    game = load_game("basra", preset=preset, deck=deck, **options)
    assert isinstance(game, BasraGame)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    return state


def arrange(
    preset: str = "bazzi", *, hand: str, table: str = "", other: str = "", mover: int = 0, **options: Any
) -> BasraState:
    """Seat ``mover`` to play holding ``hand``; the other seat holds ``other``; the rest is undealt."""
    state = deal(preset, **options)
    indices = {
        name: [c.index for c in parse_cards(text)]
        for name, text in (("hand", hand), ("table", table), ("other", other))
    }
    state.pile = [c for c in state.game.deck_cards if not any(c in v for v in indices.values())]
    state.hands = [[], []]
    state.hands[mover] = sorted(indices["hand"], key=lambda c: (c % 13, c // 13))
    state.hands[1 - mover] = sorted(indices["other"], key=lambda c: (c % 13, c // 13))
    state.table = sorted(indices["table"], key=lambda c: (c % 13, c // 13))
    state.piles = [[], []]
    state.to_move = mover
    state._moves = None
    return state


def moves_of(state: BasraState, card: str) -> list[str]:
    """The notation of every legal move of ``card``."""
    strings = [state.action_to_string(a) for a in state.legal_actions()]
    return [s for s in strings if s.split()[1] == card]


def play(state: BasraState, *moves: str) -> BasraState:
    """Apply moves written in notation, in order."""
    for text in moves:
        state.apply_action(state.string_to_action(text))
    return state


def arrange_seats(
    preset: str = "partners", *, hands: list[str], table: str = "", mover: int = 0, **options: Any
) -> BasraState:
    """Seat ``mover`` to play, each seat holding its entry of ``hands``; the rest is undealt."""
    state = deal(preset, **options)
    held = [[c.index for c in parse_cards(text)] for text in hands]
    on_table = [c.index for c in parse_cards(table)]
    used = {c for hand in held for c in hand} | set(on_table)
    state.pile = [c for c in state.game.deck_cards if c not in used]
    state.hands = [sorted(hand, key=lambda c: (c % 13, c // 13)) for hand in held]
    state.table = sorted(on_table, key=lambda c: (c % 13, c // 13))
    state.piles = [[], []]
    state.to_move = mover
    state._moves = None
    return state
