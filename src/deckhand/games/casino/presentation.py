"""How a Casino table tells the game: each hook is the function that says it, in words, tally, illegal or agents."""

from __future__ import annotations

from deckhand.core.presentation import Presentation
from deckhand.games.casino.agents import choice_reasons, suggest
from deckhand.games.casino.illegal import why_no_move
from deckhand.games.casino.moves import CasinoAction
from deckhand.games.casino.state import CasinoState
from deckhand.games.casino.tally import round_tally
from deckhand.games.casino.words import announce, describe_action, tell_move


class CasinoPresentation(Presentation[CasinoState, CasinoAction]):
    """Casino's words: the plays, the coin and the end of each round, why cards make no play, a search's reasons."""

    describe_action = staticmethod(describe_action)
    tell_move = staticmethod(tell_move)
    announce = staticmethod(announce)
    tally = staticmethod(round_tally)
    why_no_move = staticmethod(why_no_move)
    suggest = staticmethod(suggest)
    choice_reasons = staticmethod(choice_reasons)
