"""The core: cards, decks, the game protocol, errors, options and the registry.

It imports nothing else from deckhand; games import only this.
"""

from deckhand.core.cards import CARDS, CODES, Card, Rank, Suit, deck_44, deck_52, deck_54, parse_cards, standard_deck
from deckhand.core.errors import (
    AmbiguousActionError,
    ConfigError,
    DeckhandError,
    IllegalActionError,
    NotationError,
)
from deckhand.core.options import DECK_OPTION, Option
from deckhand.core.presentation import Presentation, presentation_of
from deckhand.core.protocol import Action, FullView, Game, RedactedView, State, View, view_as
from deckhand.core.registry import game_class, games, load_game, register_game
from deckhand.core.turns import CHANCE, PUBLIC, TERMINAL

__all__ = [
    "CARDS",
    "CHANCE",
    "CODES",
    "DECK_OPTION",
    "PUBLIC",
    "TERMINAL",
    "Action",
    "AmbiguousActionError",
    "Card",
    "ConfigError",
    "DeckhandError",
    "FullView",
    "Game",
    "IllegalActionError",
    "NotationError",
    "Option",
    "Presentation",
    "Rank",
    "RedactedView",
    "State",
    "Suit",
    "View",
    "deck_44",
    "deck_52",
    "deck_54",
    "game_class",
    "games",
    "load_game",
    "parse_cards",
    "presentation_of",
    "register_game",
    "standard_deck",
    "view_as",
]
