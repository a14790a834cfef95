"""The phases of a Casino round: the coin's call and fall, the deal, play, and the end of the tournament.

Apart from the state so that the rules' explanations (``illegal.py``), which
the state calls, can read them without importing the state.
"""

from __future__ import annotations

from typing import Final

# Final, so that compiled code compares with the numbers instead of looking the names up.
CALL: Final = 0
COIN: Final = 1
DEAL: Final = 2
PLAY: Final = 3
OVER: Final = 4
PHASE_NAMES = ("call", "coin", "deal", "play", "over")
