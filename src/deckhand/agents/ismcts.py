"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

Each iteration deals a fresh world consistent with the searcher's view
(``view.sample_world``) and walks one tree whose nodes are the searcher's
information sets (``State.information_key`` of the searching seat, together
with the seat to move): the tree never sees the true hidden cards, only what
the searcher could know at each point. Opponents' nodes are the searcher's
view of them too, so an opponent's legal moves differ from world to world;
selection therefore uses availability counts in place of parent visits
(the subset-armed bandit correction of the paper).

>>> import random, deckhand
>>> from deckhand.agents.ismcts import ISMCTSAgent
>>> game = deckhand.load_game("basra")
>>> agent = ISMCTSAgent(game, iterations=50)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.sample_chance_outcome(random.Random(len(state.history()))))
>>> agent.step(state.view(state.current_player()), random.Random(7)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from deckhand.agents.search import Edge, SearchAgent, uct_pick
from deckhand.core.protocol import TERMINAL, Action, View


class ISMCTSAgent(SearchAgent):
    """Information-set MCTS over sampled worlds; settings ``iterations``, ``seconds``, ``c``, ``rollout``."""

    kind = "ismcts"

    def search(self, view: View, rng: random.Random) -> tuple[dict[Action, Edge], int, float, dict[str, Any]]:
        me = view.player
        root: dict[Action, Edge] = {}
        # One table of nodes per seat to move, keyed by the searcher's information key.
        tables: list[dict[Hashable, dict[Action, Edge]]] = [{} for _ in range(self.game.num_players)]
        c = self.c
        playout = self.playout
        sample = view.sample_world

        def iterate() -> None:
            world = sample(rng)
            path: list[tuple[Edge, int]] = []
            node: dict[Action, Edge] | None = root
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
                if node is None:
                    key = world.information_key(me)
                    table = tables[p]
                    node = table.get(key)
                    if node is None:
                        node = table[key] = {}
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
                    edge = node[action] = [0, 0.0, 1]
                    path.append((edge, p))
                    world.apply_action(action)
                    returns = playout(world, rng)
                    break
                action = uct_pick(node, legal, c, rng)
                path.append((node[action], p))
                world.apply_action(action)
                node = None
            if returns is None:
                returns = world.returns()
            for edge, p in path:
                edge[0] += 1
                edge[1] += returns[p]

        iterations, seconds = self.budget.run(iterate)
        nodes = 1 + sum(len(t) for t in tables)
        return root, iterations, seconds, {"nodes": nodes}
