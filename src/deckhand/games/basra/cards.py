"""Basra's card tables: values, sort order and the cards with special parts.

Cards are plain ints (``Card.index``) in every hot path; these tables turn
them into what the rules need without building ``Card`` objects.
"""

from __future__ import annotations

from deckhand.core.cards import CODES, Card

VALUE: tuple[int, ...] = tuple(i % 13 + 1 for i in range(52))
"""A 1, 2 … 10, J 11, Q 12, K 13 by card index."""

ORDER: tuple[int, ...] = tuple((i % 13) * 4 + i // 13 for i in range(52))
"""Sort key: rank first, then suit (S H D C), so tables and hands read in rank order."""

JACK = 11
QUEEN = 12
SEVEN_OF_DIAMONDS = Card.parse("D7").index
TWO_OF_CLUBS = Card.parse("C2").index
TEN_OF_DIAMONDS = Card.parse("DX").index


def code(card: int) -> str:
    """The code of a card index (``DX``)."""
    return CODES[card]


def codes(cards: list[int] | tuple[int, ...]) -> list[str]:
    """Codes of card indices, in the order given."""
    return [CODES[c] for c in cards]


def sort_cards(cards: list[int]) -> list[int]:
    """Cards in rank-then-suit order."""
    return sorted(cards, key=ORDER.__getitem__)
