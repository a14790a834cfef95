"""The Casino game object: its names, agents and levels, saves and JSON, and the hooks that wire the files."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, ClassVar

from deckhand.core.errors import ConfigError, IllegalActionError, NotationError, quote, shown_path
from deckhand.core.files import SAVE_FILE_LIMIT, read_text
from deckhand.core.options import Option, PresetInfo
from deckhand.games.casino.notation import action_to_string, string_to_action
from deckhand.games.casino.options import OPTIONS, PRESET_INFO, PRESETS, CasinoSetup
from deckhand.games.casino.playout import play_out, playout_estimate, rollout_action
from deckhand.games.casino.save import read_save as read_text_save
from deckhand.games.casino.save import write_save as write_text_save
from deckhand.games.casino.state import CasinoState
from deckhand.games.casino.view import CasinoView, information_key


class CasinoGame(CasinoSetup[CasinoState]):
    """Two-player Casino (the Casino course rules): captures, builds, rounds and the tournament to 21.

    >>> import deckhand
    >>> game = deckhand.load_game("casino")
    >>> state = game.new_initial_state()
    >>> state.action_to_string(state.legal_actions()[0])
    'heads'
    """

    name = "casino"
    rules_version = "1"
    title = "Casino"
    ENCODING = "deckhand.games.casino.encoding:CasinoEncoding"
    PRESENTATION = "deckhand.games.casino.presentation:CasinoPresentation"
    perfect_information = False
    FACE_UP: ClassVar[tuple[str, ...]] = ("table", "aside")
    """The loose cards and builds, and a round's leftovers set aside."""
    OPTIONS: ClassVar[Mapping[str, Option]] = OPTIONS
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    PRESET_INFO: ClassVar[Mapping[str, PresetInfo]] = PRESET_INFO
    AGENTS: ClassVar[Mapping[str, str]] = {"greedy": "deckhand.games.casino.agents:GreedyAgent"}
    LEVELS: ClassVar[Mapping[str, str]] = {
        "easy": "random",
        "medium": "greedy",
        "hard": "ismcts:iterations=2000,seconds=1",
    }
    """``hard``'s work is iterations (about half a second's on an idle core): the same on a busy machine;
    the clock (wall time) only caps the wait. ``benchmarks/search_budget.py`` sizes them."""
    HINTS: ClassVar[str | None] = "greedy"
    """Hints are the course's help mode: the greedy move, told in its sentence."""
    SAVE_FORMATS: ClassVar[Mapping[str, str]] = {".txt": "the course's text"}

    def new_initial_state(self) -> CasinoState:
        return CasinoState.initial(self)

    # -- the rules' hooks: each is the function of the same name in notation, view or playout --
    def view(self, state: CasinoState, player: int) -> CasinoView:
        return CasinoView(state, player)

    action_to_string = staticmethod(action_to_string)
    string_to_action = staticmethod(string_to_action)
    rollout_action = staticmethod(rollout_action)
    play_out = staticmethod(play_out)
    playout_estimate = staticmethod(playout_estimate)
    information_key = staticmethod(information_key)

    # -- saves ----------------------------------------------------------------
    def write_save(self, state: CasinoState, suffix: str) -> str:
        if suffix != ".txt":
            return super().write_save(state, suffix)
        return write_text_save(state)

    def read_save(self, text: str, suffix: str) -> CasinoState:
        if suffix != ".txt":
            return super().read_save(text, suffix)
        return self.state_from_save(text)

    def state_from_save(self, text: str, *, source: str = "save file") -> CasinoState:
        """Read the course's text format; a file short of cards warns (``warnings``) and sets them aside."""
        return read_text_save(self, text, source=source)

    def load_save(self, path: str | os.PathLike[str]) -> CasinoState:
        """Read a save file from disk."""
        text = read_text(path, what="save file", limit=SAVE_FILE_LIMIT)
        return self.state_from_save(text, source=shown_path(path))

    def state_from_json(self, data: Mapping[str, Any]) -> CasinoState:
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
