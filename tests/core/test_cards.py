"""Cards, codes and decks."""

from __future__ import annotations

import pytest

from deckhand import Card, NotationError, Rank, Suit, parse_cards
from deckhand.core.cards import CARDS, CODES, deck_44, deck_52, deck_54, standard_deck


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("SA", Rank.ACE, Suit.SPADES),
        ("H9", Rank.NINE, Suit.HEARTS),
        ("DX", Rank.TEN, Suit.DIAMONDS),
        ("d10", Rank.TEN, Suit.DIAMONDS),
        ("CK", Rank.KING, Suit.CLUBS),
        (" hq ", Rank.QUEEN, Suit.HEARTS),
        ("JK", Rank.JOKER, None),
    ],
)
def test_parse_reads_codes(text: str, rank: Rank, suit: Suit | None) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["", "S", "A", "SZ", "XA", "S11", "JJ", "KJ"])
def test_parse_rejects_what_is_not_a_card(text: str) -> None:
    with pytest.raises(NotationError, match="not a card code"):
        Card.parse(text)


def test_codes_round_trip_and_indexes_are_dense() -> None:
    assert [c.index for c in CARDS] == list(range(53))
    assert all(Card.parse(c.code) == c and CODES[c.index] == c.code for c in CARDS)
    assert str(Card.parse("DX")) == "DX" and repr(Card.parse("DX")) == "Card.parse('DX')"


def test_cards_are_values() -> None:
    assert Card(Rank.ACE, Suit.SPADES) == Card.parse("SA")
    assert len({Card(Rank.ACE, Suit.SPADES), Card.parse("sa")}) == 1
    with pytest.raises(AttributeError):
        Card.parse("SA").rank = Rank.TWO  # type: ignore[misc]


def test_a_joker_has_no_suit_and_a_card_has_one() -> None:
    with pytest.raises(NotationError):
        Card(Rank.JOKER, Suit.SPADES)
    with pytest.raises(NotationError):
        Card(Rank.ACE, None)


def test_names_for_sentences() -> None:
    assert Card.parse("DX").name == "10 of Diamonds"
    assert Card.parse("SA").name == "Ace of Spades"
    assert Card.parse("HQ").pretty == "Q♥"
    assert Card.parse("JK").name == "Joker"
    assert Card.parse("HK").is_red and not Card.parse("SK").is_red


def test_parse_cards_takes_spaces_commas_and_lists() -> None:
    assert parse_cards("SA H9, DX") == [Card.parse("SA"), Card.parse("H9"), Card.parse("DX")]
    assert parse_cards(["SA", "JK"]) == [Card.parse("SA"), Card.parse("JK")]


def test_standard_decks() -> None:
    assert len(deck_52()) == 52 and len(set(deck_52())) == 52
    assert len(deck_54()) == 54 and deck_54().count(Card.parse("JK")) == 2
    assert len(deck_44()) == 44
    assert not {c.rank for c in deck_44()} & {Rank.QUEEN, Rank.KING}
    assert standard_deck(jokers=1, without=[Rank.ACE])[-1] == Card.parse("JK")


@pytest.mark.parametrize(
    ("rank", "plural"),
    [
        (Rank.ACE, "aces"),
        (Rank.TWO, "2s"),
        (Rank.NINE, "9s"),
        (Rank.TEN, "10s"),
        (Rank.JACK, "jacks"),
        (Rank.QUEEN, "queens"),
        (Rank.KING, "kings"),
        (Rank.JOKER, "jokers"),
    ],
)
def test_ranks_in_the_plural_as_players_say_them(rank: Rank, plural: str) -> None:
    assert rank.plural == plural
