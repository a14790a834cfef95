"""The game loop plays what the rules offer: an agent's choice is matched to a legal action or refused."""

from __future__ import annotations

import random

import pytest

import deckhand
from deckhand.agents.base import Agent, Explanation
from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import View
from deckhand.play.runner import play_game


class Stand(Agent):
    """Chooses the first legal action, handed back through ``convert``."""

    def __init__(self, convert: object) -> None:
        self.convert = convert

    def explain(self, view: View, rng: random.Random) -> Explanation:
        first = view.legal_actions()[0]
        return Explanation(self.convert(first), "", "")  # type: ignore[operator]


def test_an_equal_stand_in_for_a_legal_action_is_played_as_the_legal_action() -> None:
    np = pytest.importorskip("numpy", reason="a NumPy integer is the stand-in (the rl extra)")
    game = deckhand.load_game("three_trios")
    state = play_game(game, [Stand(np.int64), Stand(int)], random.Random(1))
    assert all(type(a) is int for a in state.history())
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()


def test_an_action_the_rules_do_not_offer_is_refused_before_anything_changes() -> None:
    game = deckhand.load_game("three_trios")
    with pytest.raises(IllegalActionError, match="not legal for seat 0"):
        play_game(game, [Stand(lambda a: -5), Stand(int)], random.Random(1))
