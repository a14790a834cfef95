"""deckhand's games as PettingZoo AEC environments (the ``rl`` extra).

>>> from deckhand.envs.pettingzoo import env
>>> table = env("three_trios")
>>> table.reset(seed=1)
>>> obs, reward, terminated, truncated, info = table.last()
>>> sorted(obs), int(obs["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)

How the deckhand protocol maps onto PettingZoo's:

* **agents** are ``player_0`` .. ``player_{n-1}``, deckhand's seats.
* **actions** are the tokens of the game's encoding (``encoding_of(game)``,
  :mod:`deckhand.core.encoding`): ``Discrete(num_tokens)``. A move that is one
  choice is one step; a composite move (a Basra capture, a Casino build) is
  several steps of the same agent, one token each, down the trie of the legal
  moves' sequences: the agent keeps the turn until its move is whole, then the
  move is played. A token outside the mask raises ``IllegalActionError``
  naming the legal ones.
* **observations** are ``{"observation": Box(0, 1, (n,), float32),
  "action_mask": Box(0, 1, (num_tokens,), int8)}``. The observation is the
  encoding's tensor of the agent's own view (``Encoding.observe``), with the
  tokens it has chosen of a move still pending (only the mover has any); the
  mask marks the tokens the agent may choose now, all zero when it is not
  its turn.
* **chance** (shuffles, deals, draws, a coin) is resolved inside with a
  ``random.Random`` seeded by ``reset(seed=...)``: the same seed and the same
  actions give the same game.
* **rewards** are 0 until the end, then deckhand's returns (1 for a win, 0
  for a loss, 1/k for a win shared by k); every agent is terminated at the end.
* **render_mode="ansi"**: ``render()`` returns the current agent's view drawn
  as text (the spectator's view once the game is over).
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping
from typing import Any

from deckhand.core.errors import ConfigError

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as missing:  # pragma: no cover - the extra is installed where this is tested
    raise ConfigError(
        f"deckhand.envs.pettingzoo needs numpy, gymnasium and pettingzoo ({missing.name} is missing): "
        "pip install 'deckhand[rl]'"
    ) from None

from rich.console import Console

from deckhand.core.encoding import Encoding, TokenTree, encoding_of
from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import Game, State, View
from deckhand.core.registry import load_game
from deckhand.core.turns import PUBLIC
from deckhand.render import Context, render

Observation = dict[str, np.ndarray]

RENDER_MODES = ("ansi",)


def agent_name(seat: int) -> str:
    """The PettingZoo agent of deckhand seat ``seat``."""
    return f"player_{seat}"


class DeckhandEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]  # PettingZoo ships no types
    """A deckhand game as a PettingZoo AEC environment (see the module docstring).

    Build it with :func:`env` (wrapped so that PettingZoo's order of calls is
    enforced) or :func:`raw_env`; ``game`` may be a deckhand ``Game`` already made.
    """

    def __init__(
        self,
        game_name: str | Game,
        preset: str | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if isinstance(game_name, Game):
            if preset is not None or options:
                raise ConfigError("give the options to load_game, not to an environment made from a Game")
            self.game = game_name
        else:
            self.game = (
                load_game(game_name, **options) if preset is None else load_game(game_name, preset=preset, **options)
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(f"render_mode {render_mode!r} is not one of {', '.join(RENDER_MODES)}")
        self.render_mode = render_mode
        self.encoding: Encoding = encoding_of(self.game)
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"deckhand_{self.game.name}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [agent_name(seat) for seat in range(self.game.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.encoding.observe_size
        tokens = self.encoding.num_tokens
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (tokens,), np.int8),
            }
        )
        self.observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(tokens) for agent in self.possible_agents}
        self._rng = random.Random()
        self.state: State = self.game.new_initial_state()
        self._tree: TokenTree | None = None
        self._prefix: tuple[int, ...] = ()
        self.agents: list[str] = []

    # -- the spaces ------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new game; chance is drawn from ``random.Random(seed)`` (fresh entropy without a seed)."""
        self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._settle()

    def _settle(self) -> None:
        """Resolve chance, then make the next decision (or end the game)."""
        state = self.state
        while state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(self._rng))
        self._prefix = ()
        if state.is_terminal():
            self._tree = None
            returns = state.returns()
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat[agent]])
                self.terminations[agent] = True
            return
        self._tree = TokenTree(self.encoding, state.legal_actions())
        self.agent_selection = agent_name(state.current_player())

    def step(self, action: int | None) -> None:
        """The current agent chooses ``action`` (a token); ``None`` once it is terminated."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or self._tree is None:
            raise IllegalActionError(f"{agent} must choose a token, not {action!r}")
        self._cumulative_rewards[agent] = 0.0
        self._prefix, move = self._tree.step(self._prefix, int(action))
        if move is not None:
            self.state.apply_action(move)
            self._settle()
        self._accumulate_rewards()

    # -- what an agent sees ---------------------------------------------------------
    def view(self, agent: str) -> View:
        """The deckhand view of ``agent``'s seat."""
        return self.state.view(self._seat[agent])

    def pending(self) -> tuple[int, ...]:
        """The tokens the current agent has chosen of a move not yet whole."""
        return self._prefix

    def action_mask(self, agent: str) -> np.ndarray:
        """1 for each token ``agent`` may choose now; all zero when it is not its turn."""
        mask = np.zeros(self.encoding.num_tokens, dtype=np.int8)
        if self._tree is not None and agent == self.agent_selection and not self.terminations.get(agent, True):
            mask[self._tree.next_tokens(self._prefix)] = 1
        return mask

    def observe(self, agent: str) -> Observation:
        prefix = self._prefix if agent == self.agent_selection and self._tree is not None else ()
        tensor = self.encoding.observe(self.view(agent), prefix)
        return {"observation": np.asarray(tensor, dtype=np.float32), "action_mask": self.action_mask(agent)}

    def render(self) -> str | None:
        """The current agent's view as text (``render_mode="ansi"``); the spectator's once the game is over."""
        if self.render_mode is None:
            return None
        state = self.state
        seat = PUBLIC if state.is_terminal() or not self.agents else self._seat[self.agent_selection]
        view = state.public_view() if seat == PUBLIC else state.view(seat)
        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None, force_terminal=False)
        names = list(self.possible_agents)
        console.print(render(view.to_json(), Context(viewer=None if seat == PUBLIC else seat, names=names)))
        if state.is_terminal():
            console.print(f"over: returns {dict(zip(names, state.returns(), strict=True))}")
        else:
            line = f"to move: {self.agent_selection}"
            if self._prefix:
                line += f"; chosen so far: {self.encoding.describe(self._prefix)}"
            console.print(line)
        return out.getvalue()

    def close(self) -> None:
        pass


def raw_env(
    game_name: str | Game, preset: str | None = None, render_mode: str | None = None, **options: Any
) -> DeckhandEnv:
    """The environment without PettingZoo's wrappers."""
    return DeckhandEnv(game_name, preset, render_mode, **options)


def env(
    game_name: str | Game, preset: str | None = None, render_mode: str | None = None, **options: Any
) -> AECEnv[str, Observation, int]:
    """A deckhand game as a PettingZoo AEC environment, wrapped to enforce the order of calls.

    ``game_name`` is a name of ``deckhand.games()`` (with ``preset`` and
    options, as ``deckhand.load_game`` takes them) or a ``Game``.
    """
    wrapped: AECEnv[str, Observation, int] = wrappers.OrderEnforcingWrapper(
        raw_env(game_name, preset, render_mode, **options)
    )
    return wrapped
