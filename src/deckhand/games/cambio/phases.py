"""The phases of a Cambio turn and the two non-card slot values, shared by the rules and their words."""

from __future__ import annotations

EMPTY = -1
"""An emptied slot (its card was stuck away or given)."""
UNKNOWN = -2
"""A card the holder of a redacted state (a view) cannot place."""

# Phases.
(DEAL, START, DRAWING, HOLD, PEEK_OWN_P, PEEK_OTHER_P, SWITCH_P, KING_PEEK, KING_SWITCH, STICK, PENALTY, GIVE, END) = (
    range(13)
)
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

__all__ = [
    "DEAL",
    "DRAWING",
    "EMPTY",
    "END",
    "GIVE",
    "HOLD",
    "KING_PEEK",
    "KING_SWITCH",
    "PEEK_OTHER_P",
    "PEEK_OWN_P",
    "PENALTY",
    "PHASE_NAMES",
    "START",
    "STICK",
    "SWITCH_P",
    "UNKNOWN",
]
