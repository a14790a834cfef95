"""Three Trios: the Game, and the hooks wiring notation, words, view and playouts to the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from deckhand.core.options import Option, PresetInfo
from deckhand.games.three_trios.notation import action_to_string, string_to_action
from deckhand.games.three_trios.options import OPTIONS, PRESET_INFO, PRESETS, ThreeTriosSetup
from deckhand.games.three_trios.playout import play_out, rollout_action
from deckhand.games.three_trios.state import ThreeTriosState
from deckhand.games.three_trios.view import ThreeTriosView, information_key


class ThreeTriosGame(ThreeTriosSetup[ThreeTriosState]):
    """Three Trios for two seats, red (0) and blue (1), both hands open.

    >>> game = ThreeTriosGame(preset="file-order")
    >>> state = game.new_initial_state()
    >>> state.apply_action(state.string_to_action("Griffin 1,1"))
    >>> state.to_json()["board"]
    ['...', '.R.', '...']
    """

    name = "three_trios"
    rules_version = "2"
    title = "Three Trios"
    ENCODING = "deckhand.games.three_trios.encoding:ThreeTriosEncoding"
    PRESENTATION = "deckhand.games.three_trios.presentation:ThreeTriosPresentation"
    perfect_information = True
    OPTIONS: ClassVar[Mapping[str, Option]] = OPTIONS
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    PRESET_INFO: ClassVar[Mapping[str, PresetInfo]] = PRESET_INFO
    AGENTS: ClassVar[Mapping[str, str]] = {
        "corner": "deckhand.games.three_trios.agents:CornerAgent",
        "flip-most": "deckhand.games.three_trios.agents:FlipMostAgent",
        "least-exposed": "deckhand.games.three_trios.agents:LeastExposedAgent",
        "minimax": "deckhand.games.three_trios.agents:MinimaxAgent",
        "solver": "deckhand.games.three_trios.solver:SolverAgent",
        # The Three Trios assignment's command line names its four strategies so (its "Arguments").
        "strategy1": "deckhand.games.three_trios.agents:CornerAgent",
        "strategy2": "deckhand.games.three_trios.agents:FlipMostAgent",
        "strategy3": "deckhand.games.three_trios.agents:LeastExposedAgent",
        "strategy4": "deckhand.games.three_trios.agents:MinimaxAgent",
    }
    LEVELS: ClassVar[Mapping[str, str]] = {
        "easy": "corner",
        "medium": "flip-most",
        # On the 5x5 holes board (shuffled, paired games; benchmarks/strength.py) hard and expert
        # beat minimax 0.968 and 0.983 over 200 games, and expert beat hard 0.63; both need well under
        # a second of CPU a move. On a 3x3 board expert plays exactly from the second move, hard from the third.
        "hard": "solver:exact_nodes=10000,nodes=2000",
        "expert": "solver:exact_nodes=40000,nodes=40000",
    }

    def new_initial_state(self) -> ThreeTriosState:
        return ThreeTriosState(self)

    # -- hooks: each calls the function of the same name in notation, words, view, playout or hints --
    # (announce, is_quiet, playout_estimate, glimpse and the saves keep the core defaults)
    def view(self, state: ThreeTriosState, player: int) -> ThreeTriosView:
        return ThreeTriosView(state, player)

    action_to_string = staticmethod(action_to_string)
    string_to_action = staticmethod(string_to_action)
    rollout_action = staticmethod(rollout_action)
    play_out = staticmethod(play_out)
    information_key = staticmethod(information_key)
