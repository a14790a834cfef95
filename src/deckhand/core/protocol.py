"""The protocol every game implements: ``Game``, ``State``, ``View``.

It follows OpenSpiel's shape so that game-AI users feel at home: chance is a
player (:data:`CHANCE`) whose outcomes the caller resolves with its own rng,
so a game is a pure function of its options and its action history. Agents
and clients only ever receive a :class:`View`.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar, Generic, Self

from typing_extensions import TypeVar

from deckhand.core.errors import ConfigError, IllegalActionError, NotationError, quote
from deckhand.core.options import Option, PresetInfo, resolve_options
from deckhand.core.playouts import play_out_with, uniform_action
from deckhand.core.turns import CHANCE, PUBLIC, TERMINAL

Action = Hashable
"""An action of a game not known here: a small immutable hashable value."""
A = TypeVar("A", bound=Hashable, default=Any)
"""A game's own action type: ``State[int]``, ``Game[BasraState, BasraAction]``.

Each game names its actions precisely (Three Trios' are ints, Casino's tagged
tuples or a dealt card); left out, it is ``Any``, so that code written for
every game (agents, searches, the tables) takes any game's states and actions.
"""

JSON = dict[str, Any]

S = TypeVar("S", bound="State")
S_co = TypeVar("S_co", bound="State", covariant=True, default="State")
"""A game's own State class: ``Game[BasraState]``. Left out, any State: a plain ``Game`` is any game.

