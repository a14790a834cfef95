"""Go Fish: each seat's hand, its books as one card each, and what the table knows of it; the stock.

A player reads ranks as they say them ("asked for 10s", "has no aces"), a
book as one card with the number of books beside it, and another seat's
hand as the cards the table has seen in it and how many more it holds.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from deckhand.core.cards import Rank
from deckhand.core.words import and_list, or_list
from deckhand.render.cards import card_row
from deckhand.render.context import Context


def plural(letter: str) -> str:
    """A rank letter of the view (``X``, ``A``, ``7``) as players say it: ``10s``, ``aces``, ``7s``."""
    try:
        return Rank(letter).plural
    except ValueError:
        return letter


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' * (n != 1)}"


def hand_text(hand: list[str], mine: bool) -> Text:
    """The viewer's hand face up; another's as the cards the table saw in it and a count of the rest."""
    if not hand:
        return Text("no cards", style="dim")
    if mine:
        return card_row(hand)
    shown = [code for code in hand if code != "??"]
    hidden = len(hand) - len(shown)
    if not shown:
        return Text(_count(hidden, "card"), style="dim")
    out = card_row(shown)
    if hidden:
        out.append(f" and {hidden} more", style="dim")
    return out


def books_text(books: list[str]) -> Text:
    """A seat's books: how many, then one card of each (the view lists each book's four cards)."""
    count = len(books) // 4
    out = Text(_count(count, "book"), style="dim")
    if count:
        out.append(": ", style="dim")
        out.append_text(card_row(books[::4]))
    return out


def known_words(data: dict[str, Any], seat: int) -> list[str]:
    """What the table has learned of ``seat``'s hand: ranks it asked for, ranks it has none of."""
    asked = [plural(r) for r in data.get("holds", [[]] * (seat + 1))[seat]]
    lacks = [plural(r) for r in data.get("has_none_of", [[]] * (seat + 1))[seat]]
    parts = []
    if asked:
        parts.append(f"asked for {and_list(asked)}")
    if lacks:
        parts.append(f"has no {or_list(lacks)}")
    return parts


def seat_text(data: dict[str, Any], seat: int, mine: bool, others: bool) -> Text:
    """A seat's hand, and under it (once there is something to say) its books and what is known of it."""
    out = hand_text(data["hands"][seat], mine)
    books: list[str] = (data.get("books") or [[]] * (seat + 1))[seat]
    known = known_words(data, seat) if others else []
    if books or known:
        out.append("\n")
        out.append_text(books_text(books))
        for words in known:
            out.append(f" · {words}", style="dim")
    return out


def render(data: dict[str, Any], context: Context) -> RenderableType:
    hands: list[list[str]] = data["hands"]
    viewer = data.get("viewer", context.viewer)
    everything = "viewer" not in data  # a finished game's whole state: every hand is open
    order = [seat for seat in range(len(hands)) if seat != viewer] + ([viewer] if isinstance(viewer, int) else [])
    seats = Table.grid(padding=(0, 2))
    for seat in order:
        mine = everything or seat == viewer
        seats.add_row(Text(context.name(seat), style="cyan"), seat_text(data, seat, mine, seat != viewer))
    stock = data.get("stock", 0)
    stock_count = len(stock) if isinstance(stock, list) else int(stock)
    info = Text(f"Stock: {_count(stock_count, 'card')}" if stock_count else "The stock is empty", style="dim")
    fishing = data.get("fishing_for")
    if isinstance(fishing, str) and isinstance(data.get("turn"), int):
        info.append(f" · {context.name(data['turn'])} is fishing for {plural(fishing)}", style="dim")
    return Group(seats, info)
