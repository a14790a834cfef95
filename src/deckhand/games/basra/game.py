"""The Basra game object: its name and agents, and the hooks that wire the rules to the later files."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import ClassVar

from deckhand.core.cards import Card
from deckhand.core.errors import NotationError
from deckhand.core.options import Option
from deckhand.core.protocol import Action, View
from deckhand.core.tally import Tally
from deckhand.core.words import Reasons
from deckhand.games.basra.agents import choice_reasons, suggest
from deckhand.games.basra.captures import why_no_move
from deckhand.games.basra.notation import action_to_string, string_to_action
from deckhand.games.basra.options import OPTIONS, PRESET_INFO, PRESETS, BasraSetup
from deckhand.games.basra.playout import play_out, playout_estimate, rollout_action
from deckhand.games.basra.state import BasraState
from deckhand.games.basra.tally import deck_tally
from deckhand.games.basra.view import BasraView, information_key
from deckhand.games.basra.words import announce, describe_action, tell_move


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

    # -- hooks: each calls the function of the same name in notation, words, view or playout --
    def view(self, state: BasraState, player: int) -> BasraView:
        return BasraView(state, player)

    def action_to_string(self, state: BasraState, action: Action) -> str:
        return action_to_string(state, action)

    def string_to_action(self, state: BasraState, text: str) -> Action:
        return string_to_action(state, text)

    def describe_action(self, state: BasraState, action: Action) -> str:
        return describe_action(state, action)

    def tell_move(self, state: BasraState, action: Action, names: Sequence[str]) -> str:
        return tell_move(state, action, names)

    def suggest(self, view: View, action: Action, names: Sequence[str]) -> str:
        return suggest(view, action, names)

    def choice_reasons(self, view: View, action: Action, rivals: Sequence[Action]) -> Reasons:
        return choice_reasons(view, action, rivals)

    def announce(self, state: BasraState, action: Action, names: Sequence[str]) -> list[str]:
        return announce(state, action, names)

    def tally(self, state: BasraState, action: Action, names: Sequence[str]) -> Tally | None:
        return deck_tally(state, action, names)

    def why_no_move(self, state: BasraState, cards: Sequence[str]) -> str:
        """The rule of what a card takes, when the cards picked make no move (a card alone always has one)."""
        try:
            picked = [Card.parse(code).index for code in cards]
        except NotationError:
            return ""
        if state.to_move < 0 or len(picked) < 2:
            return ""
        hand = state.hands[state.to_move]
        return why_no_move(picked[0], picked[1:], hand, state.table, self.seven_diamonds)

    def rollout_action(self, state: BasraState, rng: random.Random) -> Action:
        return rollout_action(state, rng)

    def play_out(self, state: BasraState, rng: random.Random) -> list[float]:
        return play_out(state, rng)

    def playout_estimate(self, state: BasraState) -> list[float] | None:
        return playout_estimate(state)

    def information_key(self, state: BasraState, player: int) -> Hashable:
        return information_key(state, player)