Covariant, so that every game is a ``Game``; its hooks take the state as
``self: Game[S, A], state: S``, which binds ``S`` to the game's own State class:
``BasraGame().view`` takes a ``BasraState``, a plain ``Game``'s any State
(what callers that hold any game have always passed).
"""
V = TypeVar("V", bound="View")


def require_legal(state: State, action: Action) -> None:
    """Raise the game's own ``IllegalActionError`` unless ``action`` can be played in ``state``.

    Every notation is checked before anything describes it: a game's words
    (``Presentation.describe_action``, ``Presentation.announce``) are written for legal moves
    and read the places a move names, so a slot that does not exist must be
    refused by the rules first, in their words. A copy is played, so that the
    reason is the one ``apply_action`` gives and ``state`` does not change.
    """
    state.clone().apply_action(action)


def player_label(player: int) -> int | str:
    """How ``to_json`` writes ``current_player``: a seat, ``"chance"`` or ``"terminal"``."""
    if player == CHANCE:
        return "chance"
    if player == TERMINAL:
        return "terminal"
    return player


class Game(ABC, Generic[S_co, A]):
    """A game with fixed options; it makes initial states and restores saved ones.

    Subclasses set :attr:`name`, :attr:`rules_version`, :attr:`OPTIONS` and,
    where the rules have named variants, :attr:`PRESETS`. A game is generic
    over its own State class (``BasraGame(BasraSetup[BasraState])``, where
    ``BasraSetup`` is a ``Game[S_co]`` too), so that its hooks receive its
    states typed as such; a plain ``Game`` is a game of any State.
    """

    name: ClassVar[str]
    rules_version: ClassVar[str]
    title: ClassVar[str] = ""
    perfect_information: ClassVar[bool] = False
    OPTIONS: ClassVar[Mapping[str, Option]] = {}
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    PRESET_INFO: ClassVar[Mapping[str, PresetInfo]] = {}
    """Each preset's title and one line on what it is, for the lobby and the menu (``core.options.preset_info``)."""
    AGENTS: ClassVar[Mapping[str, str]] = {}
    """Per-game agents: name -> ``"module:factory"``, imported on first use."""
    LEVELS: ClassVar[Mapping[str, str]] = {}
    """Difficulty levels: ``easy``/``medium``/``hard``/``expert`` -> agent spec."""
    HINTS: ClassVar[str | None] = None
    """The agent spec whose explanations are the game's hints (a source's help mode); else the strongest level."""

    SAVE_FORMATS: ClassVar[Mapping[str, str]] = {}
    """The game's own save formats beside the JSON record: file suffix -> what it is (Casino: the course's ``.txt``)."""
    ENCODING: ClassVar[str] = ""
    """The game's encoding for learning environments, ``"module:Class"`` (built with the game by
    :func:`deckhand.core.encoding.encoding_of`); none by default."""
    PRESENTATION: ClassVar[str] = ""
    """How a table tells the game, ``"module:Class"`` of a :class:`deckhand.core.presentation.Presentation`
    (made with the game by :func:`deckhand.core.presentation.presentation_of`); the defaults when empty."""
    FACE_UP: ClassVar[tuple[str, ...]] = ()
    """The ``to_json()`` keys whose cards lie face up for everyone (a table, a discard pile): what an
    onlooker sees without being told. The spectator check (:mod:`deckhand.testing.onlooker`) takes
    from the rules what a spectator may see, not from the views it checks."""

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = resolve_options(self.name, self.OPTIONS, self.PRESETS, options)

    def public_options(self) -> dict[str, Any]:
        """The options as a view shows them: a stacked deck's order is hidden, only its length shown."""
        shown = dict(self.options)
        if shown.get("deck") is not None:
            shown["deck"] = f"stacked ({len(shown['deck'])} cards)"
        return shown

    @property
    def id(self) -> str:
        """The game id with its rules version, e.g. ``cambio/1``."""
        return f"{self.name}/{self.rules_version}"

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats the game has."""

    def teams(self) -> list[list[int]]:
        """The sides that win and lose together (a rating rates a side as one): by default each seat alone."""
        return [[seat] for seat in range(self.num_players)]

    @abstractmethod
    def new_initial_state(self) -> S_co:
        """The state before anything happens (usually a chance node: the deal)."""

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on ``len(state.history())`` for any game."""

    @abstractmethod
    def all_cards(self) -> list[str]:
        """Every card (or named piece) in play, as codes: what conservation checks."""

    def state_from_json(self, data: Mapping[str, Any]) -> S_co:
        """Restore a state written by ``to_json`` by replaying its history.

        Games whose states can start somewhere else (a loaded save) override it.
        """
        self._check_json_header(data)
        history = data.get("history")
        if not isinstance(history, list) or not all(isinstance(s, str) for s in history):
            raise ConfigError(f"{self.name}: saved state: 'history' must be a list of action strings")
        state = self.new_initial_state()
        for i, text in enumerate(history):
            try:
                state.apply_action(state.string_to_action(text))
            except (NotationError, IllegalActionError) as exc:
                raise ConfigError(f"{self.name}: saved state: history[{i}] {quote(text)}: {exc}") from None
        return state

    def _check_json_header(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping):
            raise ConfigError(f"{self.name}: a saved state is a JSON object, not {type(data).__name__}")
        if data.get("game") != self.name:
            raise ConfigError(f"saved state is for game {quote(data.get('game'))}, not {quote(self.name, 40)}")
        if str(data.get("rules_version")) != self.rules_version:
            raise ConfigError(
                f"{self.name}: saved state has rules version {quote(data.get('rules_version'))}; "
                f"this is version {self.rules_version}"
            )
        saved = data.get("options")
        if saved is not None and (not isinstance(saved, Mapping) or dict(saved) != self.options):
            raise ConfigError(f"{self.name}: saved state was played with other options: {quote(saved, 60)}")

    # -- hooks: what the game's later files add to its rules ------------------
    # A game's state.py holds the rules only; its game.py wires these hooks to
    # notation.py, words.py, view.py and playout.py, so that imports run one
    # way: each hook there takes the game's own State and calls the function of
    # the same name. The State methods of the same names call the hooks.
    def view(self: Game[S, A], state: S, player: int) -> View:
        """What ``player`` may know of ``state``; perfect-information games show everything."""
        return FullView(state, player)

    def action_to_string(self: Game[S, A], state: S, action: A) -> str:
        """The canonical notation of ``action`` in ``state``."""
        return str(action)

    def string_to_action(self: Game[S, A], state: S, text: str) -> A:
        """Parse notation. The default matches the legal actions' strings."""
        wanted = " ".join(text.split())
        legal: list[A] = state.legal_actions()
        for action in legal:
            if state.action_to_string(action) == wanted:
                return action
        raise NotationError(f"{quote(text, 40)} is not a legal action here")

    def rollout_action(self: Game[S, A], state: S, rng: random.Random) -> A:
        """A cheap move for search playouts; games may supply one better than uniform."""
        action: A = uniform_action(state, rng)
        return action

    def play_out(self: Game[S, A], state: S, rng: random.Random) -> list[float]:
        """Play ``state`` on in place with ``rollout_action`` (chance by its odds); the returns.

        Stops at the end of the game or where ``playout_estimate`` answers.
        Search playouts call it; a game may override it with a faster policy
        (:func:`play_out_with`, its own policy called directly).
        """
        return play_out_with(state, rng, self.rollout_action, self.playout_estimate)

    def playout_estimate(self: Game[S, A], state: S) -> list[float] | None:
        """Estimated returns where a search playout may stop early, or None to play on.

        Searches ask it at chance nodes only (so it costs nothing on ordinary
        moves). Games of several deals answer at the end of a deal with the
        chance each seat has to win from the scores so far: a playout of one
        deal is short, and the deal is where the decision being searched counts.
        """
        return None

    def information_key(self: Game[S, A], state: S, player: int) -> Hashable:
        """A hashable key of ``player``'s information set in ``state``: equal exactly when the views are.

        Search trees are keyed by it. The default serializes the view; games
        override it with something cheaper.
        """
        return json.dumps(state.view(player).to_json(), sort_keys=True)

    def public_view(self: Game[S, A], state: S) -> View:
        """What everyone watching ``state`` may know: what no seat's private knowledge adds.

        A spectator's view: its ``player`` is :data:`PUBLIC`, it has no legal
        actions, and it shows no card that some seat cannot see. Games whose
        views take a seat number apart (``1 - player``) handle ``PUBLIC`` there.
        """
        return self.view(state, PUBLIC)

    def write_save(self: Game[S, A], state: S, suffix: str) -> str:
        """``state`` in the save format of ``suffix`` (one of :attr:`SAVE_FORMATS`)."""
        raise ConfigError(f"{self.name} has no {quote(suffix, 12)} save format; use a .json file")

    def read_save(self, text: str, suffix: str) -> S_co:
        """A state read from ``text`` in the save format of ``suffix``; ``ConfigError`` if it is not one."""
        raise ConfigError(f"{self.name} has no {quote(suffix, 12)} save format")

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if k != "preset"}
        return f"load_game({quote(self.name, 40)}, {', '.join(f'{k}={quote(v, 40)}' for k, v in changed.items())})"


