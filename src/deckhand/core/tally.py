"""The score of a deck or a round, pile by pile: what a table shows when one ends (Basra's decks, Casino's rounds)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TallySide:
    """One side's pile at the end of a deck or round: every card in it is public by then."""

    name: str
    cards: list[str]
    counted: list[str]
    """The cards in the pile that score on their own (the 10♦, the 2♠, aces, Basra's jacks)."""
    notes: list[str]
    """The other scoring, in words: the pile's size, most cards, most spades."""
    basras: int
    """Basras the side has made so far (Basra only)."""
    points: float
    """What the pile gave the side: a Casino round's points; a Basra deck's counted cards and most cards
    (a basra's bonus is scored as it is made, and is in the total)."""
    total: float
    """The side's total in the match after it."""


@dataclass(frozen=True)
class Tally:
    """The end of a deck or a round, pile by pile, for a table to draw with the cards themselves."""

    title: str
    sides: list[TallySide]
    over: bool
    """Whether the match ends with it."""
