"""deckhand's games as OpenSpiel games: ``import deckhand.envs.openspiel`` registers them with pyspiel.

Each game is registered once as ``python_deckhand_<game>`` (cambio,
three_trios, basra, casino, go_fish), so that OpenSpiel's tools and
algorithms load it by name::

    import pyspiel
    import deckhand.envs.openspiel  # registers the games
    game = pyspiel.load_game("python_deckhand_cambio", {"preset": "house", "players": 3})

How the deckhand protocol maps onto OpenSpiel's:

* **parameters** are the game's options whose values pyspiel can hold (bool,
  int, float, str): ``preset`` and the rest. A list option (Cambio's
  ``known_slots``, Three Trios' ``rules``) is a string of its items separated
  by spaces; an option that is a number or a word (Basra's ``basra_bonus``,
  Casino's ``ace``, Go Fish's ``hand_size``) is a string too. A stacked deck is
  left out (:func:`from_game` wraps any deckhand game, stacked decks
  included). pyspiel hands the constructor every parameter, the ones left
  out at their defaults, so a parameter equal to its default means "as the
  preset says": ``preset=house`` alone gives every house rule, and only a
  value other than the default overrides the preset's line.
* **chance** nodes are chance nodes; an outcome is the encoding's
  ``chance_index`` of deckhand's chance action (the card dealt).
* **actions** are the encoding's tokens (``encoding_of(game)``): a move that is
  one choice is one action; a composite move (a Basra capture, a Casino build)
  is several decisions of the same player, one token each, walked down the
  trie of the legal moves' sequences (:class:`deckhand.core.encoding.TokenTree`).
  The pending prefix is part of the mover's information state only.
* **information state** and **observation** strings are the view's JSON (what
  the seat knows, its memory included) with the pending prefix; the tensors
  are ``Encoding.observe`` of the view. Both come from ``state.view(player)``,
  never from the hidden cards.
* :meth:`DeckhandState.resample_from_infostate` deals a world consistent
  with the player's view (``View.sample_world``) and replays the pending
  prefix, which is what OpenSpiel's ISMCTSBot asks of a game.
* **returns** are deckhand's: 1 for a win, 0 for a loss, 1/k for a win shared
  by k; 0 for everyone until the end (a constant-sum game of total 1).

>>> import pyspiel
>>> game = pyspiel.load_game("python_deckhand_three_trios")
>>> game.num_players(), game.num_distinct_actions() > 0
(2, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from deckhand.core.encoding import Encoding, TokenTree, encoding_of
from deckhand.core.errors import ConfigError, IllegalActionError
from deckhand.core.protocol import Action, Game, State, View
from deckhand.core.registry import game_class, load_game
from deckhand.core.turns import CHANCE, TERMINAL

GAMES = ("cambio", "three_trios", "basra", "casino", "go_fish")
"""The deckhand games registered with pyspiel."""

PREFIX = "python_deckhand_"
"""The pyspiel short name of deckhand game ``g`` is ``PREFIX + g``."""

Param = bool | int | float | str


# -- parameters: deckhand options <-> pyspiel's typed values --------------------------


def _kind(values: list[Any]) -> type | None:
    """The pyspiel type that holds every one of ``values``, or None if none does (a stacked deck)."""
    if any(v is None for v in values):
        return None
    if all(isinstance(v, bool) for v in values):
        return bool
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return int
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return float
    if all(isinstance(v, str | int | float | list | tuple) for v in values):
        return str
    return None


def _render(value: Any, kind: type) -> Param:
    """An option's value as pyspiel holds it: a list becomes its items joined by spaces."""
    if kind is str:
        if isinstance(value, list | tuple):
            return " ".join(str(v) for v in value)
        return str(value)
    converted: Param = kind(value)
    return converted


def _kinds(cls: type[Game]) -> dict[str, type]:
    """Each option pyspiel can hold, with its type (judged from the default and every preset's line)."""
    kinds: dict[str, type] = {}
    for key, option in cls.OPTIONS.items():
        kind = _kind([option.default, *(p[key] for p in cls.PRESETS.values() if key in p)])
        if kind is not None:
            kinds[key] = kind
    return kinds


def parameter_specification(cls: type[Game]) -> dict[str, Param]:
    """The pyspiel parameters of a deckhand game class: its preset and options, with their defaults."""
    spec: dict[str, Param] = {}
    if cls.PRESETS:
        spec["preset"] = next(iter(cls.PRESETS))
    for key, kind in _kinds(cls).items():
        spec[key] = _render(cls.OPTIONS[key].default, kind)
    return spec


def deckhand_options(cls: type[Game], params: Mapping[str, Any]) -> dict[str, Any]:
    """The deckhand options that pyspiel ``params`` ask for: the preset, and each value other than its default."""
    spec = parameter_specification(cls)
    options: dict[str, Any] = {}
    for key, value in params.items():
        if key == "preset":
            options["preset"] = value
        elif key in spec and value != spec[key]:
            options[key] = value
    return options