class State(ABC, Generic[A]):
    """A full game state. Mutable; ``clone()`` is cheap and independent."""

    game: Game[Any, A]

    # -- whose turn -----------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """A seat number, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    # -- moves ----------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[A]:
        """The actions open to the player to move (or chance outcomes' actions)."""

    def chance_outcomes(self) -> list[tuple[A, float]]:
        """``[(action, probability), ...]`` at a chance node."""
        raise IllegalActionError("not a chance node")

    def sample_chance_outcome(self, rng: random.Random) -> A:
        """Draw a chance outcome with its probability; games override it for speed."""
        outcomes = self.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]

    @abstractmethod
    def apply_action(self, action: A) -> None:
        """Play ``action``; raises ``IllegalActionError`` and changes nothing if illegal."""

    def apply_legal(self, action: A) -> None:
        """Play ``action``, known to be legal here, without checking it.

        For searches, playouts and the arena, whose moves come straight from
        ``legal_actions()`` (or ``sample_chance_outcome``) of this very state:
        re-checking them costs a fifth of a playout. Anything else may leave
        the state corrupt. Games override it with their unchecked path; the
        conformance suite plays seeded games both ways and compares them.
        """
        self.apply_action(action)

    def child(self, action: A) -> State[A]:
        """A copy of this state with ``action`` applied."""
        state = self.clone()
        state.apply_action(action)
        return state

    # -- what the Game wires (see the hooks of Game) ----------------------
    def action_to_string(self, action: A) -> str:
        """The canonical notation of ``action`` in this state."""
        return self.game.action_to_string(self, action)

    def string_to_action(self, text: str) -> A:
        """Parse notation into an action of this state."""
        return self.game.string_to_action(self, text)

    # -- bookkeeping ----------------------------------------------------
    @abstractmethod
    def clone(self) -> Self:
        """An independent copy."""

    @abstractmethod
    def history(self) -> list[A]:
        """Every action so far, chance outcomes included."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per seat at the end: 1 for a win, 0 for a loss, 1/k for a win shared by k."""

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own points per seat."""

    def view(self, player: int) -> View:
        """What ``player`` may know: the only thing agents and clients get."""
        return self.game.view(self, player)

    def public_view(self) -> View:
        """What a spectator may know: no seat's private knowledge (``Game.public_view``)."""
        return self.game.public_view(self)

    def rollout_action(self, rng: random.Random) -> A:
        """A cheap move for search playouts (``Game.rollout_action``)."""
        return self.game.rollout_action(self, rng)

    def play_out(self, rng: random.Random) -> list[float]:
        """Play on in place to the end or a playout estimate; the returns (``Game.play_out``)."""
        return self.game.play_out(self, rng)

    def playout_estimate(self) -> list[float] | None:
        """Estimated returns where a search playout may stop early (``Game.playout_estimate``)."""
        return self.game.playout_estimate(self)

    def information_key(self, player: int) -> Hashable:
        """A hashable key of ``player``'s information set (``Game.information_key``)."""
        return self.game.information_key(self, player)

    @abstractmethod
    def cards(self) -> list[str]:
        """The codes of every card in the state, wherever it lies (conservation)."""

    def history_strings(self) -> list[str]:
        """The history in notation, each action written in the state it was played in."""
        state = self.game.new_initial_state()
        out = []
        for action in self.history():
            out.append(state.action_to_string(action))
            state.apply_action(action)
        return out

    def to_json(self) -> JSON:
        """The complete state as JSON-able data; ``game.state_from_json`` restores it."""
        return {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": dict(self.game.options),
            "current_player": player_label(self.current_player()),
            "scores": list(self.scores()),
            "history": self.history_strings(),
        }

    def __str__(self) -> str:
        return json.dumps(self.to_json(), indent=1)


