"""Casino: loose cards and builds on the table (a multiple build's parts grouped), hands and piles."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from deckhand.render.cards import card_row, card_text
from deckhand.render.context import Context
from deckhand.render.plain import extras, scores_line

SHOWN = {"table", "hands", "piles", "seats", "deck_count", "round", "notes", "leader", "phase", "call"}
SAID = {"last_capturer", "last_round_points", "start", "stacked", "deck"}
"""Fields said in words below the table, or not at all (a loaded save's text, the deck's order)."""


def build_text(build: dict[str, Any], context: Context) -> Text:
    """A build as the course's save files write it, ``[ [C6 S3] [S9] ]``, with its value and owner."""
    parts = build.get("parts") or []
    out = Text("[ " if len(parts) > 1 else "", style="yellow")
    for i, part in enumerate(parts):
        if i:
            out.append(" ")
        out.append("[", style="yellow")
        out.append_text(card_row(part))
        out.append("]", style="yellow")
    if len(parts) > 1:
        out.append(" ]", style="yellow")
    owner = build.get("owner")
    kind = "multiple build" if len(parts) > 1 else "build"
    who = context.name(owner) if isinstance(owner, int) else str(owner)
    out.append(f" = {build.get('value')} ({kind}, {who})", style="dim")
    return out


def table_text(table: dict[str, Any], context: Context) -> Text:
    line = Text()
    for build in table.get("builds", []):
        line.append_text(build_text(build, context))
        line.append("   ")
    loose = table.get("loose", [])
    for i, code in enumerate(loose):
        if i:
            line.append(" ")
        line.append_text(card_text(code))
    if not loose and not table.get("builds"):
        line = Text("(empty)", style="dim")
    return line


def render(data: dict[str, Any], context: Context) -> RenderableType:
    seats = Table.grid(padding=(0, 2))
    for seat, hand in enumerate(data["hands"]):
        shown = card_row(hand) if hand else Text("(no cards)", style="dim")
        pile = data.get("piles", [[]] * len(data["hands"]))[seat]
        seats.add_row(Text(context.name(seat), style="cyan"), shown, Text(f"pile {len(pile)}", style="dim"))
    title = f"Round {data.get('round', 1)} · Table"
    info = Text(f"deck: {data.get('deck_count', '?')} cards left", style="dim")
    if isinstance(data.get("last_capturer"), int):
        info.append(f"   last to capture: {context.name(data['last_capturer'])}", style="dim")
    last = data.get("last_round_points")
    if isinstance(last, list) and len(last) == len(data["hands"]):
        points = ", ".join(f"{context.name(seat)} {n}" for seat, n in enumerate(last))
        info.append(f"   last round: {points}", style="dim")
    parts: list[RenderableType] = [Panel(table_text(data["table"], context), title=title, expand=False), seats, info]
    rest = extras(data, context, SHOWN | SAID | {k for k, v in data.items() if v in (None, [])})
    if rest is not None:
        parts.append(rest)
    for note in data.get("notes") or []:
        parts.append(Text(str(note), style="italic"))
    parts.append(scores_line(data, context))
    return Group(*parts)
