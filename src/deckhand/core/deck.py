"""The draw pile as a chance node, and stacked decks (``deck=``), once for every game.

A state keeps its undealt cards as an unordered list of card indices (the
*pile*) and a count of the cards drawn from it so far. The game keeps the
*stack*: the card indices that ``deck=`` fixes at the top, in order. While
stacked cards remain, a draw has one outcome with probability 1; after them
every card left in the pile is equally likely. Because the order of an
unseen pile carries no information, the pile need not be shuffled at all:
the chance node picks the next card.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deckhand.core.cards import CODES, Card
from deckhand.core.errors import ConfigError, NotationError, file_token, is_file, shown_path
from deckhand.core.files import read_text


def read_deck_option(value: Any) -> list[str] | None:
    """Turn a ``deck=`` value into card codes: a list of codes, a string of them, or a file."""
    if value is None:
        return None
    if looks_like_path(value):
        return read_deck_file(Path(value))
    if isinstance(value, str):
        items: list[Any] = value.replace(",", " ").split()
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise ConfigError("deck: expected card codes or a deck file")
    codes = []
    for i, item in enumerate(items):
        try:
            codes.append(item.code if isinstance(item, Card) else Card.parse(str(item)).code)
        except NotationError as exc:
            raise ConfigError(f"deck: card {i + 1}: {exc}") from None
    return codes


def looks_like_path(value: Any) -> bool:
    """Whether a ``deck=`` value names a file rather than listing card codes."""
    if isinstance(value, os.PathLike):
        return True
    if not isinstance(value, str):
        return False
    return os.sep in value or "/" in value or value.endswith(".txt") or is_file(value)


def read_deck_file(path: Path) -> list[str]:
    """One card per line, top first; blank lines are skipped."""
    text = read_text(path, what="deck file")
    codes = []
    for number, line in enumerate(text.splitlines(), start=1):
        item = line.strip()
        if not item:
            continue
        try:
            codes.append(Card.parse(item).code)
        except NotationError:
            raise ConfigError(f"{shown_path(path)}, line {number}: {file_token(item)} is not a card code") from None
    if not codes:
        raise ConfigError(f"{shown_path(path)}: the deck file holds no cards")
    return codes


def stack_indices(game: str, codes: Sequence[str] | None, full_deck: Sequence[int]) -> tuple[int, ...]:
    """Check a stacked deck against a game's deck; card indices, top first."""
    if not codes:
        return ()
    available = Counter(full_deck)
    stack = []
    for position, code in enumerate(codes, start=1):
        index = Card.parse(code).index
        if available[index] == 0:
            reason = "appears more often than the deck holds it" if index in full_deck else "is not in this game's deck"
            raise ConfigError(f"{game}: deck card {position} ({code}) {reason}")
        available[index] -= 1
        stack.append(index)
    return tuple(stack)


def pile_outcomes(pile: list[int], stack: tuple[int, ...], drawn: int) -> list[tuple[int, float]]:
    """The chance outcomes of drawing from ``pile``: forced while stacked cards remain."""
    if drawn < len(stack) and stack[drawn] in pile:
        return [(stack[drawn], 1.0)]
    counts = Counter(pile)
    total = len(pile)
    return [(card, count / total) for card, count in sorted(counts.items())]


def pile_sample(pile: list[int], stack: tuple[int, ...], drawn: int, rng: random.Random) -> int:
    """Draw one outcome of :func:`pile_outcomes` with its probability."""
    if drawn < len(stack) and stack[drawn] in pile:
        return stack[drawn]
    return pile[int(rng.random() * len(pile))]


def pile_allows(pile: list[int], stack: tuple[int, ...], drawn: int, card: object) -> bool:
    """Whether ``card`` may be the next draw."""
    if drawn < len(stack) and stack[drawn] in pile:
        return card == stack[drawn]
    return card in pile


def pile_remove(pile: list[int], card: int) -> None:
    """Take ``card`` out of the unordered pile (swap with the last, then pop)."""
    i = pile.index(card)
    pile[i] = pile[-1]
    pile.pop()


def outcome_code(card: int) -> str:
    """The notation of a drawn card: its code."""
    return CODES[card]
