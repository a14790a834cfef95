"""The kinds of decisions a game played: what a few seeded games must reach before they stand for many.

A kind is a move's shape, not the move: its verb and the parts it names (a
capture of loose cards, of a set, of a build; a seat's own card or another's;
a basra), with the cards and numbers left out; where the game has phases, the
phase a move or a draw leads to; and how the game ended (how many seats share
the win). :func:`kinds_played` replays a finished game's history and lists the
kinds met on the way, so that a test that plays a few games can check that
they reach every kind that many games reach.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from deckhand.core.protocol import State

Shape = Callable[[State, str, dict[str, Any], dict[str, Any]], list[str]]

_CARD = re.compile(r"^(?:[SHDC][A2-9XJQK]|JK)$")
_VALUES = {rank: (value,) for value, rank in enumerate("23456789XJQK", start=2)} | {"A": (1, 14)}
_GROUP = re.compile(r"\[\[[^\]]*\](?:\s*\[[^\]]*\])*\]|\[[^\]]*\]|\{[^}]*\}")


def _basra(state: State, text: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The card's class (jack, 7♦, face, numeral), the groups it takes (matches, sums), and a basra.

    A move that ends a deck is a kind of its own, and so is a card dealt that is set aside (buried).
    """
    new_deck = after["deck_number"] != before["deck_number"] or after["current_player"] == "terminal"
    if not text:  # a card dealt
        return ["deal: a card set aside"] if len(after["set_aside"]) > len(before["set_aside"]) else []
    verb, card, *_ = text.split()
    groups = re.findall(r"\{([^}]*)\}", text)
    table = len(before["table"])
    if card[1] == "J":
        what, taken = "jack", table
    elif card == "D7" and state.game.options.get("seven_diamonds"):
        what, taken = "seven of diamonds", table
    else:
        what, taken = ("face" if card[1] in "QK" else "numeral"), sum(len(g.split()) for g in groups)
    kinds = sorted({"match" if len(g.split()) == 1 else "sum" for g in groups})
    if not table:
        end = "onto an empty table"
    elif taken == table:
        end = "taking the whole table"
    else:
        end = "taking" if taken else "trailing"
    return [" ".join([verb, what, *kinds, end])] + (["play the last card of a deck"] if new_deck else [])


def _casino(state: State, text: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The parts a move names, each (loose cards, sets, single and multiple builds), and whether it mixes them."""
    if not text:
        return []
    parts: set[str] = set()
    for group in _GROUP.findall(text):
        parts.add("multiple build" if group.startswith("[[") else "build" if group.startswith("[") else "set")
    rest = _GROUP.sub(" ", text).split()
    verb = rest[0]
    if sum(1 for word in rest if _CARD.match(word)) > 1:
        parts.add("loose")
    found = [f"{verb} {part}" for part in sorted(parts)] or [verb]
    if len(parts) > 1:
        found.append(f"{verb} mixing parts")
    if "=" in rest:
        target = int(rest[-1])
        found.append(f"{verb} to {'14' if target == 14 else 'a value'}")
        if verb == "build" and target in _VALUES.get(rest[1][1], ()):
            found.append("build a multiple build")  # the card played is itself worth the build's value
    return found


def _cambio(state: State, text: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The verb, and for each position named whether it is the mover's own card."""
    if not text:
        return []
    verb, *args = text.split()
    seat = str(state.current_player())
    whose = ["own" if arg.partition(".")[0] == seat else "other" for arg in args if "." in arg]
    return [" ".join([verb, *whose])]


def _verb(state: State, text: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The verb alone (Go Fish asks; a Three Trios move puts a card in a cell)."""
    if not text:
        return []
    return ["place" if state.game.name == "three_trios" else text.split()[0]]


_SHAPES: dict[str, Shape] = {"basra": _basra, "casino": _casino, "cambio": _cambio}


def kinds_played(end: State) -> set[str]:
    """The kinds of the moves and draws of ``end``'s game (its history replayed), and how it ended."""
    game = end.game
    shape = _SHAPES.get(game.name, _verb)
    state = game.new_initial_state()
    found: set[str] = set()
    after = state.to_json()
    for action in end.history():
        before = after
        text = "" if state.is_chance_node() else state.action_to_string(action)
        child = state.child(action)
        after = child.to_json()
        phase = before.get("phase")
        kinds = shape(state, text, before, after)
        if isinstance(phase, str):
            kinds = [f"{phase}: {kind}" for kind in kinds]
            verb = text.split()[0] if text else "chance"
            kinds.append(f"{phase}: {verb} -> {after['phase']}")
        found.update(kinds)
        state = child
    if end.is_terminal():
        returns = end.returns()
        found.add(f"end: {sum(1 for r in returns if r == max(returns))} of {len(returns)} share the win")
    return found
