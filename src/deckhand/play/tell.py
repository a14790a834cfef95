"""What the other seats are told of a computer's move: the move told in public words and a public reason.

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
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import State


@dataclass(frozen=True)
class Told:
    """A move as every seat may read it: its notation, the sentence that tells it, and why (each may be empty)."""

    notation: str
    words: str
    """The move told as a sentence, its mover the subject (``Presentation.tell_move``): ``Computer asks you for 7s.``"""
    why: str

    def sentence(self, figures: str = "") -> str:
        """``Computer (hard) asks you for 7s — it remembers that you hold some.``, then ``figures`` if given.

        The figures of a search (its visits, its chance to win) are for a
        player who asks for them (``--verbose``); the words come first.
        """
        line = self.words.strip().rstrip(".")
        why = without_move(self.why, self.notation)  # "Hydra 1,0: flips 1 card" after the move that says so
        if why:
            line += f" — {why}"
        line += "."
        return f"{line} {figures}" if figures else line


def without_move(reason: str, notation: str) -> str:
    """A reason without a leading repeat of the move itself, and without its final full stop."""
    text = reason.strip()
    rest = text[len(notation) :].lstrip()
    if notation and text.lower().startswith(notation.lower()) and rest.startswith((":", "—", "-")):
        text = rest.lstrip(" :—-")
    return text.rstrip(".")


def told_to_others(state: State, explanation: Explanation, names: Sequence[str]) -> Told:
    """What every other seat reads of ``explanation``'s move, from ``state`` before it is played.

    ``names`` are the seats as the table calls them (the mover's may carry its level: ``Computer (hard)``).
    """
    action = explanation.action
    return Told(
        notation=state.action_to_string(action),
        words=presentation_of(state.game).tell_move(state, action, names),
        why=explanation.public_reason(state.game.perfect_information),
    )


def card_codes(data: Any, cards: frozenset[str]) -> set[str]:
    """The card codes anywhere in a view's JSON."""
    if isinstance(data, str):
        return {data} if data in cards else set()
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        return set().union(*(card_codes(item, cards) for item in data)) if data else set()
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
        if hidden and not all(text in card_codes(state.view(seat).to_json(), cards) for seat in seats):
            text = "(a card)"
        out.append(text)
    return out


def moves_in_words(start: State, actions: Sequence[str], names: Sequence[str]) -> list[str]:
    """A game's moves as the table told them (``actions`` in notation, from ``start``), numbered, seats named.

    Each move is said as every seat heard it (``Presentation.tell_move``),
    with what the table announced after it (a deal, a deck's tally): words
    name only what everyone saw, so the lines suit any reader. No notation:
    it counts seats and places from zero (``ask 0 9``, ``wendigo 0,0``),
    where a person counts from one; ``deckhand replay --notation`` has it.
    """
    shown = presentation_of(start.game)
    state = start.clone()
    out: list[str] = []
    number = 0
    for text in actions:
        action = state.string_to_action(text)
        said = shown.announce(state, action, names)
        if state.current_player() >= 0:
            number += 1
            out.append(f"{number:4}. {shown.tell_move(state, action, names)}")
        out += [f"      {line}" for line in said]
        state.apply_action(action)
    return out
