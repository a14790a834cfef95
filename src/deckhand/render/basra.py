"""Basra: the table in the middle, your hand below, the others' as counts; piles and basras.

At four seats partners share a pile and a score: each seat's row names its
partner and their shared pile, and the scores line is the partnerships'.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from deckhand.render.cards import card_row
from deckhand.render.context import Context
from deckhand.render.plain import extras, scores_line

SHOWN = {"table", "hands", "piles", "basras", "deck", "dealer", "returns", "draws", "deck_number", "teams"}


def hand_text(hand: Any) -> Text:
    """A hand: cards if the viewer may see them, else how many there are."""
    if isinstance(hand, int):
        return Text(f"{hand} card{'s' * (hand != 1)} in hand", style="dim")
    return card_row(hand) if hand else Text("(no cards)", style="dim")


def teams_line(data: dict[str, Any], context: Context) -> Text:
    """The partnerships' scores: partners share one."""
    out = Text()
    out.append("Scores: ", style="bold")
    sides = [
        f"{' & '.join(context.name(seat) for seat in team)} {_num(data['scores'][team[0]])}" for team in data["teams"]
    ]
    out.append("  ·  ".join(sides))
    return out


def _num(value: Any) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def render(data: dict[str, Any], context: Context) -> RenderableType:
    teams = data.get("teams")
    seats = Table.grid(padding=(0, 2))
    for seat, hand in enumerate(data["hands"]):
        if teams:
            partner = next(s for team in teams if seat in team for s in team if s != seat)
            about = f"with {context.name(partner)}  pile {len(data['piles'][seat])}  basras {data['basras'][seat]}"
        else:
            about = f"pile {len(data['piles'][seat])}  basras {data['basras'][seat]}"
        seats.add_row(
            Text(context.name(seat) + (" (dealer)" if data.get("dealer") == seat else ""), style="cyan"),
            hand_text(hand),
            Text(about, style="dim"),
        )
    table = card_row(data["table"]) if data["table"] else Text("(empty)", style="dim")
    info = Text(f"deck: {data.get('deck', '?')} cards left", style="dim")
    parts: list[RenderableType] = [Panel(table, title="Table", expand=False), seats, info]
    rest = extras(data, context, SHOWN | {"set_aside", "last_capturer"})
    if rest is not None:
        parts.append(rest)
    parts.append(teams_line(data, context) if teams else scores_line(data, context))
    return Group(*parts)
