"""Casino's options and presets, resolved into the card tables the rules read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckhand.core.cards import CARDS, Card, Rank, Suit
from deckhand.core.deck import looks_like_path, read_deck_option, stack_indices
from deckhand.core.errors import ConfigError, NotationError, file_token, shown_path
from deckhand.core.files import read_text
from deckhand.core.options import Described, Option, PresetInfo, choice, integer
from deckhand.core.protocol import Game, S_co
from deckhand.games.casino.moves import CasinoAction

ROUND_ACTIONS = 100
"""52 deals and 48 plays: the most actions one round takes."""

MIN_ROUND_POINTS = 7
"""10♦, 2♠ and four aces are always scored once every card is in a pile."""


def casino_deck(value: Any) -> list[str] | None:
    """``deck=``: card codes, or a deck file (one card per line, top first; a ``Deck:`` prefix is allowed)."""
    if looks_like_path(value):
        text = read_text(value, what="deck file")
        name = shown_path(value)
        codes: list[str] = []
        for number, line in enumerate(text.splitlines(), start=1):
            body = line.strip()
            if body.lower().startswith("deck:"):
                body = body[5:]
            for item in body.split():
                try:
                    codes.append(CARDS[Card.parse(item).index].code)
                except NotationError:
                    raise ConfigError(f"{name}, line {number}: {file_token(item)} is not a card code") from None
        if not codes:
            raise ConfigError(f"{name}: the deck file holds no cards")
        return codes
    return read_deck_option(value)


OPTIONS: Mapping[str, Option] = {
    "ace": Option(1, choice(1, 14, "1or14"), "an ace is worth 1, 14, or either (1or14)"),
    "target": Option(21, integer(1, 1000), "the tournament ends at the round where someone reaches it"),
    "deck": Option(
        None,
        Described(casino_deck, "card codes, or a deck file"),
        "stack the first round's deck: card codes or a deck file, top first",
        files=(),
    ),
}

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "ramapo": {"ace": 1, "target": 21},
    "aces-either": {"ace": "1or14", "target": 21},
}

PRESET_INFO: Mapping[str, PresetInfo] = {
    "ramapo": PresetInfo("Ramapo", "the standard rules: an ace counts 1; the first to 21 points wins"),
    "aces-either": PresetInfo("Aces 1 or 14", "as Ramapo, but an ace counts 1 or 14, as you choose"),
}
"""What the lobby and the menu say of each preset."""


class CasinoSetup(Game[S_co, CasinoAction]):
    """Casino with its options resolved: what the state reads (``game.py`` makes the states).

    Generic in the State, which comes after this file: ``game.py`` names it (``CasinoSetup[CasinoState]``).
    """

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

    def max_rounds(self) -> int:
        """Rounds a tournament can last: each full round hands out at least 7 points."""
        return 2 * (self.target - 1) // MIN_ROUND_POINTS + 1

    def max_game_length(self) -> int:
        # one more round for a game resumed from a save (its first round may be partial)
        return 2 + (self.max_rounds() + 1) * ROUND_ACTIONS

    def all_cards(self) -> list[str]:
        return [card.code for card in CARDS[:52]]