class View(ABC, Generic[A]):
    """What one seat may know of a state. Agents decide from views only.

    Two views are equal when their ``to_json()`` is equal.
    """

    game: Game
    player: int

    @abstractmethod
    def current_player(self) -> int:
        """Whose turn it is: public in every game here."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """The viewer's legal actions when it is to move; otherwise ``[]``."""

    @abstractmethod
    def action_to_string(self, action: A) -> str:
        """Notation, as the state writes it."""

    @abstractmethod
    def string_to_action(self, text: str) -> A:
        """Parse notation into one of the viewer's actions."""

    @abstractmethod
    def to_json(self) -> JSON:
        """The view as JSON-able data; cards the viewer cannot know are hidden."""

    @abstractmethod
    def sample_world(self, rng: random.Random) -> State:
        """A full state consistent with this view, hidden cards dealt uniformly."""

    def sample_likely_world(self, rng: random.Random) -> State:
        """A world consistent with this view, drawn from what the viewer may believe.

        Games may weigh hidden cards by how sensible players would have played
        (a card its owner looked at and kept is likely a good one). Search
        samples from it; the default is the uniform ``sample_world``.
        """
        return self.sample_world(rng)

    def is_determined(self) -> bool:
        """Whether one world only agrees with this view: the viewer knows every card (a last deal, say).

        Then a position can be solved exactly from the view alone. False
        unless a game knows better: a wrong False costs only an estimate,
        a wrong True would call a guess exact.
        """
        return False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self.player == other.player and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.game.name, self.player))


def view_as(view: View, kind: type[V]) -> V:
    """``view`` as its game's own view class: how an agent reads the typed accessors of its game's views.

    An agent handed another game's view gets a one-line ``ConfigError``.
    """
    if not isinstance(view, kind):
        raise ConfigError(f"this agent reads {kind.__name__}s, not a view of {quote(view.game.name, 40)}")
    return view


class RedactedView(View[A], Generic[S, A]):
    """A view kept as a private copy of the state with what the viewer may not know taken out.

    The copy is made once (:meth:`redact`), the protocol is answered from it,
    and subclasses give agents typed, read-only accessors to it; no public
    attribute returns the copy. :meth:`sample_world` is the one way to a full
    State: it deals the hidden cards back, consistent with the view.
    """

    def __init__(self, state: S, player: int) -> None:
        self.game = state.game
        self.player = player
        self._public: S = self.redact(state, player)

    @abstractmethod
    def redact(self, state: S, player: int) -> S:
        """A copy of ``state`` holding nothing ``player`` may not know: no hidden card, no history."""

    def current_player(self) -> int:
        return self._public.current_player()

    def legal_actions(self) -> list[A]:
        if self._public.current_player() != self.player:
            return []
        return self._public.legal_actions()

    def action_to_string(self, action: A) -> str:
        return self._public.action_to_string(action)

    def string_to_action(self, text: str) -> A:
        to_move = self._public.current_player()
        if self.player == PUBLIC:
            raise IllegalActionError("a spectator cannot move")
        if to_move >= 0 and to_move != self.player:
            raise IllegalActionError(f"it is not seat {self.player}'s turn")
        action: A = self._public.string_to_action(text)
        return action


class FullView(RedactedView[State, Any]):
    """The view of a perfect-information game: a copy of the whole state, nothing taken out."""

    def redact(self, state: State, player: int) -> State:
        return state.clone()

    def to_json(self) -> JSON:
        data = self._public.to_json()
        data["viewer"] = self.player
        return data

    def sample_world(self, rng: random.Random) -> State:
        return self._public.clone()

    def is_determined(self) -> bool:
        return True
