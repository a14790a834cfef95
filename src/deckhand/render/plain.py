"""The renderer for any game: every field of the view, card codes drawn as cards."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from deckhand.render.cards import card_row, is_code
from deckhand.render.context import HEADER, Context


def value_text(value: Any, context: Context, key: str = "") -> Text:
    """A field's value: cards as cards, lists of lists one per seat, anything else as text."""
    if isinstance(value, list) and value and all(is_code(v) or v is None for v in value):
        return card_row(value)
    if isinstance(value, list) and value == []:
        return Text("—", style="dim")
    if isinstance(value, list) and all(isinstance(v, list) for v in value):
        out = Text()
        for seat, item in enumerate(value):
            if seat:
                out.append("\n")
            out.append(f"{context.name(seat)}: ", style="cyan")
            out.append_text(value_text(item, context))
        return out
    if isinstance(value, str) and is_code(value):
        return card_row([value])
    return Text(str(value))


def extras(data: dict[str, Any], context: Context, shown: set[str]) -> Table | None:
    """A two-column table of the fields a game renderer did not draw itself."""
    rest = [k for k in data if k not in HEADER and k not in shown]
    if not rest:
        return None
    table = Table.grid(padding=(0, 2))
    for key in rest:
        table.add_row(Text(key.replace("_", " "), style="cyan"), value_text(data[key], context, key))
    return table


def scores_line(data: dict[str, Any], context: Context) -> Text:
    """Whose turn it is and the scores so far."""
    out = Text()
    scores = data.get("scores") or []
    if scores and all(s is not None for s in scores):
        out.append("Scores: ", style="bold")
        out.append("  ".join(f"{context.name(i)} {_num(s)}" for i, s in enumerate(scores)))
    return out


def _num(value: Any) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def render(data: dict[str, Any], context: Context) -> RenderableType:
    parts: list[RenderableType] = [Text(str(data.get("game", "game")).replace("_", " ").title(), style="bold")]
    table = extras(data, context, set())
    if table is not None:
        parts.append(table)
    parts.append(scores_line(data, context))
    return Group(*parts)
