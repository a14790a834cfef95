"""Three Trios: the Game, and the hooks wiring notation, words, view and playouts to the rules."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar

from deckhand.core.options import Option, PresetInfo
from deckhand.core.protocol import Action, View, view_as
from deckhand.core.words import Reasons
from deckhand.games.three_trios.agents import choice_reasons, suggest
from deckhand.games.three_trios.hints import hint_marks
from deckhand.games.three_trios.notation import action_to_string, string_to_action
from deckhand.games.three_trios.options import OPTIONS, PRESET_INFO, PRESETS, ThreeTriosSetup
from deckhand.games.three_trios.playout import play_out, rollout_action
from deckhand.games.three_trios.state import ThreeTriosState
from deckhand.games.three_trios.view import ThreeTriosView, information_key
from deckhand.games.three_trios.words import describe_action, tell_move


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
    perfect_information = True
    OPTIONS: ClassVar[Mapping[str, Option]] = OPTIONS
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    PRESET_INFO: ClassVar[Mapping[str, PresetInfo]] = PRESET_INFO
    SEAT_LABELS: ClassVar[tuple[str, ...]] = ("red (R)", "blue (B)")
    HINT_MARKS: ClassVar[str] = "cards that CARD would flip in each empty cell"
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

    def action_to_string(self, state: ThreeTriosState, action: Action) -> str:
        return action_to_string(state, action)

    def string_to_action(self, state: ThreeTriosState, text: str) -> Action:
        return string_to_action(state, text)

    def describe_action(self, state: ThreeTriosState, action: Action) -> str:
        return describe_action(state, action)

    def tell_move(self, state: ThreeTriosState, action: Action, names: Sequence[str]) -> str:
        return tell_move(state, action, names)

    def suggest(self, view: View, action: Action, names: Sequence[str]) -> str:
        return suggest(view, action, names)

    def choice_reasons(self, view: View, action: Action, rivals: Sequence[Action]) -> Reasons:
        return choice_reasons(view, action, rivals)

    def rollout_action(self, state: ThreeTriosState, rng: random.Random) -> Action:
        return rollout_action(state, rng)

    def play_out(self, state: ThreeTriosState, rng: random.Random) -> list[float]:
        return play_out(state, rng)

    def information_key(self, state: ThreeTriosState, player: int) -> Hashable:
        return information_key(state, player)

    def hint_marks(
        self, view: View, selection: str | None = None, move: Action | None = None
    ) -> tuple[str, dict[str, int]]:
        return hint_marks(view_as(view, ThreeTriosView), selection, move)

    def pieces(self) -> dict[str, Any]:
        """Each card's four values, as the assignment prints them (``A`` for 10): north, south, east, west."""
        return {c.name: {"n": c.north, "s": c.south, "e": c.east, "w": c.west} for c in self.card_list}
