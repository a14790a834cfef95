"""``deckhand stats``: games, wins and the computer victory statistics per level, with a chart; people by name.

Games are shown by their titles; ``--json`` keeps the ids that scripts read.
"""

from __future__ import annotations

import json

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from deckhand.core.registry import game_title
from deckhand.store.statistics import people, statistics
from deckhand.terminal.pager import page
from deckhand.terminal.reader import Reader

BAR = 10


def bar(fraction: float | None) -> Text:
    """A small horizontal bar for a fraction in [0, 1]."""
    if fraction is None:
        return Text("no decided games", style="dim")
    full = round(fraction * BAR)
    out = Text("█" * full, style="magenta")
    out.append("░" * (BAR - full), style="dim")
    out.append(f" {fraction:.2f}")
    return out


def show_stats(
    console: Console, *, game: str | None = None, as_json: bool = False, reader: Reader | None = None
) -> None:
    """Print the statistics (a table and chart, or JSON); with a ``reader``, a screen at a time for a person."""
    if as_json:
        levels, agents = statistics(game=game)
        console.print_json(
            json.dumps(
                {
                    "levels": [s.to_json() for s in levels],
                    "agents": [a.to_json() for a in agents],
                    "people": [p.to_json() for p in people(game=game)],
                }
            )
        )
        return
    tables = stats_tables(game=game)
    if reader is None:
        console.print(tables)
    else:
        page(console, reader, tables)


def stats_tables(*, game: str | None = None) -> Group:
    """The statistics as tables with a chart: against people per level, computer players, people by name."""
    levels, agents = statistics(game=game)
    persons = people(game=game)
    parts: list[RenderableType] = []
    if not levels and not agents and not persons:
        return Group(Text("No finished games yet. Play one with: deckhand play GAME"))
    if levels:
        table = Table(
            title="Against people",
            caption="computer victory = computer / (computer + people)",
            box=box.SIMPLE_HEAD,
        )
        for column in ("game", "level", "played", "computer", "people", "draws"):
            table.add_column(column, justify="right" if column not in ("game", "level") else "left")
        table.add_column("computer victory", no_wrap=True)
        for s in levels:
            table.add_row(
                game_title(s.game),
                s.level,
                str(s.played),
                str(s.computer_wins),
                str(s.player_wins),
                str(s.draws),
                bar(s.computer_victory),
            )
        parts.append(table)
        _practice(parts, [(f"{game_title(s.game)} {s.level}", s.practice) for s in levels])
    if agents:
        table = Table(title="Computer players", caption="wins: a shared win by k counts 1/k", box=box.SIMPLE_HEAD)
        for column in ("game", "agent", "played", "wins", "win rate"):
            table.add_column(column, justify="left" if column in ("game", "agent") else "right")
        for a in agents:
            table.add_row(
                game_title(a.game),
                a.agent,
                str(a.played),
                f"{a.wins:g}",
                "" if a.win_rate is None else f"{a.win_rate:.2f}",
            )
        parts.append(table)
    if persons:
        table = Table(title="People", caption="by the name played under at deckhand serve", box=box.SIMPLE_HEAD)
        for column in ("name", "game", "played", "wins", "win rate", "vs people", "vs computer"):
            table.add_column(column, justify="left" if column in ("name", "game") else "right")
        for p in persons:
            table.add_row(
                Text(p.name),
                game_title(p.game),
                str(p.played),
                f"{p.wins:g}",
                "" if p.win_rate is None else f"{p.win_rate:.2f}",
                str(p.against_people),
                str(p.against_computer),
            )
        parts.append(table)
        _practice(parts, [(f"{p.name} at {game_title(p.game)}", p.practice) for p in persons])
    return Group(*parts)


def _practice(parts: list[RenderableType], counts: list[tuple[str, int]]) -> None:
    """Say which games were left out as practice (dealt from a seed or a deck someone chose)."""
    counted = [f"{who} {n}" for who, n in counts if n]
    if counted:
        line = Text("Practice (dealt from a chosen seed or deck), not counted: ", style="dim")
        line.append(", ".join(counted))
        parts.append(line)
