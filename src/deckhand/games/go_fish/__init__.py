"""Go Fish: ask another seat for a rank you hold, fish when they have none, make books of four."""

from deckhand.games.go_fish.game import GoFishGame
from deckhand.games.go_fish.state import GoFishState
from deckhand.games.go_fish.view import GoFishView

__all__ = ["GoFishGame", "GoFishState", "GoFishView"]
