"""Cambio: two presets (classic, house), knowledge-tracking views, the app report's computer players."""

from deckhand.games.cambio.game import CambioGame
from deckhand.games.cambio.state import CambioState
from deckhand.games.cambio.view import CambioView

__all__ = ["CambioGame", "CambioState", "CambioView"]
