"""The score of a deck or a round, pile by pile: what a table shows when one of a game's decks or rounds ends."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TallySide:
    """One side's pile at the end of a deck or round: every card in it is public by then."""

    name: str
    cards: list[str]
    counted: list[str]
    """The cards in the pile that score on their own (the 10♦, the 2♠, aces, jacks)."""
    notes: list[str]
    """The other scoring, in words: the pile's size, most cards, most spades."""
    feat: str
    """What the side has done that the game makes much of, as the table marks it (a star for each, and
    their count); "" for nothing."""
    points: float
    """What the pile gave the side: its counted cards, most cards and the other scoring of the deck or round."""
    total: float
    """The side's total in the match after it."""


@dataclass(frozen=True)
class Tally:
    """The end of a deck or a round, pile by pile, for a table to draw with the cards themselves."""

    title: str
    sides: list[TallySide]
    over: bool
    """Whether the match ends with it."""
