"""Cambio: each hand as a 2×2 grid (house) or a row (classic), slot numbers under the cards.

Penalty cards extend a house hand to the right, two rows high, and a classic
hand wraps after ``ROW`` cards, so six players with long hands still fit a
standard terminal.

Cards the viewer does not know are ``??``. In memory mode the viewer's own
remembered cards are drawn face down too, as at a real table.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from deckhand.render.cards import card_row, card_text, is_code
from deckhand.render.context import Context
from deckhand.render.flow import Flow
from deckhand.render.plain import extras, scores_line

SHOWN = {"hands", "discard", "caller", "drawn", "drawn_from", "draw_pile", "stick_window"}
HIDDEN = {"known", "shown", "turn", "turns_played", "cards_drawn", "winners", "phase"}
"""Bookkeeping fields a player does not need to see."""
ROW = 8
"""Cards in one row of a classic hand before it wraps (8 fit an 80-column screen with room to spare)."""


def slot_text(seat: int, slot: int, code: str | None) -> Text:
    out = card_text(code)
    out.append(f"\n {seat}.{slot}", style="dim")
    return out


def hand_rows(cells: list[Text], house: bool) -> list[list[Text]]:
    """Rows of a hand: house keeps slots 0–3 as the 2×2 of the Cambio advisor README and adds columns to the right."""
    if house and len(cells) >= 4:
        extra = cells[4:]
        return [[cells[0], cells[1], *extra[0::2]], [cells[2], cells[3], *extra[1::2]]]
    return [cells[i : i + ROW] for i in range(0, len(cells), ROW)]


def hand_panel(seat: int, hand: list[str | None], context: Context, data: dict[str, Any]) -> Panel:
    """One seat's cards: house rules lay four cards out 2×2 (the advisor README), classic in a row (the app report)."""
    masked = ["??" if context.hide_known and seat == context.viewer and code is not None else code for code in hand]
    grid = Table.grid(padding=(0, 1))
    cells = [slot_text(seat, i, code) for i, code in enumerate(masked)]
    house = (data.get("options") or {}).get("preset") != "classic"
    for row in hand_rows(cells, house) or [[Text("(no cards)", style="dim")]]:
        grid.add_row(*row)
    title = context.name(seat)
    if data.get("caller") == seat:
        title += " · cambio"
    if data.get("current_player") == seat:
        title = "▶ " + title
    return Panel(grid, title=title, expand=False, border_style="cyan" if seat == context.viewer else "white")


def window_text(window: dict[str, Any], data: dict[str, Any], context: Context) -> Text:
    """The stick window in words: who is to answer, and how."""
    seat = window.get("seat")
    who = context.name(seat) if isinstance(seat, int) else "?"
    out = Text("Stick window: ", style="bold")
    if data.get("phase") == "give" and window.get("give_to"):
        out.append(f"{who} stuck the card at {window['give_to']}; give one of yours there, or keep")
    else:
        out.append(f"{who} may stick a card that matches the top discard, or pass")
    return out


def render(data: dict[str, Any], context: Context) -> RenderableType:
    panels = [hand_panel(seat, hand, context, data) for seat, hand in enumerate(data["hands"])]
    discard = [c for c in data["discard"] if is_code(c)]
    pile = Text("Discard: ")
    pile.append_text(card_text(discard[-1]) if discard else Text("(empty)", style="dim"))
    if len(discard) > 1:
        pile.append(f"  ({len(discard)} cards)", style="dim")
    if isinstance(data.get("draw_pile"), int):
        pile.append(f"   Draw pile: {data['draw_pile']} cards", style="dim")
    parts: list[RenderableType] = [Flow(panels), pile]
    drawn = data.get("drawn")
    if is_code(drawn):
        line = Text("You hold: " if data.get("current_player") == context.viewer else "Drawn: ")
        line += card_row([drawn])
        if data.get("drawn_from") in ("deck", "discard"):
            line.append(f" (from the {data['drawn_from']})", style="dim")
        parts.append(line)
    window = data.get("stick_window")
    if isinstance(window, dict):
        parts.append(window_text(window, data, context))
    rest = extras(data, context, SHOWN | HIDDEN | {k for k, v in data.items() if v is None})
    if rest is not None:
        parts.append(rest)
    scores = scores_line(data, context)
    if scores.plain:
        parts.append(scores)
    return Group(*parts)
