"""Three Trios: a two-player card-placement game with battles and combos (docs/games/three_trios.md)."""

from deckhand.games.three_trios.files import Board, TrioCard, parse_board, parse_cards, read_board, read_cards
from deckhand.games.three_trios.game import ThreeTriosGame
from deckhand.games.three_trios.state import ThreeTriosState

__all__ = [
    "Board",
    "ThreeTriosGame",
    "ThreeTriosState",
    "TrioCard",
    "parse_board",
    "parse_cards",
    "read_board",
    "read_cards",
]
