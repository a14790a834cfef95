"""OpenSpiel's MCTS and ISMCTS bots as deckhand agents: ``openspiel-mcts`` and ``openspiel-ismcts``.

They let the arena measure deckhand's searches against OpenSpiel's own
(``deckhand arena basra --agents ismcts,openspiel-ismcts:iterations=200``).
An agent decides from its View alone: it deals a world consistent with the
view (``View.sample_world``), wraps it as a pyspiel state
(:mod:`deckhand.envs.openspiel`) and lets the bot search from there. The
ISMCTS bot deals a fresh world from the same view for every simulation
(``resample_from_infostate``), so the hidden cards it searches over are never
the true ones; the MCTS bot searches one world and therefore plays only
perfect-information games (Three Trios). A composite move (a Basra capture)
is chosen token by token, one search per token, as OpenSpiel sees the game.

Settings:

* ``iterations`` (alias ``max_simulations``): simulations per search, as OpenSpiel
  counts them: a composite move of several tokens runs that many for each (1000 by default);
* ``seconds`` (ISMCTS only): a time budget per move, shared among the searches
  of a composite move's tokens; with ``iterations`` too, the first spent stops a search;
* ``uct_c``: the exploration constant, 0.7 by default: deckhand's own for
  returns in [0, 1] (OpenSpiel's examples use 2 for returns in [-1, 1]);
* ``rollouts``: random playouts per leaf (OpenSpiel's ``n_rollouts``), 1 by default;
* ``rollout``: how a playout runs. ``random`` (default) plays uniformly
  random moves on the deckhand state, chance by its odds, to the end or to
  where the game estimates the outcome (the end of a Basra deal), as
  deckhand's ``ismcts:rollout=random`` does; ``policy`` plays the game's
  playout policy, as deckhand's searches do by default; ``openspiel`` is
  OpenSpiel's stock ``RandomRolloutEvaluator``, token by token through pyspiel
  to the end of the game (slow: for checking the others against it);
* ``seed``: mixed into the numpy seed that each decision draws from the rng it
  is given, so that one view and one rng give one move and a seeded arena
  replays the same games.

Like deckhand's searches, they explain a move in the game's words
(``Presentation.choice_reasons``: what it takes, keeps or denies); the figures (the
simulations, each root move's visits and value) stay in the explanation's
candidates and data, for a table that shows them on request (``--verbose``).

Without OpenSpiel installed, building either agent is a one-line ``ConfigError``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.agents.search import DEFAULT_ITERATIONS, FOUND, PLAYOUTS, Budget, forced_choice
from deckhand.core.errors import ConfigError, quote
from deckhand.core.numbers import is_setting_count, is_setting_number
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import Action, Game, State, View

ROLLOUTS = ("random", "policy", "openspiel")


def _openspiel() -> Any:
    """The adapter module, or a ``ConfigError`` saying how to install OpenSpiel."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise ConfigError("the openspiel agents need OpenSpiel: pip install 'deckhand[rl]'") from None
    from deckhand.envs import openspiel

    return openspiel


