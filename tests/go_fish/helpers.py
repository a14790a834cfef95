"""Go Fish positions for the rule tables, written as cards: ``arrange(["S7 H7", "D7 C2"], stock="SK")``."""

from __future__ import annotations

import random
from typing import Any

from deckhand import load_game
from deckhand.core.cards import CODES, code_index
from deckhand.games.go_fish import GoFishGame, GoFishState
from deckhand.games.go_fish.state import ASK, RANKS, public_json


def cards(text: str) -> list[int]:
    return [code_index(code) for code in text.split()]


def arrange(
    hands: list[str],
    stock: str = "",
    *,
    player: int = 0,
    books: list[str] | None = None,
    **options: Any,
) -> GoFishState:
    """Seat ``player`` to ask; each seat holds ``hands[seat]``, the stock holds ``stock``.

    ``books`` gives each seat's books as rank letters (``["7K", ""]``). Cards
    named nowhere are simply out of play: the rule tables need no full deck.
    """
    game = load_game("go_fish", players=len(hands), **options)
    assert isinstance(game, GoFishGame)
    state = game.new_initial_state()
    state.hands = [cards(h) for h in hands]
    state.stock = cards(stock)
    state.drawn = 52 - len(state.stock)
    state.books = [[RANKS.index(r) for r in b] for b in books or [""] * len(hands)]
    state.booked = sum(len(b) for b in state.books)
    state.player, state.phase = player, ASK
    return state


def deal(seed: int = 0, **options: Any) -> GoFishState:
    """A new game after its deal (stacked with ``deck=`` where given)."""
    game = load_game("go_fish", **options)
    assert isinstance(game, GoFishGame)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    return state


def play(state: GoFishState, *moves: str) -> GoFishState:
    """Apply moves in notation (asks and drawn cards) in turn."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def hand(state: GoFishState, seat: int) -> str:
    """A seat's hand as sorted codes."""
    return " ".join(sorted(CODES[c] for c in state.hands[seat]))


def facts(state: GoFishState) -> dict[str, Any]:
    """What the table knows, as the state's JSON writes it (an arranged state has no history to replay)."""
    return public_json(state)
