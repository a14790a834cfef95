"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

Each iteration deals a fresh world consistent with the searcher's view
(``view.sample_world``) and walks one tree whose nodes are the searcher's
information sets (``State.information_key`` of the searching seat, together
with the seat to move): the tree never sees the true hidden cards, only what
the searcher could know at each point. Opponents' nodes are the searcher's
view of them too, so an opponent's legal moves differ from world to world;
selection therefore uses availability counts in place of parent visits
(the subset-armed bandit correction of the paper).

``opponents`` says how the other seats decide inside the tree. ``tree`` (the
paper's single observer): their nodes are keyed by the searcher's
information, so they play as if they did not know their own hands, and
lines that leave them one decision (calling "cambio" at once) look better
than they are. ``own``: their nodes are keyed by their own information in
the sampled world. ``policy``: they play the game's playout policy, which
decides from their own knowledge.

``widen`` (0, off, by default) widens nodes below the root progressively: a
node first tries the playout policy's move and opens one more of its moves
each time its visits pass ``(k / widen)**2``. Without it every move of a deep
node is tried once before any is tried twice, and a game with many poor moves
(swapping a king into a good hand) drags down the value of the line above it.

``trust`` (0, off, by default) lets a node below the root play the playout
policy's move, which decides from the mover's own knowledge in the sampled
world, until the node has been visited ``trust`` times; only then does the
search weigh its other moves. A root move's value is the mean of every
playout through it, so without it each new node's move tried at random (the
paper's expansion) counts in that mean, and the value falls below the chance
of winning with sensible play; with it the value is the chance of winning as
the policy plays on, bettered only where the search has looked enough. An
open-loop tree (``openloop``) cannot tell the searcher's later draws apart,
so there a trust larger than the budget keeps its later moves informed.

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
from math import sqrt
from typing import Any, ClassVar

from deckhand.agents.search import Edge, SearchAgent, uct_pick
from deckhand.core.errors import ConfigError, quote
from deckhand.core.numbers import is_setting_count, is_setting_number
from deckhand.core.protocol import Action, Game, View
from deckhand.core.turns import TERMINAL

OPPONENTS = ("tree", "own", "policy")


class ISMCTSAgent(SearchAgent):
    """Information-set MCTS over sampled worlds.

    Settings: ``iterations``, ``seconds``, ``c``, ``rollout``, ``belief``,
    ``opponents``, ``widen``, ``trust``.
    """

    kind = "ismcts"
    open_loop: ClassVar[bool] = False
    """Key a node by the actions that lead to it instead of by an information set (``openloop``)."""

    def __init__(
        self,
        game: Game,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        rollout: str = "policy",
        belief: str = "likely",
        opponents: str = "tree",
        widen: float = 0.0,
        trust: int = 0,
    ) -> None:
        if not is_setting_number(widen) or widen < 0:
            raise ConfigError(f"widen must be a number >= 0, not {quote(widen, 24)}")
        if not is_setting_count(trust) or trust < 0:
            raise ConfigError(f"trust must be a whole number >= 0, not {quote(trust, 24)}")
        if opponents not in OPPONENTS:
            raise ConfigError(f"opponents must be one of {', '.join(OPPONENTS)}, not {quote(opponents, 24)}")
        super().__init__(game, iterations=iterations, seconds=seconds, c=c, rollout=rollout, belief=belief)
        self.widen = float(widen)
        self.trust = trust
        self.opponents = opponents

    def spec(self) -> str:
        text = super().spec()
        extra = []
        if self.widen:
            extra.append(f"widen={self.widen:g}")
        if self.opponents != "tree":
            extra.append(f"opponents={self.opponents}")
        if self.trust:
            extra.append(f"trust={self.trust}")
        if not extra:
            return text
        return text + ("," if ":" in text else ":") + ",".join(extra)

    def search(self, view: View, rng: random.Random) -> tuple[dict[Action, Edge], int, float, dict[str, Any]]:
        me = view.player
        root: dict[Action, Edge] = {}
        # One table of nodes per seat to move, keyed by the searcher's information key.
        tables: list[dict[Hashable, dict[Action, Edge]]] = [{} for _ in range(self.game.num_players)]
        c = self.c
        widen = self.widen
        trust = self.trust
        policy_opponents = self.opponents == "policy"
        own_keys = self.opponents == "own"
        nested = self.open_loop
        nodes = [1]
        playout = self.playout
        sample = self.sampler(view)

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
                    world.apply_legal(world.sample_chance_outcome(rng))
                    continue
                if policy_opponents and p != me:
                    world.apply_legal(world.rollout_action(rng))
                    continue
                if node is None:  # never when nested: the node is the last edge's child
                    key = world.information_key(p if own_keys else me)
                    table = tables[p]
                    node = table.get(key)
                    if node is None:
                        node = table[key] = {}
                legal = world.legal_actions()
                untried = None
                visits = 0
                for action in legal:
                    edge = node.get(action)
                    if edge is None:
                        if untried is None:
                            untried = [action]
                        else:
                            untried.append(action)
                    else:
                        edge[2] += 1
                        visits += edge[0]
                if visits < trust and node is not root:
                    # Below the root, the playout policy's move until the node has earned a choice.
                    action = world.rollout_action(rng)
                    edge = node.get(action)
                    if edge is None:
                        edge = node[action] = [0, 0.0, 1, {}] if nested else [0, 0.0, 1]
                        nodes[0] += nested
                        path.append((edge, p))
                        world.apply_legal(action)
                        returns = playout(world, rng)
                        break
                    path.append((edge, p))
                    world.apply_legal(action)
                    node = edge[3] if nested else None
                    continue
                if untried is not None:
                    if node is root or not widen:
                        action = untried[int(rng.random() * len(untried))] if len(untried) > 1 else untried[0]
                    elif len(legal) - len(untried) < 1 + widen * sqrt(visits):
                        # Widen below the root: the playout policy's move first, then the others.
                        action = world.rollout_action(rng)
                        if action in node:
                            action = untried[int(rng.random() * len(untried))]
                    else:
                        action = None
                    if action is not None:
                        edge = node[action] = [0, 0.0, 1, {}] if nested else [0, 0.0, 1]
                        nodes[0] += nested
                        path.append((edge, p))
                        world.apply_legal(action)
                        returns = playout(world, rng)
                        break
                    legal = [a for a in legal if a in node]
                action = uct_pick(node, legal, c, rng)
                edge = node[action]
                path.append((edge, p))
                world.apply_legal(action)
                node = edge[3] if nested else None
            if returns is None:
                returns = world.returns()
            for edge, p in path:
                edge[0] += 1
                edge[1] += returns[p]

        iterations, seconds = self.budget.run(iterate)
        return root, iterations, seconds, {"nodes": nodes[0] if nested else 1 + sum(len(t) for t in tables)}
