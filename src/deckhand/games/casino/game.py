"""The Casino game object: its names, agents and levels, saves and JSON, and the hooks that wire the files."""

from __future__ import annotations

import os
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, cast

from deckhand.core.encoding import Encoding
from deckhand.core.errors import ConfigError, IllegalActionError, NotationError, quote, shown_path
from deckhand.core.files import SAVE_FILE_LIMIT, read_text
from deckhand.core.options import Option
from deckhand.core.protocol import Action, State, View
from deckhand.games.casino.encoding import CasinoEncoding
from deckhand.games.casino.notation import action_to_string as write_action
from deckhand.games.casino.notation import string_to_action as read_action
from deckhand.games.casino.options import OPTIONS, PRESETS, CasinoSetup
from deckhand.games.casino.playout import play_out as policy_play_out
from deckhand.games.casino.playout import playout_estimate as tally_estimate
from deckhand.games.casino.playout import rollout_action as policy_action
from deckhand.games.casino.save import read_save as read_text_save
from deckhand.games.casino.save import write_save as write_text_save
from deckhand.games.casino.state import CasinoState
from deckhand.games.casino.view import CasinoView
from deckhand.games.casino.view import information_key as seat_key
from deckhand.games.casino.words import announce as announcement
from deckhand.games.casino.words import describe_action as action_words


class CasinoGame(CasinoSetup):
    """Two-player Casino (seed 004): captures, builds, rounds and the tournament to 21.

    >>> import deckhand
    >>> game = deckhand.load_game("casino")
    >>> state = game.new_initial_state()
    >>> state.action_to_string(state.legal_actions()[0])
    'heads'
    """

    name = "casino"
    rules_version = "1"
    title = "Casino"
    perfect_information = False
    FACE_UP: ClassVar[tuple[str, ...]] = ("table", "aside")
    """The loose cards and builds, and a round's leftovers set aside."""
    OPTIONS: ClassVar[Mapping[str, Option]] = OPTIONS
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    AGENTS: ClassVar[Mapping[str, str]] = {"greedy": "deckhand.games.casino.agents:GreedyAgent"}
    LEVELS: ClassVar[Mapping[str, str]] = {"easy": "random", "medium": "greedy", "hard": "ismcts:seconds=0.5"}
    HINTS: ClassVar[str | None] = "greedy"
    """Hints are the seed's help mode: the greedy move, told in its sentence."""
    SAVE_FORMATS: ClassVar[Mapping[str, str]] = {".txt": "the seed's text"}

    def new_initial_state(self) -> CasinoState:
        return CasinoState.initial(self)

    # -- the hooks: every State is a CasinoState here ------------------------
    def view(self, state: State, player: int) -> View:
        return CasinoView(cast(CasinoState, state), player)

    def information_key(self, state: State, player: int) -> Hashable:
        return seat_key(cast(CasinoState, state), player)

    def new_encoding(self) -> Encoding:
        return CasinoEncoding(self)

    def action_to_string(self, state: State, action: Action) -> str:
        return write_action(cast(CasinoState, state), action)

    def string_to_action(self, state: State, text: str) -> Action:
        return read_action(cast(CasinoState, state), text)

    def describe_action(self, state: State, action: Action) -> str:
        return action_words(cast(CasinoState, state), action)

    def announce(self, state: State, action: Action, names: Sequence[str]) -> list[str]:
        return announcement(cast(CasinoState, state), action, names)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        return policy_action(cast(CasinoState, state), rng)

    def play_out(self, state: State, rng: random.Random) -> list[float]:
        return policy_play_out(cast(CasinoState, state), rng)

    def playout_estimate(self, state: State) -> list[float] | None:
        return tally_estimate(cast(CasinoState, state))

    # -- saves ----------------------------------------------------------------
    def write_save(self, state: State, suffix: str) -> str:
        if suffix != ".txt":
            return super().write_save(state, suffix)
        return write_text_save(cast(CasinoState, state))

    def read_save(self, text: str, suffix: str) -> State:
        if suffix != ".txt":
            return super().read_save(text, suffix)
        return self.state_from_save(text)

    def state_from_save(self, text: str, *, source: str = "save file") -> CasinoState:
        """Read the seed's text format; a file short of cards warns (``warnings``) and sets them aside."""
        return read_text_save(self, text, source=source)

    def load_save(self, path: str | os.PathLike[str]) -> CasinoState:
        """Read a save file from disk."""
        text = read_text(path, what="save file", limit=SAVE_FILE_LIMIT)
        return self.state_from_save(text, source=shown_path(path))

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Replay ``history`` from the initial state, or from ``start`` (a save's text) when loaded."""
        self._check_json_header(data)
        start = data.get("start")
        history = data.get("history")
        if not isinstance(history, list) or not all(isinstance(s, str) for s in history):
            raise ConfigError("casino: saved state: 'history' must be a list of action strings")
        if start is None:
            state = self.new_initial_state()
        elif isinstance(start, str):
            state = read_text_save(self, start, source="saved state 'start'", quiet=True)
        else:
            raise ConfigError("casino: saved state: 'start' must be the text of a save file")
        for i, text in enumerate(history):
            try:
                state.apply_action(state.string_to_action(text))
            except (NotationError, IllegalActionError) as exc:
                raise ConfigError(f"casino: saved state: history[{i}] {quote(text)}: {exc}") from None
        return state