class _Rollouts:
    """A leaf evaluator for OpenSpiel's bots: ``rollouts`` playouts on the deckhand state under the pyspiel one.

    OpenSpiel's bots call ``evaluate(state)`` (the mean returns) and
    ``prior(state)`` (uniform, as its RandomRolloutEvaluator's). A pending
    prefix is finished first with a uniformly random move that starts with it.
    """

    def __init__(self, playout: Callable[[State, random.Random], list[float]], rollouts: int, rng: random.Random):
        self.playout = playout
        self.rollouts = rollouts
        self.rng = rng

    def evaluate(self, state: Any) -> list[float]:
        rng = self.rng
        total: list[float] | None = None
        for _ in range(self.rollouts):
            world: State = state.world.clone()
            if state.prefix:
                n = len(state.prefix)
                tree = state.tree()
                moves = [a for a, seq in tree.sequences.items() if seq[:n] == state.prefix]
                world.apply_action(moves[int(rng.random() * len(moves))])
            returns = self.playout(world, rng)
            total = list(returns) if total is None else [t + r for t, r in zip(total, returns, strict=True)]
        assert total is not None
        return [t / self.rollouts for t in total]

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class OpenSpielAgent(Agent):
    """What both OpenSpiel agents share: settings, the pyspiel game, the walk down a composite move."""

    kind = "openspiel"
    label = "OpenSpiel"

    def __init__(
        self,
        game: Game,
        iterations: int | None = None,
        seconds: float | None = None,
        uct_c: float = 0.7,
        rollouts: int = 1,
        rollout: str = "random",
        seed: int | None = None,
        max_simulations: int | None = None,
    ) -> None:
        self.adapter = _openspiel()
        self.check(game, seconds)
        if max_simulations is not None:
            if iterations is not None and iterations != max_simulations:
                raise ConfigError("iterations and max_simulations are one setting; give one")
            iterations = max_simulations
        if not is_setting_number(uct_c) or uct_c < 0:
            raise ConfigError(f"uct_c must be a number >= 0, not {quote(uct_c, 24)}")
        if not is_setting_count(rollouts) or rollouts < 1:
            raise ConfigError(f"rollouts must be a whole number >= 1, not {quote(rollouts, 24)}")
        if rollout not in ROLLOUTS:
            raise ConfigError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {quote(rollout, 24)}")
        if seed is not None and (not is_setting_count(seed) or seed < 0):
            raise ConfigError(f"seed must be a whole number >= 0, not {quote(seed, 24)}")
        self.game = game
        self.budget = Budget(iterations, seconds)
        self.uct_c = float(uct_c)
        self.rollouts = rollouts
        self.rollout = rollout
        self.seed = seed
        self.name = self.kind
        self.spiel = self.adapter.from_game(game)

    def check(self, game: Game, seconds: float | None) -> None:
        """Refuse a game or a setting this bot cannot play with (a one-line ``ConfigError``)."""

    def spec(self) -> str:
        parts = self.budget.spec()
        if self.uct_c != 0.7:
            parts.append(f"uct_c={self.uct_c:g}")
        if self.rollouts != 1:
            parts.append(f"rollouts={self.rollouts}")
        if self.rollout != "random":
            parts.append(f"rollout={self.rollout}")
        if self.seed is not None:
            parts.append(f"seed={self.seed}")
        return self.kind + (":" + ",".join(parts) if parts else "")

    def random_state(self, rng: random.Random) -> Any:
        """The bot's numpy rng for one decision, drawn from ``rng`` (and ``seed``, when given).

        Fresh each time, so that one view and one rng give one move, whatever
        the agent decided before (an arena worker's agents serve many games).
        """
        import numpy as np

        draw = rng.getrandbits(32)
        if self.seed is not None:
            draw = (self.seed * 1_000_003 + draw) % (1 << 32)
        return np.random.RandomState(draw)

    def evaluator(self, random_state: Any, rng: random.Random) -> Any:
        if self.rollout == "openspiel":
            from open_spiel.python.algorithms import mcts

            return mcts.RandomRolloutEvaluator(self.rollouts, random_state)
        return _Rollouts(PLAYOUTS[self.rollout], self.rollouts, rng)

    def search(
        self, state: Any, budget: Budget, random_state: Any, rng: random.Random
    ) -> tuple[int, list[Candidate], int]:
        """One search from ``state`` within ``budget``: the token to play, the root's tokens with their statistics,
        the simulations run."""
        raise NotImplementedError

    def share(self, tree: Any, prefix: tuple[int, ...], deadline: float | None) -> Budget:
        """This token's budget: the iterations, and the time left shared among the searches still to come."""
        if deadline is None:
            return self.budget
        seconds = max(deadline - time.perf_counter(), 0.0) / max(_choices_left(tree, prefix), 1)
        return Budget(self.budget.iterations, max(seconds, 1e-6))

    def explain(self, view: View, rng: random.Random) -> Explanation:
        actions = view.legal_actions()
        forced = forced_choice(view, actions)
        if forced is not None:
            return forced
        random_state = self.random_state(rng)
        state = self.spiel.new_initial_state(view.sample_world(rng))
        tree = state.tree()
        encoding = self.spiel.encoding
        prefix: tuple[int, ...] = ()
        searches = simulations = 0
        first: list[Candidate] | None = None
        start = time.perf_counter()
        deadline = None if self.budget.seconds is None else start + self.budget.seconds
        while True:
            tokens = state.legal_actions()
            if len(tokens) == 1:
                token = tokens[0]
            else:
                budget = self.share(tree, prefix, deadline)
                token, ranked, done = self.search(state, budget, random_state, rng)
                searches += 1
                simulations += done
                if first is None:
                    first = [self._named(c, tree, view, encoding) for c in ranked]
            prefix, move = tree.step(prefix, int(token))
            if move is not None:
                break
            state.apply_action(int(token))
        notation = view.action_to_string(move)
        said = presentation_of(self.game).choice_reasons(view, move, _rivals(view, move, first or []))
        data: dict[str, Any] = {"search": self.label, "iterations": simulations, "searches": searches}
        data["seconds"] = round(time.perf_counter() - start, 4)
        return Explanation(
            action=move,
            notation=notation,
            reason=said.yours or FOUND.yours,
            candidates=first or [],
            data=data,
            public=said.public or FOUND.public,
        )

    @staticmethod
    def _named(candidate: Candidate, tree: Any, view: View, encoding: Any) -> Candidate:
        """A root token's statistics under the move it completes, or under the token's name when it starts several."""
        token = int(candidate.notation)
        move: Action | None = tree.complete((token,))
        notation = view.action_to_string(move) if move is not None else encoding.token_name(token) + " ..."
        return Candidate(notation, value=candidate.value, visits=candidate.visits)


