"""Cards as Rich text: rank and suit symbol, red or black, and the hidden card ``??``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rich.text import Text

from deckhand.core.cards import Card
from deckhand.core.errors import NotationError

_CODE = re.compile(r"^(?:[SHDC][A2-9XJQK]|JK|\?\?)$")


def is_code(value: Any) -> bool:
    """Whether ``value`` is a card code (or ``??``, a card the viewer cannot see)."""
    return isinstance(value, str) and bool(_CODE.match(value))


def card_label(code: str) -> str:
    """``H9`` -> ``9♥``, ``DX`` -> ``10♦``, ``JK`` -> ``Joker``; anything else unchanged."""
    if code == "??":
        return "??"
    try:
        card = Card.parse(code)
    except NotationError:
        return code
    if card.rank.value == "JK":
        return "Joker"
    return f"{card.rank.label}{card.suit.symbol}" if card.suit is not None else code


def card_text(code: str | None) -> Text:
    """One card as styled text: red suits red, hidden cards dim, an emptied slot a dash."""
    if code is None:
        return Text(" -- ", style="dim")
    label = card_label(code)
    if code == "??":
        return Text(f"[{label}]", style="dim")
    style = "bold red" if code[:1] in ("H", "D") or code == "JK" else "bold"
    return Text(f"[{label}]", style=style)


def card_row(codes: Iterable[str | None], sep: str = " ") -> Text:
    """Cards side by side."""
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(sep)
        out.append_text(card_text(code))
    return out


def card_words(code: str) -> str:
    """A card's name for sentences: ``the 9 of Clubs``."""
    try:
        card = Card.parse(code)
    except NotationError:
        return code
    if card.rank.value == "JK":
        return "a joker"
    suit = card.suit.name.capitalize() if card.suit is not None else ""
    return f"the {card.rank.label if card.rank.label.isdigit() else card.rank.word} of {suit}"
