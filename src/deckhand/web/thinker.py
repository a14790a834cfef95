"""A thinking process of ``deckhand serve``: it decides one computer move at a time, then waits for the next.

The server (:mod:`deckhand.web.thinking`) sends a pickled request (the
agent's spec, the game, the seat's view and its rng) and reads back the
agent's explanation and where the rng got to. Agents keep nothing between
decisions, so each is built from its spec for the move at hand (well under
a millisecond). The process runs at a lower priority than the server's, so
that a search never takes the CPU from the players' round trips; it may be
paused, resumed and killed at any moment, and nothing is lost when it is.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import random
import signal
from dataclasses import dataclass
from multiprocessing.connection import Connection

from deckhand.agents.base import Explanation
from deckhand.agents.registry import GENERIC_AGENTS, INFORMATION, agent_name, make_agent, register_agent
from deckhand.core.protocol import Game, View

NICE = 5
"""How much lower than the server's the thinking processes' priority is (Unix ``nice``)."""


@dataclass(frozen=True)
class Request:
    """One decision to make: who decides (an agent spec of ``game``), from what, with which rng."""

    spec: str
    game: Game
    view: View
    rng: random.Random
    generic: tuple[str, str, bool | None] | None = None
    """The generic agent the spec names, as the server has it registered (name, target, information): one
    registered while the server runs is known here too."""

    @classmethod
    def of(cls, spec: str, view: View, rng: random.Random) -> Request:
        """The request for ``spec``'s decision at ``view``, with the registration of the agent it names."""
        name = agent_name(spec, view.game)
        target = GENERIC_AGENTS.get(name)
        generic = None if target is None else (name, target, INFORMATION.get(name))
        return cls(spec, view.game, view, rng, generic)

    def decide(self) -> tuple[Explanation, tuple[object, ...]]:
        """The agent's explanation, and the rng's state after it (so a seeded table goes on as it would have)."""
        if self.generic is not None:
            name, target, information = self.generic
            register_agent(name, target, information=information)
        explanation = make_agent(self.spec, self.game).explain(self.view, self.rng)
        return explanation, self.rng.getstate()


@dataclass(frozen=True)
class Failed:
    """The agent raised: what it said, for the server's log (the exception itself may not pickle)."""

    kind: str
    message: str


def main(conn: Connection) -> None:
    """Decide what ``conn`` asks, one request at a time, until the server closes it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle: it stops this process
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICE)
    while True:
        try:
            blob = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            request: Request = pickle.loads(blob)
            answer: object = request.decide()
        except Exception as exc:  # the server logs it and the table waits, as for any agent's bug
            answer = Failed(type(exc).__name__, str(exc))
        try:
            conn.send_bytes(pickle.dumps(answer, pickle.HIGHEST_PROTOCOL))
        except (BrokenPipeError, OSError):
            return
