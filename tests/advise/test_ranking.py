"""Advice: every legal action ranked by estimated win chance, from sampled worlds."""

from __future__ import annotations

import random

import pytest

from deckhand.advise.commands import Move, parse_command
from deckhand.advise.tracker import Tracker
from deckhand.agents.ranking import rank_actions
from deckhand.agents.registry import available_agents


def decision(known: tuple[str, str], *lines: str) -> Tracker:
    t = Tracker(players=2, known=list(known))
    for line in lines:
        move = parse_command(line)
        assert isinstance(move, Move)
        t.apply_move(move, line)
    return t


def test_every_legal_action_is_ranked_within_the_budget() -> None:
    t = decision(("3", "rk"), "+ 5")
    view, _ = t.decision()
    assert view is not None
    ranked = rank_actions(view, playouts=300, rng=random.Random(1))
    assert sorted(r.notation for r in ranked) == sorted(view.action_to_string(a) for a in view.legal_actions())
    assert sum(r.playouts for r in ranked) == 300
    assert all(0.0 <= r.win <= 1.0 for r in ranked)
    assert [r.win for r in ranked] == sorted((r.win for r in ranked), reverse=True)


def test_the_same_seed_gives_the_same_advice() -> None:
    t = decision(("3", "rk"), "+ 5")
    view, _ = t.decision()
    assert view is not None
    first = rank_actions(view, playouts=200, rng=random.Random(7))
    again = rank_actions(view, playouts=200, rng=random.Random(7))
    assert first == again


def test_a_red_king_is_kept_not_discarded() -> None:
    # You know a queen and a jack (10 each) and draw a red king (-1): keeping it is worth 11 points.
    t = decision(("q", "j"), "+ rk")
    view, _ = t.decision()
    assert view is not None
    ranked = rank_actions(view, playouts=1000, rng=random.Random(1))
    assert ranked[0].notation.startswith("swap ")
    assert ranked[-1].notation == "discard"
    assert ranked[0].win > ranked[-1].win + 0.1


def test_a_time_budget_also_works() -> None:
    t = decision(("3", "rk"), "+ 5")
    view, _ = t.decision()
    assert view is not None
    ranked = rank_actions(view, seconds=0.2, rng=random.Random(1))
    assert sum(r.playouts for r in ranked) > 0


@pytest.mark.parametrize("engine", ["ismcts", "openloop"])
def test_the_shared_search_agents_rank_every_legal_action(engine: str) -> None:
    t = decision(("q", "j"), "+ rk")
    view, _ = t.decision()
    assert view is not None
    if engine not in available_agents(view.game):
        pytest.skip(f"no {engine} agent in this install")
    ranked = rank_actions(view, playouts=400, rng=random.Random(1), engine=engine)
    assert sorted(r.notation for r in ranked) == sorted(view.action_to_string(a) for a in view.legal_actions())
    assert sum(r.playouts for r in ranked) == 400
    assert ranked[0].notation.startswith("swap ")