def pyspiel_parameters(game: Game) -> dict[str, Param]:
    """A deckhand game's options as pyspiel parameters: every one pyspiel can hold, so the game loads again."""
    params: dict[str, Param] = {}
    if "preset" in game.options:
        params["preset"] = str(game.options["preset"])
    for key, kind in _kinds(type(game)).items():
        params[key] = _render(game.options[key], kind)
    return params


# -- registration ---------------------------------------------------------------------


def _player_range(cls: type[Game]) -> tuple[int, int]:
    """The fewest and most seats the game allows (its ``players`` option, if any)."""
    option = cls.OPTIONS.get("players")
    if option is None:
        n = cls().num_players
        return n, n
    allowed = []
    for n in range(1, 17):
        try:
            option.parse(n)
        except ValueError:
            continue
        allowed.append(n)
    return min(allowed), max(allowed)


def game_type(name: str) -> Any:
    """The ``pyspiel.GameType`` of deckhand game ``name``."""
    cls = game_class(name)
    low, high = _player_range(cls)
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if cls.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"deckhand {cls.title or name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(cls),
    )


def register(name: str) -> None:
    """Register deckhand game ``name`` with pyspiel as ``python_deckhand_<name>`` (once)."""
    if PREFIX + name in pyspiel.registered_names():
        return
    cls = game_class(name)
    kind = game_type(name)
    base = DeckhandGame  # this module's class, even after the module is reloaded

    def init(self: DeckhandGame, params: Mapping[str, Any] | None = None) -> None:
        try:
            game = cls(**deckhand_options(cls, params or {}))
        except ConfigError as exc:
            raise ValueError(str(exc)) from None
        base.__init__(self, game, kind)

    # pyspiel keeps the creator until after the interpreter has shut down: a
    # class, like OpenSpiel's own Python games register, outlives that safely
    # (a bare function is freed without the interpreter and aborts the exit).
    creator = type(f"Deckhand_{name}", (base,), {"__init__": init, "__module__": __name__})
    _CREATORS[name] = creator
    pyspiel.register_game(kind, creator)


_CREATORS: dict[str, type[DeckhandGame]] = {}


def from_game(game: Game) -> DeckhandGame:
    """A pyspiel game playing ``game`` with its options exactly (a stacked deck included).

    Use it for options no parameter can say (a preset's line set back to
    the default, a stacked deck); the game's name is registered as well.
    """
    register(game.name)
    return DeckhandGame(game, game_type(game.name))


def load(name: str, **options: Any) -> DeckhandGame:
    """``from_game(deckhand.load_game(name, **options))``."""
    return from_game(load_game(name, **options))


# -- the game -------------------------------------------------------------------------


class DeckhandGame(pyspiel.Game):  # type: ignore[misc]
    """A deckhand game as a ``pyspiel.Game``; :attr:`deckhand` is the deckhand game."""

    def __init__(self, game: Game, kind: Any) -> None:
        self.deckhand = game
        self.encoding: Encoding = encoding_of(game)
        enc = self.encoding
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.num_tokens,
            max_chance_outcomes=enc.max_chance_outcomes,
            num_players=game.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            # A game length counts the players' decisions: one per token.
            max_game_length=game.max_game_length() * enc.max_tokens,
        )
        super().__init__(kind, info, pyspiel_parameters(game))

    def new_initial_state(self, world: State | None = None) -> DeckhandState:
        """The start of a game, or a pyspiel state around the deckhand ``world`` (at a whole move)."""
        return DeckhandState(self, world)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """An observer of the views: the seat's own (default), or what everyone sees (no private info)."""
        if isinstance(iig_obs_type, Mapping):  # pyspiel passes the params alone when there is no type
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if kind.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("deckhand games observe through a seat's view; every player's private cards is none")
        return ViewObserver(self, public=kind.private_info == pyspiel.PrivateInfoType.NONE)


# -- the state ------------------------------------------------------------------------


