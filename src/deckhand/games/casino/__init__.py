"""Casino (the Casino course rules, "ramapo"): captures, builds, multiple builds, increases and the tournament to 21.

>>> import deckhand
>>> game = deckhand.load_game("casino")
>>> game.num_players
2
"""

from deckhand.games.casino.game import CasinoGame
from deckhand.games.casino.save import ShortDeckWarning
from deckhand.games.casino.state import CasinoState

__all__ = ["CasinoGame", "CasinoState", "ShortDeckWarning"]
