"""Open-loop MCTS: a tree of action sequences only, a fresh sampled world for every playout.

This is the search of the Cambio seed (``002``): the tree stores no states
and no chance outcomes, so "draw, discard, peek" is one branch whatever card
was drawn and seen. Every iteration samples a world consistent with the
searcher's view and replays the tree's actions in it; an action that is not
legal in this world is simply not available, so selection uses availability
counts (as in ISMCTS). It is kept as a baseline for the information-set search.
"""

from __future__ import annotations

from deckhand.agents.ismcts import ISMCTSAgent
from deckhand.core.protocol import Game


class OpenLoopAgent(ISMCTSAgent):
    """Open-loop UCT over sampled worlds.

    Settings ``iterations``, ``seconds``, ``c``, ``rollout``, ``belief``,
    ``opponents`` and ``trust`` (as the information-set search's).

    It runs the information-set search's loop with nodes keyed by the path
    of actions from the root, so a node's children hang below its edges.
    """

    kind = "openloop"
    open_loop = True

    def __init__(
        self,
        game: Game,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "policy",
        belief: str = "likely",
        opponents: str = "tree",
        trust: int = 0,
    ) -> None:
        super().__init__(
            game,
            iterations=iterations,
            seconds=seconds,
            c=c,
            rollout=rollout,
            belief=belief,
            opponents=opponents,
            trust=trust,
        )
