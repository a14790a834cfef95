"""Basra: the table in the middle, your hand below, the opponent's as a count; piles and basras."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from deckhand.ui.cards import card_row
from deckhand.ui.render import Context
from deckhand.ui.render.plain import extras, scores_line

SHOWN = {"table", "hands", "piles", "basras", "deck", "dealer", "returns", "draws", "deck_number"}


def hand_text(hand: Any) -> Text:
    """A hand: cards if the viewer may see them, else how many there are."""
    if isinstance(hand, int):
        return Text(f"{hand} card{'s' * (hand != 1)} in hand", style="dim")
    return card_row(hand) if hand else Text("(no cards)", style="dim")


def render(data: dict[str, Any], context: Context) -> RenderableType:
    seats = Table.grid(padding=(0, 2))
    for seat, hand in enumerate(data["hands"]):
        pile = data["piles"][seat]
        seats.add_row(
            Text(context.name(seat) + (" (dealer)" if data.get("dealer") == seat else ""), style="cyan"),
            hand_text(hand),
            Text(f"pile {len(pile)}  basras {data['basras'][seat]}", style="dim"),
        )
    table = card_row(data["table"]) if data["table"] else Text("(empty)", style="dim")
    info = Text(f"deck: {data.get('deck', '?')} cards left", style="dim")
    parts: list[RenderableType] = [Panel(table, title="Table", expand=False), seats, info]
    rest = extras(data, context, SHOWN | {"set_aside", "last_capturer"})
    if rest is not None:
        parts.append(rest)
    parts.append(scores_line(data, context))
    return Group(*parts)
