"""What a seat sees of Three Trios: everything, since both hands are open.

The view keeps its own copy of the state (history included: the game hides
nothing, and the JSON and the information key are read from it) and gives
agents typed, read-only accessors. ``Position`` names what a view and a
state both answer, so that scoring code can read either.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Protocol

from deckhand.core.protocol import JSON, RedactedView
from deckhand.games.three_trios.options import ThreeTriosSetup
from deckhand.games.three_trios.state import ThreeTriosState


class Position(Protocol):
    """What can be read of a Three Trios position: a ``ThreeTriosView`` or a ``ThreeTriosState``."""

    @property
    def game(self) -> ThreeTriosSetup: ...

    def current_player(self) -> int: ...

    def board(self) -> Sequence[int]: ...

    def owners(self) -> Sequence[int]: ...

    def hand(self, seat: int) -> Sequence[int]: ...

    def empty_cells(self) -> Sequence[int]: ...

    def flips_if(self, card: int, cell: int, seat: int | None = None) -> Sequence[int]: ...


class ThreeTriosView(RedactedView[ThreeTriosState, int]):
    """A seat's view of an open game: the board, both hands, the scores.

    ``sample_world`` gives back the one world consistent with the view: the
    state itself (it draws nothing from ``rng``).
    """

    game: ThreeTriosSetup

    def redact(self, state: ThreeTriosState, player: int) -> ThreeTriosState:
        return state.clone()

    def to_json(self) -> JSON:
        data = self._public.to_json()
        data["viewer"] = self.player
        return data

    def sample_world(self, rng: random.Random) -> ThreeTriosState:
        return self._public.clone()

    # -- typed accessors for agents --------------------------------------------
    def board(self) -> tuple[int, ...]:
        """Card id per cell (``EMPTY``/``HOLE`` otherwise)."""
        return tuple(self._public.board())

    def owners(self) -> tuple[int, ...]:
        """Owning seat per cell (-1 where no card lies)."""
        return tuple(self._public.owners())

    def hand(self, seat: int) -> tuple[int, ...]:
        """The card ids in ``seat``'s hand, in deal order."""
        return tuple(self._public.hand(seat))

    def empty_cells(self) -> tuple[int, ...]:
        """The empty card cells, row by row."""
        return tuple(self._public.empty_cells())

    def flips_if(self, card: int, cell: int, seat: int | None = None) -> tuple[int, ...]:
        """The cells ``seat`` (default: the mover) would flip by placing ``card`` on ``cell``, combos included."""
        return tuple(self._public.flips_if(card, cell, seat))


def information_key(state: ThreeTriosState, player: int) -> Hashable:
    """The view (hence its JSON) is a function of the history alone."""
    return (player, tuple(state.history()))
