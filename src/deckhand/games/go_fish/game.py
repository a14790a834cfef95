"""Go Fish as a deckhand game: the files of the package wired into the protocol's hooks."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import ClassVar

from deckhand.core.protocol import Action, View
from deckhand.games.go_fish.agents import suggest
from deckhand.games.go_fish.notation import action_to_string, string_to_action
from deckhand.games.go_fish.options import GoFishSetup
from deckhand.games.go_fish.playout import play_out, rollout_action
from deckhand.games.go_fish.state import GoFishState
from deckhand.games.go_fish.view import GoFishView, information_key
from deckhand.games.go_fish.words import announce, describe_action, is_quiet, tell_move


class GoFishGame(GoFishSetup[GoFishState]):
    """Standard Go Fish for 2 to 6 players: ask for ranks, make books of four."""

    name: ClassVar[str] = "go_fish"
    rules_version: ClassVar[str] = "1"
    title: ClassVar[str] = "Go Fish"
    ENCODING: ClassVar[str] = "deckhand.games.go_fish.encoding:GoFishEncoding"
    FACE_UP: ClassVar[tuple[str, ...]] = ("books",)
    """The books laid down."""
    AGENTS: ClassVar[dict[str, str]] = {
        "guess": "deckhand.games.go_fish.agents:GuessAgent",
        "recall": "deckhand.games.go_fish.agents:RecallAgent",
        "infer": "deckhand.games.go_fish.agents:InferAgent",
    }
    LEVELS: ClassVar[dict[str, str]] = {"easy": "guess", "medium": "recall", "hard": "infer"}
    """``hard`` reckons its chances from worlds dealt to fit the history; the plain search (``SEARCH``) loses
    to ``recall`` (docs/performance.md, Go Fish)."""
    SEARCH: ClassVar[str] = "ismcts:iterations=1000,widen=0.1,opponents=policy"

    def new_initial_state(self) -> GoFishState:
        return GoFishState(self)

    # -- hooks: each calls the function of the same name in notation, words, view or playout --
    def view(self, state: GoFishState, player: int) -> GoFishView:
        return GoFishView(state, player)

    def action_to_string(self, state: GoFishState, action: Action) -> str:
        return action_to_string(state, action)

    def string_to_action(self, state: GoFishState, text: str) -> Action:
        return string_to_action(state, text)

    def describe_action(self, state: GoFishState, action: Action) -> str:
        return describe_action(state, action)

    def tell_move(self, state: GoFishState, action: Action, names: Sequence[str]) -> str:
        return tell_move(state, action, names)

    def announce(self, state: GoFishState, action: Action, names: Sequence[str]) -> list[str]:
        return announce(state, action, names)

    def suggest(self, view: View, action: Action, names: Sequence[str]) -> str:
        return suggest(view, action, names)

    def is_quiet(self, state: GoFishState, action: Action) -> bool:
        return is_quiet(state, action)

    def rollout_action(self, state: GoFishState, rng: random.Random) -> Action:
        return rollout_action(state, rng)

    def play_out(self, state: GoFishState, rng: random.Random) -> list[float]:
        return play_out(state, rng)

    def information_key(self, state: GoFishState, player: int) -> Hashable:
        return information_key(state, player)
