"""The Cambio game object: its names, agents and levels, and the hooks that wire the rules to the later files."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, cast

from deckhand.core.encoding import Encoding
from deckhand.core.options import Option
from deckhand.core.protocol import Action, State, View, view_as
from deckhand.games.cambio.encoding import CambioEncoding
from deckhand.games.cambio.notation import action_to_string as write_action
from deckhand.games.cambio.notation import string_to_action as read_action
from deckhand.games.cambio.options import OPTIONS, PRESETS, CambioSetup
from deckhand.games.cambio.playout import play_out as play_out_unchecked
from deckhand.games.cambio.playout import rollout_action as policy_action
from deckhand.games.cambio.state import CambioState
from deckhand.games.cambio.view import CambioView, glimpse, information_key
from deckhand.games.cambio.words import announce as announcement
from deckhand.games.cambio.words import describe_action as move_in_words
from deckhand.games.cambio.words import is_quiet as goes_without_saying


class CambioGame(CambioSetup):
    """Cambio for 2 to 6 seats, ``classic`` (seed 000) or ``house`` (seed 002) rules.

    >>> from deckhand import load_game
    >>> game = load_game("cambio", preset="house", players=3)
    >>> len(game.all_cards())
    54
    """

    name = "cambio"
    rules_version = "1"
    title = "Cambio"
    perfect_information = False
    FACE_UP: ClassVar[tuple[str, ...]] = ("discard",)
    """The discard pile (RULES.md §1); the hands go face up only at the end."""
    OPTIONS: ClassVar[dict[str, Option]] = OPTIONS
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    AGENTS: ClassVar[dict[str, str]] = {
        "seed-easy": "deckhand.games.cambio.agents:EasyAgent",
        "seed-hard": "deckhand.games.cambio.agents:HardAgent",
        "policy": "deckhand.games.cambio.agents:PolicyAgent",
    }
    LEVELS: ClassVar[dict[str, str]] = {
        "easy": "seed-easy",
        "medium": "seed-hard",
        "hard": "policy",
    }

    def new_initial_state(self) -> CambioState:
        return CambioState(self)

    # -- hooks: the State methods of the same names call them, with this game's states only --
    def view(self, state: State, player: int) -> CambioView:
        return CambioView(cast(CambioState, state), player)

    def action_to_string(self, state: State, action: Action) -> str:
        return write_action(cast(CambioState, state), action)

    def string_to_action(self, state: State, text: str) -> Action:
        return read_action(cast(CambioState, state), text)

    def describe_action(self, state: State, action: Action) -> str:
        return move_in_words(cast(CambioState, state), action)

    def is_quiet(self, state: State, action: Action) -> bool:
        return goes_without_saying(cast(CambioState, state), action)

    def announce(self, state: State, action: Action, names: Sequence[str]) -> list[str]:
        return announcement(cast(CambioState, state), action, names)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        return policy_action(cast(CambioState, state), rng)

    def play_out(self, state: State, rng: random.Random) -> list[float]:
        """The playout loop without legality checks (:func:`.playout.play_out`)."""
        return play_out_unchecked(cast(CambioState, state), rng)

    def information_key(self, state: State, player: int) -> Hashable:
        return information_key(cast(CambioState, state), player)

    def glimpse(self, view: View, action: Action | None = None) -> dict[str, str]:
        """A peeked card, or the own cards known from the deal: a table shows them until Enter."""
        return glimpse(view_as(view, CambioView), action)

    def new_encoding(self) -> Encoding:
        return CambioEncoding(self)
