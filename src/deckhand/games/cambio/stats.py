"""The seed's statistic (seed 000, its Firebase tables), computed from stored results.

Per level: computer wins, player wins, and the computer victory statistic
``computerWin / (computerWin + playerWin)``; ties count for neither side, as
in the seed. A pure function so that any store can call it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

COMPUTER = "computer"
PLAYER = "player"
TIE = "no one"
"""The seed's three outcomes (its ``winner`` strings)."""


@dataclass(frozen=True)
class LevelStatistics:
    """One level's line of the seed's statistics screen."""

    level: str
    computer_wins: int
    player_wins: int
    ties: int

    @property
    def computer_victory(self) -> float | None:
        """computerWin / (computerWin + playerWin); ``None`` before any decided game."""
        decided = self.computer_wins + self.player_wins
        return None if decided == 0 else self.computer_wins / decided

    def formatted(self) -> str:
        """The statistic as the seed wrote it (``"%.2f"``), or ``"-"`` with no decided game."""
        value = self.computer_victory
        return "-" if value is None else f"{value:.2f}"


def computer_victory_statistics(results: Iterable[tuple[str, str]]) -> dict[str, LevelStatistics]:
    """Per level, from ``(level, winner)`` pairs with winner ``computer``, ``player`` or ``no one``.

    >>> stats = computer_victory_statistics([("hard", "computer"), ("hard", "player"), ("hard", "computer")])
    >>> stats["hard"].formatted()
    '0.67'
    """
    counts: dict[str, list[int]] = {}
    for level, winner in results:
        line = counts.setdefault(level, [0, 0, 0])
        key = winner.strip().lower()
        if key == COMPUTER:
            line[0] += 1
        elif key == PLAYER:
            line[1] += 1
        elif key in (TIE, "tie", "none", ""):
            line[2] += 1
        else:
            raise ValueError(
                f"result for level {level!r}: unknown winner {winner!r} (expected {COMPUTER!r}, {PLAYER!r} or {TIE!r})"
            )
    return {level: LevelStatistics(level, *line) for level, line in counts.items()}
