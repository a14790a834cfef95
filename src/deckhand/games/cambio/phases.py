"""The phases of a Cambio turn, and the marks that stand beside card indices in a state's lists.

A state's ``phase`` says what happens next: a card off the draw pile (the
chance phases), or a decision of the seat to move. A hand holds card indices
or ``EMPTY``; a view's copy holds ``UNKNOWN`` where its seat cannot place the
card. ``known[seat][slot]`` is a bit mask of the seats that know the card
there, with ``SHOWN`` for a card the whole table has seen face up.

Every name is ``Final``, so that compiled code compares with the numbers
instead of looking the names up.
"""

from __future__ import annotations

from typing import Final

from deckhand.games.cambio.options import KING, PEEK_OTHER, PEEK_OWN, SWITCH

EMPTY: Final = -1
"""An emptied slot (its card was stuck away or given)."""
UNKNOWN: Final = -2
"""A card the holder of a redacted state (a view) cannot place."""
SHOWN: Final = 1 << 8
"""The knowledge bit of a card the whole table has seen face up (above every seat's bit: seats fit in 3 bits)."""

DEAL: Final = 0
START: Final = 1
DRAWING: Final = 2
HOLD: Final = 3
PEEK_OWN_P: Final = 4
PEEK_OTHER_P: Final = 5
SWITCH_P: Final = 6
KING_PEEK: Final = 7
KING_SWITCH: Final = 8
STICK: Final = 9
PENALTY: Final = 10
GIVE: Final = 11
END: Final = 12
PHASE_NAMES = (
    "deal",
    "start",
    "drawing",
    "hold",
    "peek_own",
    "peek_other",
    "switch",
    "king_peek",
    "king_switch",
    "stick",
    "penalty",
    "give",
    "end",
)
CHANCE_PHASES: Final = (DEAL, DRAWING, PENALTY)
"""The phases where a card comes off the draw pile."""
PLAIN_PHASES: Final = (START, HOLD, GIVE, STICK)
"""The decisions outside the powers (the other decisions are the powers' phases)."""
POWER_PHASE = {PEEK_OWN: PEEK_OWN_P, PEEK_OTHER: PEEK_OTHER_P, SWITCH: SWITCH_P, KING: KING_PEEK}
"""The phase a discarded card's power opens (``CambioSetup.power``)."""
