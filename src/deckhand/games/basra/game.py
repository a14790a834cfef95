"""The Basra game object: its name and agents, and the hooks that wire the rules to the later files."""

from __future__ import annotations

from typing import ClassVar

from deckhand.core.options import Option
from deckhand.games.basra.notation import action_to_string, string_to_action
from deckhand.games.basra.options import OPTIONS, PRESET_INFO, PRESETS, BasraSetup
from deckhand.games.basra.playout import play_out, playout_estimate, rollout_action
from deckhand.games.basra.state import BasraState
from deckhand.games.basra.view import BasraView, information_key


class BasraGame(BasraSetup[BasraState]):
    """Basra for two, or four in partnerships: capture by matching and adding up,
    sweep with a jack, clear the table for a basra.

    >>> game = BasraGame(preset="egyptian")
    >>> game.options["target"], len(game.all_cards())
    (101, 52)
    >>> BasraGame(preset="partners").num_players
    4
    """

    name = "basra"
    rules_version = "2"
    """2: the ``players`` option and the ``partners`` preset."""
    title = "Basra"
    ENCODING = "deckhand.games.basra.encoding:BasraEncoding"
    PRESENTATION = "deckhand.games.basra.presentation:BasraPresentation"
    perfect_information = False
    FACE_UP: ClassVar[tuple[str, ...]] = ("table", "set_aside")
    """The table, and the jacks (and 7♦) dealt to it and put back (docs/games/basra.md, rules decisions)."""
    OPTIONS: ClassVar[dict[str, Option]] = OPTIONS
    PRESETS = PRESETS
    PRESET_INFO = PRESET_INFO
    AGENTS: ClassVar[dict[str, str]] = {
        "classic": "deckhand.games.basra.agents:ClassicAgent",
        "greedy": "deckhand.games.basra.agents:GreedyAgent",
    }
    LEVELS: ClassVar[dict[str, str]] = {
        "easy": "classic",
        "medium": "greedy",
        "hard": "ismcts:iterations=4800,seconds=1",
    }
    """``hard``'s work is iterations (about half a second's on an idle core): the same on a busy machine;
    the clock (wall time) only caps the wait. ``benchmarks/search_budget.py`` sizes them."""

    def new_initial_state(self) -> BasraState:
        return BasraState(self)

    # -- the rules' hooks: each is the function of the same name in notation, view or playout --
    def view(self, state: BasraState, player: int) -> BasraView:
        return BasraView(state, player)

    action_to_string = staticmethod(action_to_string)
    string_to_action = staticmethod(string_to_action)
    rollout_action = staticmethod(rollout_action)
    play_out = staticmethod(play_out)
    playout_estimate = staticmethod(playout_estimate)
    information_key = staticmethod(information_key)
