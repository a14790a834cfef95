"""Cambio's options and its two presets (docs/games/cambio.md, rules decisions): every preset line is an option.

:class:`CambioSetup` resolves them once per game into the tables (card
values, powers, the full deck) so that the rules in :mod:`state` only index
lists of ints.
"""

from __future__ import annotations

import functools
from typing import Any

from deckhand.core.cards import CARDS, CODES, JOKER_INDEX, Rank
from deckhand.core.deck import stack_indices
from deckhand.core.errors import ConfigError, quote
from deckhand.core.options import DECK_OPTION, Described, Option, PresetInfo, boolean, choice, integer
from deckhand.core.protocol import Game, S_co

_SLOT = integer(0, 7)


def slot_list(value: Any) -> list[int]:
    """Slots seen at the deal: ``"2 3"``, ``"2,3"`` or ``[2, 3]``."""
    if not isinstance(value, str | list | tuple):
        raise ValueError("expected slot numbers")
    items = value.replace(",", " ").split() if isinstance(value, str) else list(value)
    out: list[int] = []
    for item in items:
        try:
            slot = _SLOT(item)
        except ValueError:
            raise ValueError(f"{quote(item)} is not a slot from 0 to 7") from None
        if slot not in out:
            out.append(slot)
    return sorted(out)


OPTIONS: dict[str, Option] = {
    "players": Option(2, integer(2, 6), "number of seats"),
    "jokers": Option(False, boolean, "add two jokers (a 54-card deck)"),
    "cards": Option(4, integer(1, 8), "cards dealt to each seat"),
    "known_slots": Option([0, 1], Described(slot_list, "slot numbers 0 to 7"), "slots each seat sees at the deal"),
    "values": Option(
        "classic",
        choice("classic", "house"),
        "classic: J 11, Q 12, black K 13; house: J/Q/black K 10, joker 0 (red K -1 in both)",
    ),
    "take_discard": Option(True, boolean, "a turn may take the top discard instead of drawing"),
    "king_power": Option(
        "any",
        choice("any", "peeked"),
        "black K: peek any card then switch any own/opponent pair (any), "
        "or peek another seat's card then switch that one with one of yours (peeked)",
    ),
    "jq_power": Option(
        "own",
        choice("own", "any"),
        "J/Q blind switch: one own card with an opponent's (own), or any two seats' cards (any)",
    ),
    "caller_locked": Option(
        False, boolean, "after 'cambio' the caller's cards cannot be switched and it sits out sticking"
    ),
    "sticking": Option(False, boolean, "stick windows after every play"),
    "max_rounds": Option(60, integer(1, 1000), "the game ends after this many full rounds"),
    "deck": DECK_OPTION,
}

PRESETS: dict[str, dict[str, Any]] = {
    "classic": {
        "players": 2,
        "jokers": False,
        "cards": 4,
        "known_slots": [0, 1],
        "values": "classic",
        "take_discard": True,
        "king_power": "any",
        "jq_power": "own",
        "caller_locked": False,
        "sticking": False,
        "max_rounds": 60,
    },
    "house": {
        "players": 2,
        "jokers": True,
        "cards": 4,
        "known_slots": [2, 3],
        "values": "house",
        "take_discard": False,
        "king_power": "peeked",
        "jq_power": "any",
        "caller_locked": True,
        "sticking": True,
        "max_rounds": 60,
    },
}

PRESET_INFO: dict[str, PresetInfo] = {
    "classic": PresetInfo(
        "Classic", "52 cards; you know your first two cards; you may take the top discard; no sticking"
    ),
    "house": PresetInfo(
        "House rules",
        "two jokers; you know your bottom two cards; sticking on; the caller's cards are locked",
    ),
}
"""What the lobby and the menu say of each preset."""

# Powers of a card drawn from the deck and discarded.
NO_POWER, PEEK_OWN, PEEK_OTHER, SWITCH, KING = 0, 1, 2, 3, 4


@functools.cache
def value_table(kind: str) -> list[int]:
    """Points per card index (0..52) for ``values=kind``: one list for every game (read, never changed)."""
    table = []
    for card in CARDS:
        rank = card.rank
        if rank is Rank.JOKER:
            table.append(0)
        elif rank is Rank.KING:
            table.append(-1 if card.is_red else (13 if kind == "classic" else 10))
        elif rank in (Rank.JACK, Rank.QUEEN) and kind == "house":
            table.append(10)
        else:
            table.append(rank.number)
    return table


@functools.cache
def power_table() -> list[int]:
    """The power per card index; red kings and jokers have none: one list for every game (read, never changed)."""
    table = []
    for card in CARDS:
        n = card.rank.number
        if n in (7, 8):
            table.append(PEEK_OWN)
        elif n in (9, 10):
            table.append(PEEK_OTHER)
        elif n in (11, 12):
            table.append(SWITCH)
        elif n == 13 and not card.is_red:
            table.append(KING)
        else:
            table.append(NO_POWER)
    return table


@functools.cache
def rank_table() -> list[int]:
    """Rank per card index for sticking: kings match kings, jokers match jokers (one list for every game)."""
    return [card.rank.number for card in CARDS]


def full_deck(jokers: bool) -> list[int]:
    """Card indices of the deck: 52 cards, and two jokers (index 52 twice) if asked."""
    return list(range(52)) + ([JOKER_INDEX, JOKER_INDEX] if jokers else [])


class CambioSetup(Game[S_co, int]):
    """Cambio's options resolved into what the rules read; :class:`~.game.CambioGame` adds the rest.

    Generic in the State, which comes after this file: ``game.py`` names it (``CambioSetup[CambioState]``).
    """

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.players: int = o["players"]
        self.cards_per_seat: int = o["cards"]
        bad = [s for s in o["known_slots"] if s >= self.cards_per_seat]
        if bad:
            raise ConfigError(f"cambio: option known_slots: slot {bad[0]} is not among the {self.cards_per_seat} dealt")
        self.known_slots: tuple[int, ...] = tuple(o["known_slots"])
        self.deck_list: list[int] = full_deck(o["jokers"])
        self.deck_counts: list[int] = [0] * 53
        for card in self.deck_list:
            self.deck_counts[card] += 1
        self.twins: bool = max(self.deck_counts) > 1
        """Whether some card is in the deck twice (the jokers): then a draw takes the first copy in the pile."""
        self.stack: tuple[int, ...] = stack_indices("cambio", o["deck"], self.deck_list)
        self.value: list[int] = value_table(o["values"])
        self.top_value: int = max(self.value)
        """The highest value a card has."""
        self.power: list[int] = power_table()
        self.rank: list[int] = rank_table()
        self.all_mask: int = (1 << self.players) - 1
        self.take_discard: bool = o["take_discard"]
        self.king_peeked: bool = o["king_power"] == "peeked"
        self.jq_any: bool = o["jq_power"] == "any"
        self.caller_locked: bool = o["caller_locked"]
        self.sticking: bool = o["sticking"]
        self.turn_limit: int = o["max_rounds"] * self.players

    @property
    def num_players(self) -> int:
        return self.players

    def max_game_length(self) -> int:
        n = self.players
        # deal, then per turn: draw, card, play, two power steps, and a window of
        # a stick or pass and a penalty card per seat, and a give
        return n * self.cards_per_seat + self.turn_limit * (5 + 2 * n + 1) + 1

    def all_cards(self) -> list[str]:
        return [CODES[c] for c in self.deck_list]
