"""Positions for the rule tests, written in the course's save format."""

from __future__ import annotations

import re
import warnings
from typing import Any

import deckhand
from deckhand.core.cards import CODES
from deckhand.games.casino.state import CasinoState


def position(
    human: str,
    computer: str,
    table: str = "",
    owners: str = "",
    *,
    nxt: str = "Human",
    human_pile: str = "",
    computer_pile: str = "",
    deck: str | None = None,
    **options: Any,
) -> CasinoState:
    """A position to move in; the cards not named lie in the deck (or in the computer's pile)."""
    named = set(re.findall(r"[SHDC][A2-9XJQK]", " ".join([human, computer, table, human_pile, computer_pile])))
    if deck is None:
        deck = " ".join(c for c in CODES[:52] if c not in named)
    else:
        named |= set(deck.split())
        computer_pile = " ".join([computer_pile, *(c for c in CODES[:52] if c not in named)])
    owner_lines = "".join(f"Build Owner: {line}\n" for line in owners.split(";") if line.strip())
    text = (
        f"Round: 1\n\nComputer:\n   Score: 0\n   Hand: {computer}\n   Pile: {computer_pile}\n\n"
        f"Human:\n   Score: 0\n   Hand: {human}\n   Pile: {human_pile}\n\nTable: {table}\n\n{owner_lines}\n"
        f"Deck: {deck}\n\nNext Player: {nxt}\n"
    )
    game = deckhand.load_game("casino", **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        state = game.state_from_save(text)
    assert isinstance(state, CasinoState)
    return state


def moves(state: CasinoState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state: CasinoState, text: str) -> None:
    state.apply_action(state.string_to_action(text))
