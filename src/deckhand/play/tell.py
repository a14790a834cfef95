"""What the other seats are told of a computer's move: the move in public words and a public reason.

One function, used by the terminal and the web table alike, so that what a
seat reads of another seat's move is built in one place and checked in one
place (:func:`deckhand.testing.check_secrets`). An agent's ``reason`` is for
its own seat; another seat reads ``Explanation.public_reason``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deckhand.agents.base import Explanation
from deckhand.core.protocol import State


@dataclass(frozen=True)
class Told:
    """A move as every seat may read it: its notation, its words, and why (each may be empty)."""

    notation: str
    words: str
    why: str

    def sentence(self, name: str) -> str:
        """``Computer (hard) plays swap 3 — words. Why.`` (Basra's ``play H5`` reads "plays H5")."""
        line = f"{name} plays {move_object(self.notation)}"
        if self.words and self.words != self.notation:
            line += f" — {self.words}"
        line = line.rstrip(".") + "."
        why = without_move(self.why, self.notation)  # "Hydra 1,0: flips 1 card" after "plays Hydra 1,0"
        if why:
            line += f" {why[0].upper()}{why[1:]}."
        return line


def move_object(notation: str) -> str:
    """A move as the object of "plays": Basra's ``play H5 {C5}`` reads "plays H5 {C5}"."""
    return notation[5:] if notation.startswith("play ") else notation


def without_move(reason: str, notation: str) -> str:
    """A reason without a leading repeat of the move itself, and without its final full stop."""
    text = reason.strip()
    rest = text[len(notation) :].lstrip()
    if text.lower().startswith(notation.lower()) and rest.startswith((":", "—", "-")):
        text = rest.lstrip(" :—-")
    return text.rstrip(".")


def told_to_others(state: State, explanation: Explanation) -> Told:
    """What every other seat reads of ``explanation``'s move, from ``state`` before it is played."""
    action = explanation.action
    return Told(
        notation=state.action_to_string(action),
        words=state.describe_action(action),
        why=explanation.public_reason(state.game.perfect_information),
    )


def _codes(data: Any, cards: frozenset[str]) -> set[str]:
    """The card codes anywhere in a view's JSON."""
    if isinstance(data, str):
        return {data} if data in cards else set()
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        return set().union(*(_codes(item, cards) for item in data)) if data else set()
    return set()


def actions_as_seen(start: State, actions: Sequence[str], viewer: int | None) -> list[str]:
    """``actions`` (notation, from ``start``) as ``viewer`` saw them (``None``: what every seat saw).

    Players' moves are made in the open; a card dealt or drawn is shown only
    when it then lies in the viewer's view (for ``None``: in every seat's),
    else written ``(a card)``. What a replay of an unfinished game prints.
    """
    game = start.game
    cards = frozenset(game.all_cards())
    seats = range(game.num_players) if viewer is None else [viewer]
    state = start.clone()
    out = []
    for text in actions:
        chance = state.current_player() < 0
        state.apply_action(state.string_to_action(text))
        hidden = chance and not game.perfect_information and text in cards
        if hidden and not all(text in _codes(state.view(seat).to_json(), cards) for seat in seats):
            text = "(a card)"
        out.append(text)
    return out
