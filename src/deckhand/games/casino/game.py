"""The Casino game object: options, precomputed card tables, saves and JSON."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from deckhand.core.cards import CARDS, Rank, Suit
from deckhand.core.deck import read_deck_option, stack_indices
from deckhand.core.errors import ConfigError, IllegalActionError, NotationError, is_file, quote
from deckhand.core.options import Option, choice, integer
from deckhand.core.protocol import Game, State

ROUND_ACTIONS = 100
"""52 deals and 48 plays: the most actions one round takes."""

MIN_ROUND_POINTS = 7
"""10♦, 2♠ and four aces are always scored once every card is in a pile."""


def casino_deck(value: Any) -> list[str] | None:
    """``deck=``: card codes, or a deck file (one card per line, top first; a ``Deck:`` prefix is allowed)."""
    if isinstance(value, (str, os.PathLike)) and is_file(value):
        path = Path(value)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: cannot read deck file: {exc}") from None
        codes: list[str] = []
        for number, line in enumerate(text.splitlines(), start=1):
            body = line.strip()
            if body.lower().startswith("deck:"):
                body = body[5:]
            for item in body.split():
                try:
                    codes.append(CARDS[_code_index(item)].code)
                except NotationError:
                    raise ConfigError(f"{path}, line {number}: {quote(item, 8)} is not a card code") from None
        if not codes:
            raise ConfigError(f"{path}: the deck file holds no cards")
        return codes
    return read_deck_option(value)


def _code_index(item: str) -> int:
    from deckhand.core.cards import Card

    return Card.parse(item).index


class CasinoGame(Game):
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
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        "ace": Option(1, choice(1, 14, "1or14"), "an ace is worth 1, 14, or either (1or14)"),
        "target": Option(21, integer(1, 1000), "the tournament ends at the round where someone reaches it"),
        "deck": Option(None, casino_deck, "stack the first round's deck: card codes or a deck file, top first"),
    }
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "ramapo": {"ace": 1, "target": 21},
        "aces-either": {"ace": "1or14", "target": 21},
    }
    AGENTS: ClassVar[Mapping[str, str]] = {"greedy": "deckhand.games.casino.agents:GreedyAgent"}
    LEVELS: ClassVar[Mapping[str, str]] = {"easy": "random", "medium": "greedy", "hard": "ismcts:iterations=2000"}
    HINTS: ClassVar[str | None] = "greedy"
    """Hints are the seed's help mode: the greedy move, told in its sentence."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        ace = self.options["ace"]
        ace_vals = (1,) if ace == 1 else (14,) if ace == 14 else (1, 14)
        self.maxv = 13 if ace == 1 else 14
        self.vals: tuple[tuple[int, ...], ...] = tuple(
            ace_vals if card.rank is Rank.ACE else (card.rank.number,) for card in CARDS[:52]
        )
        self.rank: tuple[int, ...] = tuple(card.rank.number for card in CARDS[:52])
        self.spade: tuple[bool, ...] = tuple(card.suit is Suit.SPADES for card in CARDS[:52])
        self.stack = stack_indices(self.name, self.options["deck"], list(range(52)))
        self.target: int = self.options["target"]

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> CasinoState:
        return CasinoState.initial(self)

    def max_rounds(self) -> int:
        """Rounds a tournament can last: each full round hands out at least 7 points."""
        return 2 * (self.target - 1) // MIN_ROUND_POINTS + 1

    def max_game_length(self) -> int:
        # one more round for a game resumed from a save (its first round may be partial)
        return 2 + (self.max_rounds() + 1) * ROUND_ACTIONS

    def all_cards(self) -> list[str]:
        return [card.code for card in CARDS[:52]]

    def state_from_save(self, text: str, *, source: str = "save file") -> CasinoState:
        """Read the seed's text format; a file short of cards warns (``warnings``) and sets them aside."""
        from deckhand.games.casino.save import read_save

        return read_save(self, text, source=source)

    def load_save(self, path: str | os.PathLike[str]) -> CasinoState:
        """Read a save file from disk."""
        try:
            text = Path(path).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: cannot read save file: {exc}") from None
        return self.state_from_save(text, source=str(path))

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
            from deckhand.games.casino.save import read_save

            state = read_save(self, start, source="saved state 'start'", quiet=True)
        else:
            raise ConfigError("casino: saved state: 'start' must be the text of a save file")
        for i, text in enumerate(history):
            try:
                state.apply_action(state.string_to_action(text))
            except (NotationError, IllegalActionError) as exc:
                raise ConfigError(f"casino: saved state: history[{i}] {quote(text)}: {exc}") from None
        return state


from deckhand.games.casino.state import CasinoState  # noqa: E402