def _rivals(view: View, chosen: Action, candidates: list[Candidate]) -> list[Action]:
    """The two whole moves the search liked next, best first: what the game's words weigh the move against.

    A token that only starts a move (``H5 ...``) names no whole move and is left out.
    """
    rivals: list[Action] = []
    for candidate in candidates:
        if candidate.notation.endswith(" ..."):
            continue
        action = view.string_to_action(candidate.notation)
        if action != chosen:
            rivals.append(action)
        if len(rivals) == 2:
            break
    return rivals


def _choices_left(tree: Any, prefix: tuple[int, ...]) -> int:
    """The most real choices (tokens with an alternative) on any path from ``prefix`` to a whole move."""
    tokens = tree.next_tokens(prefix)
    here = 1 if len(tokens) > 1 else 0
    return here + max((_choices_left(tree, (*prefix, t)) for t in tokens), default=0)


class OpenSpielMCTSAgent(OpenSpielAgent):
    """OpenSpiel's ``MCTSBot`` (with its solver) on one world: for perfect-information games."""

    kind = "openspiel-mcts"
    label = "OpenSpiel MCTS"

    def check(self, game: Game, seconds: float | None) -> None:
        if not game.perfect_information:
            raise ConfigError(
                f"openspiel-mcts searches one world, so it plays perfect-information games only; "
                f"{game.name} hides cards: use openspiel-ismcts"
            )
        if seconds is not None:
            raise ConfigError(
                "openspiel-mcts counts simulations only (OpenSpiel's MCTSBot has no clock): use iterations"
            )

    def search(
        self, state: Any, budget: Budget, random_state: Any, rng: random.Random
    ) -> tuple[int, list[Candidate], int]:
        from open_spiel.python.algorithms import mcts

        simulations = budget.iterations or DEFAULT_ITERATIONS
        bot = mcts.MCTSBot(
            self.spiel,
            self.uct_c,
            simulations,
            self.evaluator(random_state, rng),
            random_state=random_state,
        )
        root = bot.mcts_search(state)
        best = root.best_child()
        ranked = sorted(root.children, key=lambda c: c.sort_key(), reverse=True)
        candidates = [
            Candidate(str(c.action), value=round(c.total_reward / c.explore_count, 4), visits=c.explore_count)
            for c in ranked
            if c.explore_count
        ]
        return int(best.action), candidates, simulations


class OpenSpielISMCTSAgent(OpenSpielAgent):
    """OpenSpiel's ``ISMCTSBot``, its worlds dealt from the agent's view."""

    kind = "openspiel-ismcts"
    label = "OpenSpiel ISMCTS"

    def check(self, game: Game, seconds: float | None) -> None:
        if game.perfect_information:
            raise ConfigError(
                f"OpenSpiel's ISMCTSBot plays games of hidden information only; {game.name} hides nothing: "
                "use openspiel-mcts"
            )

    def search(
        self, state: Any, budget: Budget, random_state: Any, rng: random.Random
    ) -> tuple[int, list[Candidate], int]:
        bot = _budgeted_ismcts()(
            self.spiel,
            self.evaluator(random_state, rng),
            self.uct_c,
            budget,
            random_state=random_state,
        )
        bot.set_resampler(lambda s, player: s.resample(player, rng))
        policy = bot.run_search(state)
        best = max(p for _, p in policy)
        choices = [a for a, p in policy if p == best]
        token = choices[random_state.randint(len(choices))] if len(choices) > 1 else choices[0]
        children = bot._root_node.child_info
        ranked = sorted(children.items(), key=lambda item: (-item[1].visits, -item[1].value()))
        candidates = [
            Candidate(str(a), value=round(child.value(), 4), visits=int(child.visits))
            for a, child in ranked
            if child.visits
        ]
        return int(token), candidates, bot.simulations


_BUDGETED: list[type] = []


def _budgeted_ismcts() -> type:
    """OpenSpiel's ISMCTSBot whose search stops at a deckhand :class:`Budget` (iterations and/or seconds).

    Its own ``run_search`` counts simulations only; this one is the same loop
    (a fresh world per simulation from the root's information state) with a clock.
    """
    if _BUDGETED:
        return _BUDGETED[0]
    from open_spiel.python.algorithms import ismcts

    class BudgetedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        def __init__(self, game: Any, evaluator: Any, uct_c: float, budget: Budget, random_state: Any) -> None:
            limit = budget.iterations if budget.iterations is not None else 1 << 62
            super().__init__(game, evaluator, uct_c, limit, random_state=random_state)
            self.budget = budget
            self.simulations = 0

        def run_search(self, state: Any) -> list[tuple[int, float]]:
            if self.budget.seconds is None:
                self.simulations = self._max_simulations
                policy: list[tuple[int, float]] = super().run_search(state)
                return policy
            self.reset()
            self._root_node = self.create_new_node(state)
            deadline = time.perf_counter() + self.budget.seconds
            done = 0
            while done < self._max_simulations:
                self.run_simulation(self.sample_root_state(state))
                done += 1
                if time.perf_counter() >= deadline:
                    break
            self.simulations = done
            final: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
            return final

    _BUDGETED.append(BudgetedISMCTSBot)
    return BudgetedISMCTSBot
