"""Basra: the design document's 44-card game (``bazzi``), the common Egyptian rules (``egyptian``),
and those rules for four in two partnerships (``partners``)."""

from deckhand.games.basra.game import BasraGame
from deckhand.games.basra.state import BasraState
from deckhand.games.basra.view import BasraView

__all__ = ["BasraGame", "BasraState", "BasraView"]
