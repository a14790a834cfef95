"""UCT for perfect-information games (Three Trios): a closed-loop tree of states.

Chance outcomes (a shuffled deal) are branches of the tree like moves, so
each node stands for one exact position. Hidden-information games need the
information-set search (``ismcts``) instead: searching their true state
would let the agent peek.

>>> import random, deckhand
>>> from deckhand.agents.mcts import MCTSAgent
>>> game = deckhand.load_game("three_trios")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.sample_chance_outcome(random.Random(1)))
>>> MCTSAgent(game, iterations=200).step(state.view(0), random.Random(3)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any

from deckhand.agents.search import Edge, SearchAgent, uct_pick
from deckhand.core.errors import ConfigError
from deckhand.core.protocol import Action, Game, View
from deckhand.core.turns import TERMINAL


class MCTSAgent(SearchAgent):
    """UCT over the exact state; settings ``iterations``, ``seconds``, ``c``, ``rollout``."""

    kind = "mcts"

    def __init__(
        self,
        game: Game,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "policy",
        belief: str = "likely",
    ) -> None:
        if not game.perfect_information:
            raise ConfigError(f"mcts needs a perfect-information game; {game.name} hides cards (use ismcts)")
        super().__init__(game, iterations=iterations, seconds=seconds, c=c, rollout=rollout, belief=belief)

    def search(self, view: View, rng: random.Random) -> tuple[dict[Action, Edge], int, float, dict[str, Any]]:
        # An edge is [visits, total return, times its node was visited, children]; at a
        # chance position the node maps outcomes to edges whose statistics go unused.
        root: dict[Action, Edge] = {}
        start = view.sample_world(rng)  # the one true state: nothing is hidden
        c = self.c
        playout = self.playout
        nodes = [1]

        def iterate() -> None:
            world = start.clone()
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
                    outcome = world.sample_chance_outcome(rng)
                    edge = node.get(outcome)
                    if edge is None:
                        edge = node[outcome] = [0, 0.0, 0, {}]
                    world.apply_legal(outcome)
                    node = edge[3]
                    continue
                legal = world.legal_actions()
                if len(node) < len(legal):
                    untried = [a for a in legal if a not in node]
                    action = untried[int(rng.random() * len(untried))]
                    for edge in node.values():
                        edge[2] += 1
                    edge = node[action] = [0, 0.0, 1, {}]
                    nodes[0] += 1
                    path.append((edge, p))
                    world.apply_legal(action)
                    returns = playout(world, rng)
                    break
                for edge in node.values():
                    edge[2] += 1
                action = uct_pick(node, legal, c, rng)
                edge = node[action]
                path.append((edge, p))
                world.apply_legal(action)
                node = edge[3]
            if returns is None:
                returns = world.returns()
            for edge, p in path:
                edge[0] += 1
                edge[1] += returns[p]

        iterations, seconds = self.budget.run(iterate)
        return root, iterations, seconds, {"nodes": nodes[0]}
