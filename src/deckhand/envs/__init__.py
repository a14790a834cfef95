"""deckhand's games as learning environments: PettingZoo, OpenSpiel (the ``rl`` extra).

Each adapter imports its library on import; the rest of deckhand never imports them.
"""
