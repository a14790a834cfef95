"""Basra's notation (RULES.md §3): ``play H5 {C5} {S2 D3}``, ``play SJ``, ``play H5``.

A deal is written as the card dealt (``H5``). Reading is lenient: ``play``
may be left out, braces may touch, cards may be separated by commas, and
groups and the cards in them may come in any order.
"""

from __future__ import annotations

import re

from deckhand.core.cards import CODES, Card
from deckhand.core.errors import NotationError, quote
from deckhand.games.basra.captures import Move, canonical

_MOVE = re.compile(r"\s*(?:play\s+)?([^\s{},]+)\s*(.*?)\s*", re.IGNORECASE | re.DOTALL)
_GROUP = re.compile(r"\{([^{}]*)\}")


def move_to_string(move: Move) -> str:
    """The canonical notation of a move whose groups are in canonical order."""
    card, groups = move
    parts = ["play", CODES[card]]
    parts.extend("{" + " ".join(CODES[c] for c in group) + "}" for group in groups)
    return " ".join(parts)


def parse_card(text: str) -> int:
    """A card code of the 52-card deck as an index; ``NotationError`` otherwise."""
    card = Card.parse(text)
    if card.index >= 52:
        raise NotationError(f"{quote(text, 40)}: there are no jokers in Basra")
    return card.index


_PARSED: dict[str, tuple[Move, bool]] = {}


def parse_move(text: str) -> tuple[Move, bool]:
    """Read a move; also say whether any group was written (``play H5`` alone trails).

    >>> parse_move("play H5 {s3 d2}{C5}")
    ((17, ((43,), (27, 2))), True)
    """
    hit = _PARSED.get(text)
    if hit is None:
        hit = _parse_move(text)
        if len(_PARSED) > 100_000:
            _PARSED.clear()
        _PARSED[text] = hit
    return hit


def _parse_move(text: str) -> tuple[Move, bool]:
    match = _MOVE.fullmatch(text)
    if match is None or not text.strip():
        raise NotationError(f"{quote(text, 40)}: expected a move such as 'play H5 {{C5}} {{S2 D3}}'")
    card = parse_card(match.group(1))
    rest = match.group(2)
    groups: list[tuple[int, ...]] = []
    for found in _GROUP.finditer(rest):
        items = found.group(1).replace(",", " ").split()
        if not items:
            raise NotationError(f"{quote(text, 40)}: an empty group {{}}")
        groups.append(tuple(parse_card(item) for item in items))
    leftover = _GROUP.sub(" ", rest).strip()
    if leftover:
        raise NotationError(f"{quote(text, 40)}: unexpected {quote(leftover, 40)}; groups of taken cards go in braces")
    return (card, canonical(tuple(groups))), bool(groups)
