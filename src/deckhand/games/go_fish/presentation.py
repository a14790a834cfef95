"""How a Go Fish table tells the game: each hook is the function that says it, in words or agents."""

from __future__ import annotations

from deckhand.core.presentation import Presentation
from deckhand.games.go_fish.agents import suggest
from deckhand.games.go_fish.state import GoFishState
from deckhand.games.go_fish.words import announce, describe_action, is_quiet, tell_move


class GoFishPresentation(Presentation[GoFishState, int]):
    """Go Fish's words: the questions, what is handed over or fished, and the books laid down."""

    describe_action = staticmethod(describe_action)
    tell_move = staticmethod(tell_move)
    announce = staticmethod(announce)
    is_quiet = staticmethod(is_quiet)
    suggest = staticmethod(suggest)
