"""The Cambio game object: its names, agents and levels, and the hooks that wire the rules to the later files."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from deckhand.core.options import Option, PresetInfo
from deckhand.games.cambio.notation import action_to_string, string_to_action
from deckhand.games.cambio.options import OPTIONS, PRESET_INFO, PRESETS, CambioSetup
from deckhand.games.cambio.playout import play_out, rollout_action
from deckhand.games.cambio.state import CambioState
from deckhand.games.cambio.view import CambioView, information_key


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
    PRESENTATION = "deckhand.games.cambio.presentation:CambioPresentation"
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

    # -- the rules' hooks: each is the function of the same name in notation, view or playout --
    def view(self, state: CambioState, player: int) -> CambioView:
        return CambioView(state, player)

    action_to_string = staticmethod(action_to_string)
    string_to_action = staticmethod(string_to_action)
    rollout_action = staticmethod(rollout_action)

    def play_out(self, state: CambioState, rng: random.Random) -> list[float]:
        """The playout loop without legality checks (:func:`.playout.play_out`)."""
        return play_out(state, rng)

    information_key = staticmethod(information_key)
