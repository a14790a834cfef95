"""The Cambio game object: its names, agents and levels, and the hooks that wire the rules to the later files."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

from deckhand.core.options import Option, PresetInfo
from deckhand.core.protocol import Action, View, view_as
from deckhand.games.cambio.agents import suggest
from deckhand.games.cambio.notation import action_to_string, string_to_action
from deckhand.games.cambio.options import OPTIONS, PRESET_INFO, PRESETS, CambioSetup
from deckhand.games.cambio.playout import play_out, rollout_action
from deckhand.games.cambio.state import CambioState
from deckhand.games.cambio.view import CambioView, glimpse, information_key
from deckhand.games.cambio.words import announce, describe_action, is_quiet, tell_move


class CambioGame(CambioSetup[CambioState]):
    """Cambio for 2 to 6 seats, ``classic`` (the Cambio app report) or ``house`` (the Cambio advisor README) rules.

    >>> from deckhand import load_game
    >>> game = load_game("cambio", preset="house", players=3)
    >>> len(game.all_cards())
    54
    """

    name = "cambio"
    rules_version = "1"
    title = "Cambio"
    ENCODING = "deckhand.games.cambio.encoding:CambioEncoding"
    perfect_information = False
    FACE_UP: ClassVar[tuple[str, ...]] = ("discard",)
    """The discard pile (docs/games/cambio.md, rules decisions); the hands go face up only at the end."""
    OPTIONS: ClassVar[dict[str, Option]] = OPTIONS
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    PRESET_INFO: ClassVar[dict[str, PresetInfo]] = PRESET_INFO
    AGENTS: ClassVar[dict[str, str]] = {
        "seed-easy": "deckhand.games.cambio.app_players:EasyAgent",
        "seed-hard": "deckhand.games.cambio.app_players:HardAgent",
        "policy": "deckhand.games.cambio.agents:PolicyAgent",
    }
    LEVELS: ClassVar[dict[str, str]] = {
        "easy": "seed-easy",
        "medium": "seed-hard",
        "hard": "policy",
    }

    def new_initial_state(self) -> CambioState:
        return CambioState(self)

    # -- hooks: each calls the function of the same name in notation, words, view or playout --
    def view(self, state: CambioState, player: int) -> CambioView:
        return CambioView(state, player)

    def action_to_string(self, state: CambioState, action: Action) -> str:
        return action_to_string(state, action)

    def string_to_action(self, state: CambioState, text: str) -> Action:
        return string_to_action(state, text)

    def describe_action(self, state: CambioState, action: Action) -> str:
        return describe_action(state, action)

    def tell_move(self, state: CambioState, action: Action, names: Sequence[str]) -> str:
        return tell_move(state, action, names)

    def suggest(self, view: View, action: Action, names: Sequence[str]) -> str:
        return suggest(view, action, names)

    def announce(self, state: CambioState, action: Action, names: Sequence[str]) -> list[str]:
        return announce(state, action, names)

    def is_quiet(self, state: CambioState, action: Action) -> bool:
        return is_quiet(state, action)

    def rollout_action(self, state: CambioState, rng: random.Random) -> Action:
        return rollout_action(state, rng)

    def play_out(self, state: CambioState, rng: random.Random) -> list[float]:
        """The playout loop without legality checks (:func:`.playout.play_out`)."""
        return play_out(state, rng)

    def information_key(self, state: CambioState, player: int) -> Hashable:
        return information_key(state, player)

    def glimpse(self, view: View, action: Action | None = None) -> dict[str, str]:
        """A peeked card, or the own cards known from the deal: a table shows them until Enter."""
        return glimpse(view_as(view, CambioView), action)
