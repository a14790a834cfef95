"""deckhand's games as learning environments: PettingZoo, OpenSpiel (the ``rl`` extra).

Each adapter imports its library on import; the rest of deckhand never imports them.
This package registers OpenSpiel's bots as generic agents when deckhand is
imported (``deckhand/__init__.py``), by name only: their module, and OpenSpiel,
are imported when one is made, and a one-line error names the extra when it is missing.
"""

from deckhand.agents.registry import register_agent

# MCTS searches one world, so it plays perfect-information games only; ISMCTS deals worlds from a view.
register_agent("openspiel-mcts", "deckhand.envs.agents:OpenSpielMCTSAgent", information=True)
register_agent("openspiel-ismcts", "deckhand.envs.agents:OpenSpielISMCTSAgent", information=False)
