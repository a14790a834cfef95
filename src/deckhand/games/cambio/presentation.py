"""How a Cambio table tells the game: each hook is the function that says it, in words, view or agents."""

from __future__ import annotations

from deckhand.core.presentation import Presentation
from deckhand.core.protocol import View, view_as
from deckhand.games.cambio.agents import suggest
from deckhand.games.cambio.state import CambioState
from deckhand.games.cambio.view import CambioView, glimpse
from deckhand.games.cambio.words import announce, describe_action, is_quiet, place_words, tell_move


class CambioPresentation(Presentation[CambioState, int]):
    """Cambio's words: the moves (a seat not sticking goes without saying), the end's hands, and peeks."""

    describe_action = staticmethod(describe_action)
    tell_move = staticmethod(tell_move)
    announce = staticmethod(announce)
    is_quiet = staticmethod(is_quiet)
    suggest = staticmethod(suggest)

    place_words = staticmethod(place_words)

    def glimpse(self, view: View, action: int | None = None) -> dict[str, str]:
        """A peeked card, or the own cards known from the deal: a table shows them until Enter."""
        return glimpse(view_as(view, CambioView), action)
