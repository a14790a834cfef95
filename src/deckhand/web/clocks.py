"""A table's clock: each person's time for the game, kept by the server, plus an increment per move.

The clock is pure: it is told the time (``now``, seconds of a monotonic
clock) rather than reading it, so that tests drive it and a table dealt
again after a restart resumes it where the store left it. Only people have
time: a computer's thinking, and a stand-in's, never runs anyone's clock.
The table says whose clock runs (:meth:`Clock.run`); the room wakes when
the running one would reach zero and ends that person's game on time
(:mod:`deckhand.web.endings`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SHORT = 0.1
"""The fraction of the initial time below which the table warns that time is short (at least 10 s)."""


@dataclass
class Clock:
    """Seconds left per seat (``None``: a computer's seat, untimed) and whose time is running since when."""

    initial: float
    increment: float
    left: list[float | None]
    running: int | None = None
    since: float = 0.0
    """When the running seat's time started to run (the clock's own ``now``)."""

    @classmethod
    def new(cls, settings: dict[str, float], timed: list[bool]) -> Clock:
        """A fresh clock from ``{"initial", "increment"}`` (seconds), timing the seats marked in ``timed``."""
        initial, increment = float(settings["initial"]), float(settings["increment"])
        return cls(initial, increment, [initial if seat else None for seat in timed])

    def settings(self) -> dict[str, float]:
        return {"initial": self.initial, "increment": self.increment}

    def remaining(self, seat: int, now: float) -> float | None:
        """The seat's seconds left at ``now`` (its running time counted); ``None`` for an untimed seat."""
        left = self.left[seat]
        if left is None:
            return None
        if seat == self.running:
            left -= now - self.since
        return max(0.0, left)

    def run(self, seat: int | None, now: float) -> None:
        """From ``now`` ``seat``'s time runs (``None``, or an untimed seat: nobody's); the one running is charged."""
        self._charge(now)
        self.running = seat if seat is not None and self.left[seat] is not None else None
        self.since = now

    def moved(self, seat: int, now: float) -> float | None:
        """``seat`` made a move at ``now``: its time is charged and the increment added; its seconds left after."""
        if self.running == seat:
            self._charge(now)
            self.running = None
        left = self.left[seat]
        if left is None:
            return None
        self.left[seat] = left = left + self.increment
        return left

    def flagged(self, now: float) -> int | None:
        """The running seat if its time is up at ``now``."""
        if self.running is None:
            return None
        remaining = self.remaining(self.running, now)
        return self.running if remaining is not None and remaining <= 0 else None

    def due(self, now: float) -> float | None:
        """Seconds from ``now`` until the running seat's time is up (``None`` while nobody's runs)."""
        if self.running is None:
            return None
        return self.remaining(self.running, now)

    def out(self, seat: int) -> None:
        """``seat``'s time is up: it stays at zero and runs no more."""
        if self.left[seat] is not None:
            self.left[seat] = 0.0
        if self.running == seat:
            self.running = None

    def untime(self, seat: int) -> None:
        """``seat`` is a computer's now (the host started with computers in the open seats): it has no time."""
        self.left[seat] = None
        if self.running == seat:
            self.running = None

    def restore(self, seat: int, left: float) -> None:
        """A stored move's seconds left (a table dealt again): the outage itself is charged to nobody."""
        if self.left[seat] is not None:
            self.left[seat] = left

    def to_wire(self, now: float) -> dict[str, Any]:
        """What every state message carries: the settings, each seat's seconds left (tenths), whose runs."""
        left = [self.remaining(seat, now) for seat in range(len(self.left))]
        return {
            "initial": self.initial,
            "increment": self.increment,
            "left": [None if seconds is None else round(seconds, 1) for seconds in left],
            "running": self.running,
            "short": max(10.0, SHORT * self.initial),
        }

    def _charge(self, now: float) -> None:
        if self.running is not None:
            left = self.left[self.running]
            assert left is not None
            self.left[self.running] = max(0.0, left - (now - self.since))
            self.since = now
