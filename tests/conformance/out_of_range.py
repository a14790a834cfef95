"""Moves that name places and numbers a game does not have, in every kind of move's notation.

They are made from the legal moves' own strings, each number replaced by
one out of range (a slot past the hand, a seat past the table, a cell past
the board, a value past any card), and from a few hand-picked strings that
once ended in a traceback. Each comes with a position where a move of its
kind is legal, so that the rules, not the phase, must refuse it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import deckhand
from deckhand.core.protocol import State
from deckhand.core.registry import game_class

OUT_OF_RANGE = ("9", "13", "99", "8001", "2147483648", "99999999999999999999")
"""Numbers past every hand, seat, cell and card value; a few are in range somewhere and are skipped there."""

HAND_PICKED: dict[str, tuple[str, ...]] = {
    "cambio": (
        "swap 4",
        "swap 9",
        "give 9",
        "take",
        "stick 0.9",
        "stick 1.9",
        "stick 7.0",
        "peek 0.9",
        "peek 1.9",
        "switch 0.0 1.9",
        "switch 0.9 1.0",
    ),
    "basra": ("play H1", "play H0", "play H10 {S10}", "play H9 {S9 S9}"),
    "casino": ("capture H1 {S1}", "build HX {D6 H4} = 99", "build HX {D6 H4} = 0", "increase D4 [H8 CA] = 99"),
    "go_fish": ("ask 9 4", "ask 1 99", "ask 1 0", "ask 1 1", "ask 0 4"),
    "three_trios": ("Griffin 9,9", "Griffin 0,99", "Griffin 3,3", "Griffin 99,0"),
}

_NUMBER = re.compile(r"\d+")
_CARD = re.compile(r"\b(?:[SHDC][A2-9XJQK]|JK)\b")
_NAME = re.compile(r"\b[A-Z][a-z]+\b")


def variants(text: str) -> set[str]:
    """``text`` with each number, one at a time and all at once, replaced by each out-of-range number."""
    numbers = list(_NUMBER.finditer(text))
    out = {text[: m.start()] + value + text[m.end() :] for m in numbers for value in OUT_OF_RANGE}
    if len(numbers) > 1:
        out |= {_NUMBER.sub(value, text) for value in OUT_OF_RANGE}
    out.discard(text)
    return out


def shape(text: str) -> str:
    """A move's kind: its notation with card codes, names and numbers left out (``swap N``, ``C N,N``)."""
    return _NUMBER.sub("N", _NAME.sub("C", _CARD.sub("C", text)))


@dataclass
class Case:
    """A position, a legal move of one kind there, and the out-of-range strings made from it."""

    label: str
    state: State
    texts: list[str]


def cases(name: str, *, seeds: int = 4, per_kind: int = 2) -> list[Case]:
    """For each preset of ``name`` and each kind of move its seeded random games reach: positions to try.

    Each case holds the variants of a legal move of that kind, and the
    hand-picked strings of the game.
    """
    out: list[Case] = []
    for preset in [None, *game_class(name).PRESETS]:
        game = deckhand.load_game(name) if preset is None else deckhand.load_game(name, preset=preset)
        found: dict[str, int] = {}
        for seed in range(seeds):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.sample_chance_outcome(rng))
                    continue
                legal = state.legal_actions()
                for action in legal:
                    text = state.action_to_string(action)
                    kind = shape(text)
                    if _NUMBER.search(text) and found.get(kind, 0) < per_kind:
                        found[kind] = found.get(kind, 0) + 1
                        texts = sorted(variants(text) | set(HAND_PICKED.get(name, ())))
                        out.append(Case(f"{name}/{preset or 'default'} {text!r}", state.clone(), texts))
                state.apply_action(rng.choice(legal))
    return out
