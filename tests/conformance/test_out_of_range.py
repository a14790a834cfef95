"""Out-of-range places in every kind of move of every game: one line from the rules, never another exception.

``draw`` then ``swap 4`` in Cambio once ended in an ``IndexError``: the
move's words read a slot that did not exist before the rules had refused it.
Through the state API (a state's and a view's ``string_to_action``, then
``require_legal``, which every table calls before it asks for a move's
words, and ``apply_action``) each string is read as a ``NotationError`` or
refused as an ``IllegalActionError``, in one line, and the position does not
change. The terminal's side is in
``tests/terminal/test_out_of_range_moves.py``.
"""

from __future__ import annotations

import random

import pytest

import deckhand
from deckhand.core.errors import IllegalActionError, NotationError
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import Action, State, require_legal
from tests.conformance.out_of_range import cases, variants

REFUSED = (NotationError, IllegalActionError)


def one_line(error: Exception) -> None:
    message = str(error)
    assert message and "\n" not in message and len(message) < 300, message


def refused(state: State, action: Action, text: str) -> None:
    """Every way of using an action the rules refuse raises their one-line error."""
    uses = {
        "require_legal": lambda: require_legal(state, action),
        "apply_action": lambda: state.apply_action(action),
    }
    for use, call in uses.items():
        with pytest.raises(IllegalActionError) as info:
            call()
        one_line(info.value)
        assert use and text  # the names say which use failed when pytest shows the locals


@pytest.mark.parametrize("name", deckhand.games())
def test_out_of_range_places_are_refused_in_one_line_through_the_state_api(name: str) -> None:
    tried = 0
    for case in cases(name):
        tried += len(case.texts)
        state = case.state
        legal = state.legal_actions()
        before = state.to_json()
        readers = {"state": state, "view": state.view(state.current_player())}
        for text in case.texts:
            for reader in readers.values():
                try:
                    action = reader.string_to_action(text)
                except REFUSED as exc:
                    one_line(exc)
                    continue
                if action in legal:
                    continue  # this number is in range here (a fifth card, a rank held)
                refused(state, action, f"{case.label}: {text!r}")
        assert state.to_json() == before, case.label
    assert tried > 20, "the seeded games reach moves with numbers in them"


def test_the_strings_are_made_from_each_number_of_a_move() -> None:
    assert variants("swap 0") == {f"swap {n}" for n in ("9", "13", "99", "8001", "2147483648", "9" * 20)}
    assert "stick 1.99" in variants("stick 1.0") and "stick 99.0" in variants("stick 1.0")
    assert "switch 99.99 99.99" in variants("switch 0.1 1.2")


@pytest.mark.parametrize(
    ("preset", "moves", "text", "reason"),
    [
        (None, ["draw"], "swap 4", "'swap 4': you have no slot 4; your slots are 0 to 3"),
        (None, [], "stick 0.9", "'stick 0.9' cannot be played now: your turn starts with a draw"),
        ("house", ["draw", "discard"], "stick 1.9", "'stick 1.9': there is no card at 1.9"),
    ],
)
def test_the_cambio_moves_that_once_crashed_get_the_rules_reason(
    preset: str | None, moves: list[str], text: str, reason: str
) -> None:
    game = deckhand.load_game("cambio", players=2) if preset is None else deckhand.load_game("cambio", preset=preset)
    state = game.new_initial_state()
    rng = random.Random(7)
    for move in [*moves, None]:
        while state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        if move is not None:
            state.apply_action(state.string_to_action(move))
    action = state.string_to_action(text)
    for call in (lambda: require_legal(state, action), lambda: presentation_of(game).describe_action(state, action)):
        with pytest.raises(IllegalActionError, match=f"^{reason}"):
            call()
