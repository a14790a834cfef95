"""Playing cards as frozen values, their codes, and the standard decks.

A card's code is its suit letter then its rank letter (``SA H9 DX CK``, X is
ten); the joker is ``JK``. Every card also has a dense integer ``index``
(0..52) so that game states can hold plain ints in their hot paths and turn
them back into cards with :data:`CARDS`.

>>> Card.parse("DX")
Card.parse('DX')
>>> [str(c) for c in parse_cards("SA h9 d10")]
['SA', 'H9', 'DX']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from deckhand.core.errors import NotationError, quote


class Suit(enum.Enum):
    """The four suits; values are the notation letters."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(enum.Enum):
    """Ace to king, and the joker; values are the notation characters."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "X"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    JOKER = "JK"

    @property
    def number(self) -> int:
        """1 for the ace up to 13 for the king; 0 for the joker."""
        return _RANK_NUMBERS[self]

    @property
    def label(self) -> str:
        """How a person writes the rank: ``A 2 … 10 J Q K``, ``Joker``."""
        return {Rank.TEN: "10", Rank.JOKER: "Joker"}.get(self, self.value)

    @property
    def word(self) -> str:
        """The rank's English name, for sentences ("the Queen of Hearts")."""
        return self.name.capitalize()

    @property
    def plural(self) -> str:
        """The rank in the plural, as players say it: ``aces``, ``10s``, ``jacks``, ``jokers``.

        Numerals take an ``s`` (``9s``), court cards and aces their word's
        plural: a letter with an ``s`` (``Xs``, ``As``) is nobody's English.
        """
        if 2 <= self.number <= 10:
            return f"{self.label}s"
        return f"{self.name.lower()}s"


_RANK_NUMBERS = {rank: i + 1 for i, rank in enumerate(list(Rank)[:13])}
_RANK_NUMBERS[Rank.JOKER] = 0

# Codes people type that mean the same rank.
_RANK_ALIASES = {"10": Rank.TEN, "T": Rank.TEN, "1": Rank.ACE}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A playing card. Equal cards share one code, one hash and one index."""

    rank: Rank
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise NotationError(
                f"a {self.rank.name.lower()} needs " + ("no suit" if self.rank is Rank.JOKER else "a suit")
            )

    @property
    def code(self) -> str:
        if self.suit is None:
            return "JK"
        return self.suit.value + self.rank.value

    @property
    def index(self) -> int:
        """Dense id: suit position * 13 + rank position; the joker is 52."""
        if self.suit is None:
            return 52
        return _SUIT_POS[self.suit] * 13 + _RANK_NUMBERS[self.rank] - 1

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    @property
    def name(self) -> str:
        """English name: ``10 of Diamonds``, ``Joker``."""
        if self.suit is None:
            return "Joker"
        numeral = 2 <= self.rank.number <= 10
        return f"{self.rank.label if numeral else self.rank.word} of {self.suit.name.capitalize()}"

    @property
    def pretty(self) -> str:
        """Short form with a suit symbol: ``10♦``, ``A♠``, ``Joker``."""
        if self.suit is None:
            return "Joker"
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.rank is other.rank and self.suit is other.suit

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card code such as ``SA``, ``h9``, ``DX``, ``D10`` or ``JK``."""
        card = _BY_CODE.get(text.strip().upper())
        if card is None:
            raise NotationError(f"not a card code: {quote(text, 8)} (expected suit then rank, e.g. SA, H9, DX, JK)")
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        return CARDS[index]


_SUIT_POS = {suit: i for i, suit in enumerate(Suit)}

CARDS: tuple[Card, ...] = tuple(
    [Card(rank, suit) for suit in Suit for rank in list(Rank)[:13]] + [Card(Rank.JOKER, None)]
)
"""Every distinct card, ordered by :attr:`Card.index`."""

CODES: tuple[str, ...] = tuple(card.code for card in CARDS)
"""Card codes by index, for states that hold cards as ints."""

JOKER_INDEX = 52

_BY_CODE: dict[str, Card] = {card.code: card for card in CARDS}
for _card in CARDS[:52]:
    assert _card.suit is not None
    for _alias, _rank in _RANK_ALIASES.items():
        if _rank is _card.rank:
            _BY_CODE[_card.suit.value + _alias] = _card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read card codes separated by spaces or commas (or an iterable of codes)."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(item) for item in items]


def code_index(code: str) -> int:
    """The dense index of a card code; ``NotationError`` if it is not one."""
    return Card.parse(code).index


def standard_deck(*, jokers: int = 0, without: Iterable[Rank] = ()) -> list[Card]:
    """A fresh deck in suit-then-rank order: 52 cards, plus jokers, minus ranks."""
    skip = set(without)
    deck = [card for card in CARDS[:52] if card.rank not in skip]
    return deck + [CARDS[JOKER_INDEX]] * jokers


def deck_52() -> list[Card]:
    return standard_deck()


def deck_54() -> list[Card]:
    """52 cards and two jokers (Cambio's house preset)."""
    return standard_deck(jokers=2)


def deck_44() -> list[Card]:
    """52 cards without queens and kings (Basra's bazzi preset)."""
    return standard_deck(without=(Rank.QUEEN, Rank.KING))
