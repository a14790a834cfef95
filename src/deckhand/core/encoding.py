"""A game's fixed numbering of its moves and its observation tensor, for learning environments.

Learning libraries (PettingZoo, OpenSpiel) want a fixed set of action
indices and a fixed-size float tensor. A game's :class:`Encoding` gives both:

* every player action is a short sequence of *tokens*, ints in
  ``range(num_tokens)`` whose meaning is the same in every state (a card, a
  slot, a declared value, ``end``), never "the k-th legal move". A move that
  is one choice is one token; a composite move (a Basra capture, a Casino
  build) is several, in a canonical order, closed by an ``end`` token where
  a shorter move could otherwise be a prefix of a longer one;
* chance outcomes are ints in ``range(max_chance_outcomes)``;
* :meth:`Encoding.observation` turns a :class:`View` (never a State) into a
  flat list of ``prod(observation_shape)`` floats, each in [0, 1] (marks,
  one-hots, and counts or scores over their most, capped at 1).

Adapters walk the legal moves of a state as a trie (:class:`TokenTree`):
at a decision with a pending prefix the legal indices are the children of
the prefix, choosing one extends it, and when the prefix is a whole
sequence its action is played. The pending prefix is the mover's private
knowledge until the move is played: :meth:`Encoding.observe` appends it to
the mover's observation.

Pure Python, no numpy: the core imports without the learning extras.

>>> import deckhand
>>> encoding = encoding_of(deckhand.load_game("three_trios"))
>>> state = deckhand.load_game("three_trios").new_initial_state()
>>> tree = TokenTree(encoding, state.legal_actions())
>>> first = tree.next_tokens(())[0]
>>> tree.complete((first,)) == state.legal_actions()[0]
True
"""

from __future__ import annotations

import importlib
import math
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any

from deckhand.core.errors import ConfigError, DeckhandError, IllegalActionError, quote
from deckhand.core.protocol import Action, Game, View

_LEAF = -1
"""The key under which a trie node keeps the action whose sequence ends there."""


class EncodingError(DeckhandError):
    """A game's encoding broke its promise: two moves share a sequence, or one is a prefix of another."""


class Encoding(ABC):
    """A game's fixed numbering of its moves and its observation tensor (for learning environments).

    Subclasses set :attr:`num_tokens`, :attr:`max_chance_outcomes`,
    :attr:`observation_shape` and :attr:`max_tokens` in ``__init__`` and
    implement :meth:`tokens`, :meth:`observation` and :meth:`token_name`.
    """

    num_tokens: int
    """Distinct action indices: every token is in ``range(num_tokens)``."""
    max_chance_outcomes: int
    """Chance actions are ints in ``range(max_chance_outcomes)``."""
    observation_shape: tuple[int, ...]
    """The shape of :meth:`observation` (it is returned flat)."""
    max_tokens: int = 1
    """The longest token sequence of any move: 1 for games whose every move is one choice."""

    @abstractmethod
    def tokens(self, action: Action) -> tuple[int, ...]:
        """A player action's token sequence (chance outcomes use :meth:`chance_index`)."""

    @abstractmethod
    def observation(self, view: View) -> list[float]:
        """The view as a flat list of ``observation_size`` floats in [0, 1]; it reads nothing the view does not show."""

    @abstractmethod
    def token_name(self, token: int) -> str:
        """What ``token`` means, in words close to the game's notation (``"take S2"``)."""

    def token_names(self) -> list[str]:
        """The name of every token, in order (for documentation and debugging)."""
        return [self.token_name(i) for i in range(self.num_tokens)]

    def chance_index(self, action: Action) -> int:
        """A chance outcome as an int in ``range(max_chance_outcomes)``; the games here use ints already."""
        if type(action) is not int or not 0 <= action < self.max_chance_outcomes:
            raise IllegalActionError(f"{quote(action, 40)} is not a chance outcome of this encoding")
        return action

    @property
    def observation_size(self) -> int:
        """How many floats :meth:`observation` returns."""
        return math.prod(self.observation_shape)

    @property
    def prefix_size(self) -> int:
        """The floats :meth:`observe` adds for a pending prefix: ``num_tokens``, or 0 if every move is one token."""
        return self.num_tokens if self.max_tokens > 1 else 0

    @property
    def observe_size(self) -> int:
        """How many floats :meth:`observe` returns."""
        return self.observation_size + self.prefix_size

    def observe(self, view: View, prefix: Sequence[int] = ()) -> list[float]:
        """The mover's observation in the middle of a move: :meth:`observation` then the pending tokens.

        The prefix is written as a 0/1 mark per token (the tokens of one
        move are distinct and in canonical order, so the marks say it all).
        Only the mover gets a non-empty prefix: nobody else acts while it is pending.
        """
        out = self.observation(view)
        if self.prefix_size:
            marks = [0.0] * self.num_tokens
            for token in prefix:
                marks[token] = 1.0
            out.extend(marks)
        elif prefix:
            raise EncodingError("a game whose moves are single tokens has no pending prefix")
        return out

    def describe(self, tokens: Iterable[int]) -> str:
        """A token sequence in words: the names joined by spaces."""
        return " ".join(self.token_name(t) for t in tokens)


