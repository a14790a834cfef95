"""What one connection may ask of the server: messages per second, and when a flood is shut out.

A person clicks a few times a second; a script in a loop sends thousands.
Each connection has a token bucket: ``rate`` messages a second on average,
``burst`` at once. A message over the limit is refused with an error; a
connection that keeps sending past it is closed, and the table goes on.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

RATE = 20.0
"""Messages a second a connection may send on average (0: no limit)."""
BURST = 40
"""Messages a connection may send at once after a quiet while."""


@dataclass
class Bucket:
    """A token bucket for one connection, with a second one counting its refusals."""

    rate: float = RATE
    burst: int = BURST
    tokens: float = field(init=False)
    strikes: float = 0.0
    """Refusals not yet forgiven: they drain at ``rate`` a second; past ``burst`` the connection is closed."""
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)

    def take(self, now: float | None = None) -> bool:
        """Whether one more message may be handled now; a refusal is counted as a strike."""
        if not self.rate:
            return True
        now = time.monotonic() if now is None else now
        elapsed, self.at = max(0.0, now - self.at), now
        self.tokens = min(float(self.burst), self.tokens + elapsed * self.rate)
        self.strikes = max(0.0, self.strikes - elapsed * self.rate)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.strikes += 1.0
        return False

    @property
    def flooding(self) -> bool:
        """Whether the connection has gone on sending well past its limit."""
        return self.strikes > self.burst
