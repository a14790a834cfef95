"""The check of a game's :class:`~deckhand.core.presentation.Presentation`, as the terminal and the web read it.

:func:`check_presentation` checks the interface first, then the answers:

* the game's ``PRESENTATION`` makes a ``Presentation`` and each hook takes
  the parameters the base class names, in its order, with its defaults: the
  terminal and the web call them so;
* ``name`` and ``title`` are strings; ``SEAT_LABELS`` is empty or a string
  for each seat; ``HINT_MARKS`` is a string, which names the piece (``CARD``)
  when the game draws hint marks;
* ``pieces()`` is a JSON-able dict;
* along seeded random games, at every step: ``announce`` gives a list of
  strings for a move or a chance outcome, ``describe_action`` a string,
  ``is_quiet`` a bool and ``suggest`` some words for each legal move; ``glimpse`` of each seat's view
  (after its own move, and with no move) maps places to card codes of the
  game; ``hint_marks`` for the seat to move gives a piece and numbers by place,
  or ``("", {})`` for a game that draws none; ``why_no_move`` a string for
  cards picked.

That no presentation names a card a seat cannot see is
:func:`deckhand.testing.check_secrets`'s part.
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Callable, Iterable
from typing import Any

from deckhand.core.errors import ConfigError
from deckhand.core.presentation import Presentation, presentation_of
from deckhand.core.protocol import Game, State
from deckhand.core.turns import CHANCE, TERMINAL

HOOKS: tuple[str, ...] = tuple(
    name for name, member in vars(Presentation).items() if inspect.isfunction(member) and not name.startswith("_")
)
"""The methods a presentation has: ``pieces``, ``describe_action``, ``tell_move``..."""


class PresentationError(AssertionError):
    """A game does not present itself as the terminal and the web read it."""


def check_presentation(game: Game, seeds: Iterable[int] = range(10)) -> None:
    """Check ``game``'s presentation against the base class, then its answers along a seeded random game per
    seed."""
    where = f"{game.name} {game.options.get('preset', '')}".rstrip()
    try:
        shown = presentation_of(game)
    except (ConfigError, ImportError, AttributeError) as exc:
        raise PresentationError(f"{where}: no presentation: {exc}") from None
    for hook in HOOKS:
        _check_signature(where, hook, getattr(shown, hook))
    _check_names(where, game, shown)
    pieces = shown.pieces()
    if not isinstance(pieces, dict):
        raise PresentationError(f"{where}: pieces() is a {type(pieces).__name__}, not a dict")
    try:
        json.dumps(pieces)
    except (TypeError, ValueError) as exc:
        raise PresentationError(f"{where}: pieces() is not JSON-able: {exc}") from None
    for seed in seeds:
        _check_game(f"{where} seed {seed}", game, shown, random.Random(seed))


def _check_signature(where: str, hook: str, method: Callable[..., Any]) -> None:
    """The hook's parameters as the protocol's: names, kinds and defaults, in order (the types are the game's)."""
    declared = inspect.signature(getattr(Presentation, hook)).parameters
    wanted = [(p.name, p.kind, p.default) for p in declared.values() if p.name != "self"]
    given = [(p.name, p.kind, p.default) for p in inspect.signature(method).parameters.values()]
    if given != wanted:
        shown = ", ".join(name for name, _, _ in given)
        expected = ", ".join(name for name, _, _ in wanted)
        raise PresentationError(f"{where}: {hook}({shown}) does not take the protocol's ({expected})")


def _check_names(where: str, game: Game, shown: Presentation) -> None:
    for attribute in ("name", "title", "HINT_MARKS"):
        if not isinstance(getattr(shown, attribute), str):
            raise PresentationError(f"{where}: {attribute} is not a string")
    labels = shown.SEAT_LABELS
    if not isinstance(labels, tuple) or not all(isinstance(label, str) for label in labels):
        raise PresentationError(f"{where}: SEAT_LABELS is not a tuple of strings")
    if labels and len(labels) != game.num_players:
        raise PresentationError(f"{where}: {len(labels)} SEAT_LABELS for {game.num_players} seats")
    if shown.HINT_MARKS and "CARD" not in shown.HINT_MARKS:
        raise PresentationError(f"{where}: HINT_MARKS {shown.HINT_MARKS!r} does not name the piece (CARD)")


def _check_game(where: str, game: Game, shown: Presentation, rng: random.Random) -> None:
    state = game.new_initial_state()
    names = [f"Seat {seat + 1}" for seat in range(game.num_players)]
    codes = set(game.all_cards())
    for seat in range(game.num_players):
        _check_glimpse(where, shown, state, seat, None, codes)
    for step in range(game.max_game_length() + 1):
        player = state.current_player()
        if player == TERMINAL:
            return
        at = f"{where} step {step}"
        if player == CHANCE:
            action = state.sample_chance_outcome(rng)
        else:
            actions = state.legal_actions()
            view = state.view(player)
            for legal in actions:
                words, quiet = shown.describe_action(state, legal), shown.is_quiet(state, legal)
                if not isinstance(words, str) or not isinstance(quiet, bool):
                    raise PresentationError(f"{at}: describe_action or is_quiet of {legal!r} gave {words!r}, {quiet!r}")
                told = shown.tell_move(state, legal, names)
                if not isinstance(told, str) or not told.startswith(names[player]) or not told.endswith((".", "!")):
                    raise PresentationError(
                        f"{at}: tell_move of {legal!r} gave {told!r}, not a sentence about its mover"
                    )
                advice = shown.suggest(view, legal, names)
                if not isinstance(advice, str) or not advice:
                    raise PresentationError(f"{at}: suggest of {legal!r} gave {advice!r}, not words")
            _check_hint_marks(at, shown, state, player)
            _check_why_no_move(at, shown, state, sorted(codes)[: 1 + step % 3])
            action = actions[int(rng.random() * len(actions))]
        said = shown.announce(state, action, names)
        if not isinstance(said, list) or not all(isinstance(line, str) for line in said):
            raise PresentationError(f"{at}: announce of {state.action_to_string(action)!r} gave {said!r}")
        state.apply_action(action)
        if player >= 0:
            _check_glimpse(at, shown, state, player, action, codes)


def _check_why_no_move(at: str, shown: Presentation, state: State, cards: list[str]) -> None:
    """Cards picked that may or may not make a move: the answer is a sentence, or empty."""
    why = shown.why_no_move(state, cards)
    if not isinstance(why, str):
        raise PresentationError(f"{at}: why_no_move of {cards!r} gave {why!r}, not a string")


def _check_glimpse(at: str, shown: Presentation, state: State, seat: int, action: Any, codes: set[str]) -> None:
    seen = shown.glimpse(state.view(seat), action)
    if not isinstance(seen, dict):
        raise PresentationError(f"{at}: glimpse for seat {seat} is a {type(seen).__name__}, not a dict")
    for place, code in seen.items():
        if not isinstance(place, str) or code not in codes:
            raise PresentationError(f"{at}: glimpse for seat {seat} shows {code!r} at {place!r}: not a card here")


def _check_hint_marks(at: str, shown: Presentation, state: State, seat: int) -> None:
    piece, marks = shown.hint_marks(state.view(seat))
    if not shown.HINT_MARKS:
        if (piece, marks) != ("", {}):
            raise PresentationError(f"{at}: hint_marks drew {piece!r} {marks!r}, but HINT_MARKS says nothing")
        return
    if not isinstance(piece, str) or not isinstance(marks, dict):
        raise PresentationError(f"{at}: hint_marks gave {piece!r}, {marks!r}: not a piece and numbers by place")
    if not all(isinstance(place, str) and type(number) is int for place, number in marks.items()):
        raise PresentationError(f"{at}: hint_marks of {piece!r} gave {marks!r}: not numbers by place")