class TokenTree:
    """The legal actions of one decision as a trie of their token sequences.

    Building it checks the encoding's promises for these actions: every
    token in range, no two actions with one sequence, no sequence a proper
    prefix of another (an :class:`EncodingError` otherwise).
    """

    def __init__(self, encoding: Encoding, actions: Iterable[Action]) -> None:
        self.encoding = encoding
        self.root: dict[int, Any] = {}
        self.sequences: dict[Action, tuple[int, ...]] = {}
        limit = encoding.num_tokens
        for action in actions:
            seq = encoding.tokens(action)
            if not seq:
                raise EncodingError(f"{quote(action, 60)} has an empty token sequence")
            node = self.root
            for token in seq:
                if not 0 <= token < limit:
                    raise EncodingError(f"{quote(action, 60)}: token {token} is not in range({limit})")
                if _LEAF in node:
                    raise EncodingError(
                        f"the sequence of {quote(node[_LEAF], 60)} is a prefix of {quote(action, 60)}'s"
                    )
                node = node.setdefault(token, {})
            if _LEAF in node:
                raise EncodingError(f"{quote(node[_LEAF], 60)} and {quote(action, 60)} share the tokens {seq}")
            if node:
                raise EncodingError(f"the sequence of {quote(action, 60)} is a prefix of another action's")
            node[_LEAF] = action
            self.sequences[action] = seq

    def _node(self, prefix: Sequence[int]) -> dict[int, Any] | None:
        node: dict[int, Any] | None = self.root
        for token in prefix:
            if node is None or _LEAF in node:
                return None
            node = node.get(token)
        return node

    def is_prefix(self, prefix: Sequence[int]) -> bool:
        """Whether ``prefix`` starts (or is) the sequence of some legal action."""
        return self._node(prefix) is not None

    def next_tokens(self, prefix: Sequence[int] = ()) -> list[int]:
        """The tokens that may follow ``prefix`` (sorted); ``[]`` when it is a whole sequence or no prefix."""
        node = self._node(prefix)
        if node is None or _LEAF in node:
            return []
        return sorted(node)

    def complete(self, prefix: Sequence[int]) -> Action | None:
        """The action whose whole sequence is ``prefix``, or None."""
        node = self._node(prefix)
        if node is None or _LEAF not in node:
            return None
        action: Action = node[_LEAF]
        return action

    def step(self, prefix: Sequence[int], token: int) -> tuple[tuple[int, ...], Action | None]:
        """Choose ``token`` after ``prefix``: the longer prefix, and the action if it is now complete.

        ``IllegalActionError`` (naming the legal tokens) if ``token`` cannot follow ``prefix``.
        """
        legal = self.next_tokens(prefix)
        if token not in legal:
            names = ", ".join(f"{t} ({self.encoding.token_name(t)})" for t in legal[:12])
            more = f" and {len(legal) - 12} more" if len(legal) > 12 else ""
            raise IllegalActionError(f"token {quote(token)} is not legal here; legal: {names}{more}")
        longer = (*prefix, token)
        return longer, self.complete(longer)


def token_tree(encoding: Encoding, actions: Iterable[Action]) -> TokenTree:
    """The trie of ``actions``' token sequences (see :class:`TokenTree`)."""
    return TokenTree(encoding, actions)


def next_tokens(tree: TokenTree, prefix: Sequence[int] = ()) -> list[int]:
    """The legal tokens after ``prefix`` (:meth:`TokenTree.next_tokens`)."""
    return tree.next_tokens(prefix)


def complete(tree: TokenTree, prefix: Sequence[int]) -> Action | None:
    """The action whose whole sequence is ``prefix``, or None (:meth:`TokenTree.complete`)."""
    return tree.complete(prefix)


# -- small builders the games' encodings share -------------------------------------


def one_hot(size: int, index: int) -> list[float]:
    """``size`` zeros with a one at ``index`` (none if ``index`` is out of range, e.g. -1 for "nobody")."""
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def ratio(part: float, whole: float) -> float:
    """``part / whole`` capped at 1: a count or score as an observation entry (they all lie in [0, 1])."""
    return min(1.0, part / whole) if whole > 0 else 0.0


def relative_seat(seat: int, viewer: int, players: int) -> int:
    """``seat`` counted from the viewer (0 = the viewer, 1 = the next seat...); a spectator counts from seat 0."""
    if seat < 0:
        return seat
    return (seat - max(viewer, 0)) % players


def encoding_of(game: Game) -> Encoding:
    """The game's :class:`Encoding`, made once per Game from its ``ENCODING`` (``"module:Class"``).

    PettingZoo and OpenSpiel adapters read it; a game without one is a ``ConfigError``.
    """
    made = game.__dict__.get("_encoding")
    if isinstance(made, Encoding):
        return made
    module, _, name = game.ENCODING.partition(":")
    if not module or not name:
        raise ConfigError(f"{game.name} has no encoding for learning environments")
    made = getattr(importlib.import_module(module), name)(game)
    if not isinstance(made, Encoding):
        raise ConfigError(f"{game.name}'s ENCODING {quote(game.ENCODING, 80)} is not an Encoding")
    game.__dict__["_encoding"] = made
    return made
