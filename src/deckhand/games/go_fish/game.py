"""Go Fish as a deckhand game: the files of the package wired into the protocol's hooks."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import ClassVar

from deckhand.core.encoding import Encoding
from deckhand.core.protocol import Action, State, View
from deckhand.games.go_fish.encoding import GoFishEncoding
from deckhand.games.go_fish.notation import action_to_string, string_to_action
from deckhand.games.go_fish.options import GoFishSetup
from deckhand.games.go_fish.playout import play_out, rollout_action
from deckhand.games.go_fish.state import GoFishState
from deckhand.games.go_fish.view import GoFishView, information_key
from deckhand.games.go_fish.words import announce, describe_action, is_quiet


def _state(state: State) -> GoFishState:
    assert isinstance(state, GoFishState)
    return state


class GoFishGame(GoFishSetup):
    """Standard Go Fish for 2 to 6 players: ask for ranks, make books of four."""

    name: ClassVar[str] = "go_fish"
    rules_version: ClassVar[str] = "1"
    title: ClassVar[str] = "Go Fish"
    FACE_UP: ClassVar[tuple[str, ...]] = ("books",)
    """The books laid down."""
    AGENTS: ClassVar[dict[str, str]] = {
        "guess": "deckhand.games.go_fish.agents:GuessAgent",
        "recall": "deckhand.games.go_fish.agents:RecallAgent",
    }
    LEVELS: ClassVar[dict[str, str]] = {"easy": "guess", "medium": "recall"}
    """No ``hard`` yet: the best search found (``SEARCH``) loses to ``recall`` (docs/performance.md, Go Fish)."""
    SEARCH: ClassVar[str] = "ismcts:iterations=1000,widen=0.1,opponents=policy"

    def new_initial_state(self) -> GoFishState:
        return GoFishState(self)

    def view(self, state: State, player: int) -> View:
        return GoFishView(_state(state), player)

    def action_to_string(self, state: State, action: Action) -> str:
        return action_to_string(_state(state), action)

    def string_to_action(self, state: State, text: str) -> Action:
        return string_to_action(_state(state), text)

    def describe_action(self, state: State, action: Action) -> str:
        return describe_action(_state(state), action)

    def announce(self, state: State, action: Action, names: Sequence[str]) -> list[str]:
        return announce(_state(state), action, names)

    def is_quiet(self, state: State, action: Action) -> bool:
        return is_quiet(_state(state), action)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        return rollout_action(_state(state), rng)

    def play_out(self, state: State, rng: random.Random) -> list[float]:
        return play_out(_state(state), rng)

    def information_key(self, state: State, player: int) -> Hashable:
        return information_key(_state(state), player)

    def new_encoding(self) -> Encoding:
        return GoFishEncoding(self)
