"""Basra moves in words every seat may read: every card of a move is played face up."""

from __future__ import annotations

from deckhand.core.cards import CARDS
from deckhand.games.basra.captures import Move, is_basra, taken


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def describe_move(move: Move, table: list[int], seven_diamonds: bool) -> str:
    """``the King of Spades takes the 10 of Spades and the 3 of Hearts: a basra``."""
    card = f"the {CARDS[move[0]].name}"
    got = taken(move, table, seven_diamonds)
    if not got:
        return f"{card} stays on the table"
    if len(got) == len(table) and len(got) > 2:
        text = f"{card} takes the whole table ({len(got)} cards)"
    else:
        text = f"{card} takes " + _and([f"the {CARDS[c].name}" for c in got])
    return text + (": a basra" if is_basra(move, table, seven_diamonds) else "")