class _World:
    """The deckhand State inside a pyspiel state, with its game and the trie of its legal moves.

    pyspiel clones a Python state by deep-copying its ``__dict__``: this copies
    the deckhand State with its own cheap ``clone()`` instead, shares the game
    and the trie (neither changes) and drops the cached strings.
    """

    __slots__ = ("game", "state", "strings", "tree")

    def __init__(self, state: State, game: DeckhandGame, tree: TokenTree | None = None) -> None:
        self.state = state
        self.game = game
        self.tree = tree
        self.strings: dict[tuple[int, bool], str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _World:
        return _World(self.state.clone(), self.game, self.tree)


class DeckhandState(pyspiel.State):  # type: ignore[misc]
    """A deckhand State as a ``pyspiel.State``, with the pending prefix of a composite move."""

    def __init__(self, game: DeckhandGame, world: State | None = None) -> None:
        super().__init__(game)
        self._world = _World(world if world is not None else game.deckhand.new_initial_state(), game)
        self._prefix: tuple[int, ...] = ()

    # -- what deckhand sees -------------------------------------------------
    @property
    def world(self) -> State:
        """The deckhand State (at the last whole move: a pending prefix is not played yet)."""
        return self._world.state

    @property
    def prefix(self) -> tuple[int, ...]:
        """The tokens chosen so far of the mover's composite move."""
        return self._prefix

    def tree(self) -> TokenTree:
        """The trie of the mover's legal moves' token sequences."""
        holder = self._world
        if holder.tree is None:
            holder.tree = TokenTree(holder.game.encoding, holder.state.legal_actions())
        return holder.tree

    def _chance_actions(self) -> dict[int, Action]:
        index = self._world.game.encoding.chance_index
        return {index(a): a for a, _ in self._world.state.chance_outcomes()}

    # -- the pyspiel API ----------------------------------------------------
    def current_player(self) -> int:
        p = self._world.state.current_player()
        if p == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if p == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return p

    def is_terminal(self) -> bool:
        return self._world.state.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return self.tree().next_tokens(self._prefix)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        index = self._world.game.encoding.chance_index
        return sorted((index(a), p) for a, p in self._world.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        world = self._world.state
        if world.is_chance_node():
            outcome = self._chance_actions().get(int(action))
            if outcome is None:
                raise IllegalActionError(f"{action} is not a chance outcome here")
            self._play(outcome)
            return
        prefix, move = self.tree().step(self._prefix, int(action))
        if move is None:
            self._prefix = prefix
            self._world.strings = {}
        else:
            self._play(move)

    def _play(self, action: Action) -> None:
        self._world.state.apply_action(action)
        self._world = _World(self._world.state, self._world.game)
        self._prefix = ()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcome = self._chance_actions().get(int(action))
            if outcome is None:
                return f"chance {action}"
            return self._world.state.action_to_string(outcome)
        return self._world.game.encoding.token_name(int(action))

    def returns(self) -> list[float]:
        world = self._world.state
        if not world.is_terminal():
            return [0.0] * world.game.num_players
        return [float(r) for r in world.returns()]

    def resample_from_infostate(self, player: int, sampler: Callable[[], float]) -> DeckhandState:
        """A state ``player`` cannot tell from this one: a world dealt from its view, the pending prefix replayed.

        ``sampler`` (a ``pyspiel.UniformProbabilitySampler`` or any callable
        returning a float in [0, 1)) seeds the deal. The prefix is the mover's
        own knowledge: it is replayed when ``player`` is the mover; for
        another player the state is at the start of the mover's decision.
        """
        rng = random.Random(int(float(sampler()) * (1 << 53)))
        return self.resample(player, rng)

    def resample(self, player: int, rng: random.Random) -> DeckhandState:
        """:meth:`resample_from_infostate` with a ``random.Random``."""
        world = self._world.state.view(player).sample_world(rng)
        state = DeckhandState(self._world.game, world)
        if player == self._world.state.current_player():
            for token in self._prefix:
                state._apply_action(token)
        return state

    def view(self, player: int) -> View:
        """``player``'s deckhand view of the state (a pending prefix is not in it)."""
        return self._world.state.view(player)

    def __str__(self) -> str:
        text = json.dumps(self._world.state.to_json(), sort_keys=True, separators=(",", ":"))
        if self._prefix:
            text += " pending " + self._world.game.encoding.describe(self._prefix)
        return text


# -- observations ---------------------------------------------------------------------


class ViewObserver:
    """OpenSpiel's observer (see ``open_spiel/python/observation.py``) built on views and the encoding.

    ``tensor`` holds ``Encoding.observe`` of the view; ``dict`` splits it into
    ``observation`` (the encoding's shape) and, for games with composite
    moves, ``prefix`` (a mark per token of the mover's pending prefix).
    """

    def __init__(self, game: DeckhandGame, public: bool = False) -> None:
        enc = game.encoding
        self.encoding = enc
        self.public = public
        self.tensor = np.zeros(enc.observe_size, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor[: enc.observation_size].reshape(enc.observation_shape)}
        if enc.prefix_size:
            self.dict["prefix"] = self.tensor[enc.observation_size :]

    def _view(self, state: DeckhandState, player: int) -> tuple[View, tuple[int, ...]]:
        world = state.world
        if self.public:
            return world.public_view(), ()
        mover = world.current_player() == player
        return world.view(player), state.prefix if mover else ()

    def set_from(self, state: DeckhandState, player: int) -> None:
        view, prefix = self._view(state, player)
        self.tensor[:] = self.encoding.observe(view, prefix)

    def string_from(self, state: DeckhandState, player: int) -> str:
        key = (player, self.public)
        cache = state._world.strings
        text = cache.get(key)
        if text is None:
            view, prefix = self._view(state, player)
            text = json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"))
            if prefix:
                text += " pending " + " ".join(str(t) for t in prefix)
            cache[key] = text
        return text


def _register_all() -> None:
    for name in GAMES:
        register(name)


_register_all()

__all__ = [
    "GAMES",
    "PREFIX",
    "DeckhandGame",
    "DeckhandState",
    "ViewObserver",
    "from_game",
    "load",
    "parameter_specification",
    "pyspiel_parameters",
    "register",
]
