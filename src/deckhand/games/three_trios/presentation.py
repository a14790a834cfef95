"""How a Three Trios table tells the game: each hook is the function that says it, in words, hints or agents."""

from __future__ import annotations

from typing import Any, ClassVar

from deckhand.core.presentation import Presentation
from deckhand.core.protocol import View, view_as
from deckhand.games.three_trios.agents import choice_reasons, suggest
from deckhand.games.three_trios.hints import hint_marks
from deckhand.games.three_trios.options import ThreeTriosSetup
from deckhand.games.three_trios.state import ThreeTriosState
from deckhand.games.three_trios.view import ThreeTriosView
from deckhand.games.three_trios.words import describe_action, tell_move


class ThreeTriosPresentation(Presentation[ThreeTriosState, int]):
    """Three Trios' words: the placements and their flips, the seats' colours, the cards' values, hint marks."""

    game: ThreeTriosSetup[ThreeTriosState]
    SEAT_LABELS: ClassVar[tuple[str, ...]] = ("red (R)", "blue (B)")
    HINT_MARKS: ClassVar[str] = "cards that CARD would flip in each empty cell"

    describe_action = staticmethod(describe_action)
    tell_move = staticmethod(tell_move)
    suggest = staticmethod(suggest)
    choice_reasons = staticmethod(choice_reasons)

    def hint_marks(
        self, view: View, selection: str | None = None, move: int | None = None
    ) -> tuple[str, dict[str, int]]:
        return hint_marks(view_as(view, ThreeTriosView), selection, move)

    def pieces(self) -> dict[str, Any]:
        """Each card's four values, as the assignment prints them (``A`` for 10): north, south, east, west."""
        return {c.name: {"n": c.north, "s": c.south, "e": c.east, "w": c.west} for c in self.game.card_list}
