"""The checks every game's learning encoding (:mod:`deckhand.core.encoding`) passes.

:func:`check_encoding_game` plays one seeded random game and checks, as it goes:

* at every decision, the legal actions' token sequences are in range,
  distinct and prefix-free (building a :class:`~deckhand.core.encoding.TokenTree`
  checks that), and walking the trie token by token gives back each action;
* each token's name ends with a word of its move's notation (a card, a
  position, a value: ``take H4`` in ``play H5 {D5} {CA H4}``), ``end`` apart:
  a token means what its name says, whatever the state;
* at every chance node, every outcome's index is in ``range(max_chance_outcomes)`` and distinct;
* on a sample of positions, for every seat and the public view, the
  observation has ``observation_size`` floats in [0, 1] and is the same for
  every world sampled from the view (it reads nothing the viewer cannot see).

It returns what it saw so that a test can tell a tensor that never changes:
how many distinct views and distinct tensors seat 0 had.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field

from deckhand.core.encoding import Encoding, EncodingError, TokenTree, encoding_of
from deckhand.core.protocol import Game, State, View
from deckhand.core.turns import CHANCE, PUBLIC, TERMINAL


class EncodingCheckError(AssertionError):
    """A game's encoding broke a promise."""


@dataclass
class EncodingStats:
    """What one checked game showed: decisions, the longest sequence, distinct views and tensors of seat 0."""

    decisions: int = 0
    longest: int = 0
    views: set[str] = field(default_factory=set)
    tensors: set[tuple[float, ...]] = field(default_factory=set)
    collisions: int = 0
    """Pairs of seat 0's consecutive positions whose views differ but whose tensors are equal."""


def _fail(game: Game, seed: int, step: int, message: str) -> EncodingCheckError:
    return EncodingCheckError(f"{game.name} {game.options.get('preset', '')} seed {seed} step {step}: {message}")


def _view_of(state: State, player: int) -> View:
    return state.public_view() if player == PUBLIC else state.view(player)


def check_observation(encoding: Encoding, view: View) -> list[float]:
    """The view's observation, checked for its length and finiteness."""
    obs = encoding.observation(view)
    if len(obs) != encoding.observation_size:
        raise EncodingCheckError(f"observation has {len(obs)} floats, not {encoding.observation_size}")
    bad = [x for x in obs if not (isinstance(x, float | int) and math.isfinite(x) and 0.0 <= x <= 1.0)]
    if bad:
        raise EncodingCheckError(f"observation holds {bad[0]!r}, not a float in [0, 1]")
    return obs


def check_trie(encoding: Encoding, actions: list[object]) -> TokenTree:
    """The trie of ``actions``; walking it token by token gives back every action."""
    tree = TokenTree(encoding, actions)
    for action, seq in tree.sequences.items():
        prefix: tuple[int, ...] = ()
        for i, token in enumerate(seq):
            if token not in tree.next_tokens(prefix):
                raise EncodingError(f"token {token} of {action!r} is not among the legal tokens after {prefix}")
            if tree.complete(prefix) is not None:
                raise EncodingError(f"prefix {prefix} of {action!r} completes another action")
            prefix, done = tree.step(prefix, token)
            if (done is None) != (i < len(seq) - 1):
                raise EncodingError(f"walking {seq} stops early or late for {action!r}")
        if tree.complete(prefix) != action:
            raise EncodingError(f"the walk of {seq} gives {tree.complete(prefix)!r}, not {action!r}")
        if tree.next_tokens(prefix):
            raise EncodingError(f"{action!r}'s sequence has children")
    if len(seq_max := [len(s) for s in tree.sequences.values()]) and max(seq_max) > encoding.max_tokens:
        raise EncodingError(f"a sequence of {max(seq_max)} tokens is longer than max_tokens {encoding.max_tokens}")
    return tree


def check_encoding_game(
    game: Game, seed: int, *, deep_every: int = 5, worlds: int = 2, rollout: bool = False
) -> EncodingStats:
    """Play one seeded random game checking the encoding at every step (see the module docstring).

    Moves are uniform among the legal ones, or the game's playout policy
    with ``rollout`` (games that a uniform mover ends at once, Cambio's
    early call, get further that way).
    """
    rng = random.Random(seed)
    world_rng = random.Random(seed ^ 0xE4C)
    encoding = encoding_of(game)
    state = game.new_initial_state()
    stats = EncodingStats()
    previous: tuple[str, tuple[float, ...]] | None = None
    step = 0
    while True:
        player = state.current_player()
        if step % deep_every == 0 or player == TERMINAL:
            for seat in [*range(game.num_players), PUBLIC]:
                view = _view_of(state, seat)
                try:
                    obs = check_observation(encoding, view)
                except EncodingCheckError as exc:
                    raise _fail(game, seed, step, f"view({seat}): {exc}") from None
                for _ in range(worlds):
                    world = view.sample_world(world_rng)
                    if encoding.observation(_view_of(world, seat)) != obs:
                        raise _fail(game, seed, step, f"view({seat}): a world sampled from it gives another tensor")
            text = json.dumps(state.view(0).to_json(), sort_keys=True)
            tensor = tuple(encoding.observation(state.view(0)))
            stats.views.add(text)
            stats.tensors.add(tensor)
            if previous is not None and previous[0] != text and previous[1] == tensor:
                stats.collisions += 1
            previous = (text, tensor)
        if player == TERMINAL:
            return stats
        if player == CHANCE:
            outcomes = [a for a, _ in state.chance_outcomes()]
            indices = [encoding.chance_index(a) for a in outcomes]
            if len(set(indices)) != len(indices) or not all(0 <= i < encoding.max_chance_outcomes for i in indices):
                raise _fail(game, seed, step, f"chance indices {indices[:8]} are not distinct and in range")
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            actions = state.legal_actions()
            try:
                tree = check_trie(encoding, actions)
            except EncodingError as exc:
                raise _fail(game, seed, step, str(exc)) from None
            for action, seq in tree.sequences.items():
                words = set(state.action_to_string(action).replace("{", " ").replace("}", " ").split())
                words |= {w.strip("[]") for w in words}
                for token in seq:
                    name = encoding.token_name(token)
                    if name != "end" and name.split()[-1] not in words:
                        raise _fail(game, seed, step, f"token {token} ({name!r}) of {state.action_to_string(action)!r}")
            stats.decisions += 1
            stats.longest = max(stats.longest, *(len(s) for s in tree.sequences.values()))
            state.apply_action(state.rollout_action(rng) if rollout else actions[int(rng.random() * len(actions))])
        step += 1
