"""Who is to move, as ``current_player()`` says it: a seat from 0, or one of these."""

from __future__ import annotations

from typing import Final

CHANCE: Final = -1
"""``current_player()`` at a chance node."""

TERMINAL: Final = -4
"""``current_player()`` once the game is over."""

PUBLIC = -2
"""The viewer of a public view (``state.public_view()``): no seat, a spectator at the table."""
