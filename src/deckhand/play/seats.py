"""Who sits where: seat specs from what a user typed, and what the table calls each seat."""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.agents.registry import is_human
from deckhand.core.errors import ConfigError
from deckhand.core.protocol import Game, State


def parse_seats(text: str, players: int, default_level: str = "medium") -> list[str]:
    """``human,hard`` -> one spec per seat; agent settings may hold commas (``ismcts:a=1,b=2``).

    A single name fills every seat after the first human: ``--seats hard``
    means a person against ``hard`` at every other seat.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            name, sep, rest = part.partition(":")
            specs.append(name.strip().lower() + sep + rest)  # one spelling per level in saves and statistics
    if not specs:
        specs = ["human", default_level]
    if len(specs) == 1 and not is_human(specs[0]):
        specs = ["human"] + specs * (players - 1)
    if len(specs) == 2 and players > 2:
        specs += [specs[-1]] * (players - 2)
    if len(specs) != players:
        raise ConfigError(f"--seats: {len(specs)} seats given; this game has {players}")
    return specs


def seat_names(specs: Sequence[str]) -> list[str]:
    """What the screen calls each seat: ``You`` and ``Computer`` in the common case.

    People go by the name in their spec (``human:Ann``), else ``Player 1``,
    ``Player 2``; computers are ``Computer 1``, ``Computer 2`` in seat order
    when there are several: counted from one, as people count
    (:func:`display_names` without kept names).
    """
    return display_names(specs)


def display_names(specs: Sequence[str], names: Sequence[str | None] = ()) -> list[str]:
    """What a finished game's record calls each seat: the name a person played under, else as people count.

    A replay shows the person who sat there by the name kept with the game
    (``names``, or a ``human:Ann`` spec), never a spec or a token; without
    one, ``You`` (or ``Player 1``, ``Player 2``...) and ``Computer`` (or
    ``Computer 1``, ``Computer 2``...), counted from one among their kind,
    as a person playing against the computer saw them at the terminal.
    """
    humans = sum(is_human(spec) for spec in specs)
    computers = len(specs) - humans
    out: list[str] = []
    for seat, spec in enumerate(specs):
        kept = names[seat] if seat < len(names) else None
        if is_human(spec):
            label = spec.split(":", 1)[1] if ":" in spec else ""
            ordinal = sum(is_human(s) for s in specs[: seat + 1])
            out.append(kept or label or ("You" if humans == 1 else f"Player {ordinal}"))
        else:
            ordinal = seat + 1 - sum(is_human(s) for s in specs[: seat + 1])
            out.append("Computer" if computers == 1 else f"Computer {ordinal}")
    return out


def seat_line(seat: int, name: str, spec: str) -> str:
    """A seat as a person reads it, counted from one: ``Seat 1: Ann``, ``Seat 2: Computer (hard)``."""
    return f"Seat {seat + 1}: {name}" if is_human(spec) else f"Seat {seat + 1}: {name} ({spec})"


def result_line(state: State, names: Sequence[str]) -> str:
    """How a finished game ended, by name: ``You win. Final scores: You 6, Computer 4.``"""
    returns = state.returns()
    best = max(returns)
    winners = [names[seat] for seat, r in enumerate(returns) if r == best and r > 0]
    scores = ", ".join(f"{names[seat]} {score:g}" for seat, score in enumerate(state.scores()))
    if len(winners) == 1:
        won = f"{winners[0]} {'win' if winners[0] == 'You' else 'wins'}."
    else:
        won = f"Shared win: {', '.join(winners)}."
    return f"{won} Final scores: {scores}."


def default_level(game: Game) -> str:
    """The level a person meets if they name none: ``medium``, else the game's first level."""
    if "medium" in game.LEVELS:
        return "medium"
    return next(iter(game.LEVELS), "random")
