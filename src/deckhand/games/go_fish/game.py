"""Go Fish as a deckhand game: the files of the package wired into the protocol's hooks."""

from __future__ import annotations

from typing import ClassVar

from deckhand.games.go_fish.notation import action_to_string, string_to_action
from deckhand.games.go_fish.options import GoFishSetup
from deckhand.games.go_fish.playout import play_out, rollout_action
from deckhand.games.go_fish.state import GoFishState
from deckhand.games.go_fish.view import GoFishView, information_key


class GoFishGame(GoFishSetup[GoFishState]):
    """Standard Go Fish for 2 to 6 players: ask for ranks, make books of four."""

    name: ClassVar[str] = "go_fish"
    rules_version: ClassVar[str] = "1"
    title: ClassVar[str] = "Go Fish"
    ENCODING: ClassVar[str] = "deckhand.games.go_fish.encoding:GoFishEncoding"
    PRESENTATION: ClassVar[str] = "deckhand.games.go_fish.presentation:GoFishPresentation"
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

    # -- the rules' hooks: each is the function of the same name in notation, view or playout --
    def view(self, state: GoFishState, player: int) -> GoFishView:
        return GoFishView(state, player)

    action_to_string = staticmethod(action_to_string)
    string_to_action = staticmethod(string_to_action)
    rollout_action = staticmethod(rollout_action)
    play_out = staticmethod(play_out)
    information_key = staticmethod(information_key)
