"""Basra: the seed's 44-card game (``bazzi``) and the common Egyptian rules (``egyptian``)."""

from deckhand.games.basra.game import BasraGame
from deckhand.games.basra.state import BasraState
from deckhand.games.basra.view import BasraView

__all__ = ["BasraGame", "BasraState", "BasraView"]
