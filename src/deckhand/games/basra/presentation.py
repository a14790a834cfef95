"""How a Basra table tells the game: each hook is the function that says it, in words, tally or agents."""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.core.cards import Card
from deckhand.core.errors import NotationError
from deckhand.core.presentation import Presentation
from deckhand.games.basra.agents import choice_reasons, suggest
from deckhand.games.basra.captures import BasraAction, why_no_move
from deckhand.games.basra.state import BasraState
from deckhand.games.basra.tally import deck_tally
from deckhand.games.basra.words import announce, describe_action, tell_move


class BasraPresentation(Presentation[BasraState, BasraAction]):
    """Basra's words: the moves, the end of each deck with its tally, and a search's reasons."""

    describe_action = staticmethod(describe_action)
    tell_move = staticmethod(tell_move)
    announce = staticmethod(announce)
    tally = staticmethod(deck_tally)
    suggest = staticmethod(suggest)
    choice_reasons = staticmethod(choice_reasons)

    def why_no_move(self, state: BasraState, cards: Sequence[str]) -> str:
        """The rule of what a card takes, when the cards picked make no move (a card alone always has one)."""
        try:
            picked = [Card.parse(code).index for code in cards]
        except NotationError:
            return ""
        if state.to_move < 0 or len(picked) < 2:
            return ""
        hand = state.hands[state.to_move]
        return why_no_move(picked[0], picked[1:], hand, state.table, state.game.seven_diamonds)
