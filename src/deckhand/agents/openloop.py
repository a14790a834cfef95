"""Open-loop MCTS: a tree of action sequences only, a fresh sampled world for every playout.

This is the search of the Cambio seed (``002``): the tree stores no states
and no chance outcomes, so "draw, discard, peek" is one branch whatever card
was drawn and seen. Every iteration samples a world consistent with the
searcher's view and replays the tree's actions in it; an action that is not
legal in this world is simply not available, so selection uses availability
counts (as in ISMCTS). It is kept as a baseline for the information-set search.
"""

from __future__ import annotations

import random
from typing import Any

from deckhand.agents.search import Edge, SearchAgent, uct_pick
from deckhand.core.protocol import TERMINAL, Action, View


class OpenLoopAgent(SearchAgent):
    """Open-loop UCT over sampled worlds; settings ``iterations``, ``seconds``, ``c``, ``rollout``, ``belief``."""

    kind = "openloop"

    def search(self, view: View, rng: random.Random) -> tuple[dict[Action, Edge], int, float, dict[str, Any]]:
        # An edge is [visits, total return, availability, children]; children is a node (a dict).
        root: dict[Action, Edge] = {}
        c = self.c
        playout = self.playout
        sample = self.sampler(view)
        nodes = [1]

        def iterate() -> None:
            world = sample(rng)
            path: list[tuple[Edge, int]] = []
            node = root
            returns = None
            while True:
                p = world.current_player()
                if p < 0:
                    if p == TERMINAL:
                        break
                    returns = world.playout_estimate()
                    if returns is not None:
                        break
                    world.apply_action(world.sample_chance_outcome(rng))
                    continue
                legal = world.legal_actions()
                untried = None
                for action in legal:
                    edge = node.get(action)
                    if edge is None:
                        if untried is None:
                            untried = [action]
                        else:
                            untried.append(action)
                    else:
                        edge[2] += 1
                if untried is not None:
                    action = untried[int(rng.random() * len(untried))] if len(untried) > 1 else untried[0]
                    edge = node[action] = [0, 0.0, 1, {}]
                    nodes[0] += 1
                    path.append((edge, p))
                    world.apply_action(action)
                    returns = playout(world, rng)
                    break
                action = uct_pick(node, legal, c, rng)
                edge = node[action]
                path.append((edge, p))
                world.apply_action(action)
                node = edge[3]
            if returns is None:
                returns = world.returns()
            for edge, p in path:
                edge[0] += 1
                edge[1] += returns[p]

        iterations, seconds = self.budget.run(iterate)
        return root, iterations, seconds, {"nodes": nodes[0]}
