"""The review against exact values: where the seat knows every card, its figures are the results with best play.

An independent plain minimax (no pruning, no bound) checks the exact search;
the review's grades on those positions must then be the exact losses, so
that no move losing nothing is flagged and no loss is missed.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.agents.search import CANCEL, SearchCancelled
from deckhand.core.protocol import State
from deckhand.review.analysis import ReviewBudget, engine_spec, review_decision, review_game
from deckhand.review.exact import exact_results
from deckhand.review.paired import paired, unsettled
from deckhand.review.text import decision_lines
from tests.review.games import played

TINY = ReviewBudget(iterations=20, worlds=8)


def positions(name: str, games: int, *, most: int = 8) -> Iterator[State]:
    """Decisions of seeded random games where the mover's view is determined and at most ``most`` cards remain."""
    game = deckhand.load_game(name)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            view = state.view(state.current_player())
            held = sum(len(hand) for hand in state.to_json()["hands"])
            if view.is_determined() and len(view.legal_actions()) > 1 and held <= most:
                yield state.clone()
            state.apply_action(rng.choice(state.legal_actions()))


def plain_minimax(state: State, seat: int) -> float | None:
    """``seat``'s result with best play by brute force, or None if a deal is still to come."""
    if state.is_terminal():
        return state.returns()[seat]
    if state.is_chance_node():
        return None
    results = [plain_minimax(state.child(action), seat) for action in state.legal_actions()]
    if any(r is None for r in results):
        return None
    known = [r for r in results if r is not None]
    return max(known) if state.current_player() == seat else min(known)


def canonical(data: Any) -> Any:
    """JSON with every list of card codes sorted: the same cards in the same places compare equal."""
    if isinstance(data, dict):
        return {key: canonical(value) for key, value in data.items()}
    if isinstance(data, list):
        items = [canonical(item) for item in data]
        return sorted(items) if all(isinstance(item, str) for item in items) else items
    return data


@pytest.mark.parametrize("name", deckhand.games())
def test_a_determined_view_has_one_world(name: str) -> None:
    """A view that says it fixes every card gives the same world however it is dealt (a wrong True would call a
    guess exact)."""
    game = deckhand.load_game(name)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            for seat in range(game.num_players):
                view = state.view(seat)
                if view.is_determined():
                    checked += 1
                    worlds = {
                        json.dumps(canonical(view.sample_world(random.Random(k)).to_json()), sort_keys=True)
                        for k in range(4)
                    }
                    assert len(worlds) == 1, f"{name}: seat {seat}'s view is not determined"
                    world = view.sample_world(rng)
                    assert sorted(map(str, world.legal_actions())) == sorted(map(str, state.legal_actions()))
            state.apply_action(rng.choice(state.legal_actions()))
    if name in ("basra", "casino"):
        assert checked > 0  # their last deals are determined: the check above ran


@pytest.mark.parametrize("name", ["basra", "casino"])
def test_the_exact_search_agrees_with_plain_minimax(name: str) -> None:
    solved = 0
    for state in positions(name, 40, most=5):
        seat = state.current_player()
        results = exact_results(state.view(seat))
        if results is None:  # a deal to come (another round): no exact claim
            assert any(plain_minimax(state.child(a), seat) is None for a in state.legal_actions())
            continue
        solved += 1
        for action, result in results.items():
            assert result == plain_minimax(state.child(action), seat), state.action_to_string(action)
    assert solved >= 10


@pytest.mark.parametrize(("name", "losing"), [("basra", 0), ("casino", 3)])
def test_last_deals_are_graded_by_their_exact_losses(name: str, losing: int) -> None:
    """No move that loses nothing with best play is flagged, and every move that loses is.

    A random Basra game's last deal rarely decides it (5 of 318 such positions
    in 300 games had a move that changed the result): there this checks that
    nothing is flagged falsely; Casino's last deals lose often enough to check both.
    """
    game = deckhand.load_game(name)
    engine = make_agent(engine_spec(game, TINY.iterations), game)
    graded = flagged = 0
    for state in positions(name, 12):
        seat = state.current_player()
        view = state.view(seat)
        results = exact_results(view)
        if results is None:
            continue
        top = max(results.values())
        for played_move in view.legal_actions():
            decision = review_decision(game, view, played_move, engine, TINY, random.Random(1))
            loss = round((top - results[played_move]) * 100, 1)
            assert decision.exact and decision.error == 0
            assert decision.loss == loss
            assert decision.best_chance == top and decision.chance == results[played_move]
            assert (decision.grade != "") == (loss >= 5)
            assert results[view.string_to_action(decision.best_move)] == top
            if loss > 0:
                assert decision.advice
            graded += 1
            flagged += loss > 0
    assert graded >= 20 and flagged >= losing


def test_the_exact_search_stops_when_called_off() -> None:
    state = next(positions("casino", 40))
    stop = threading.Event()
    stop.set()
    token = CANCEL.set(stop)
    try:
        with pytest.raises(SearchCancelled):
            exact_results(state.view(state.current_player()), nodes=10**6)
    finally:
        CANCEL.reset(token)


def test_three_trios_3x3_is_exact_at_every_decision() -> None:
    """The review's engine solves a 3x3 game from its first move (the levels stop sooner, for the table's pace)."""
    for seed in (1, 2):
        review = review_game(played("three_trios", seed=seed), 0, TINY)
        assert review.decisions and all(d.exact for d in review.decisions)


def test_every_part_of_a_review_stops_when_called_off() -> None:
    """Cancelling reaches inside each long step: the paired playouts, and Three Trios' two solvers."""
    stop = threading.Event()
    stop.set()
    game = deckhand.load_game("three_trios")
    rng = random.Random(0)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    view = state.view(state.current_player())
    token = CANCEL.set(stop)
    try:
        for spec in ("solver", "solver:exact_cells=1,nodes=1000000"):  # the exact search, then the look-ahead
            with pytest.raises(SearchCancelled):
                make_agent(spec, game).explain(view, rng)
        move = view.legal_actions()[0]
        with pytest.raises(SearchCancelled):
            paired(view, move, move, 50, rng)
    finally:
        CANCEL.reset(token)


def test_more_worlds_only_where_a_grade_hangs_on_the_noise() -> None:
    """A difference whose 95% interval holds 5, 10 or 15 points is unsettled; a clear one, or none, is not."""
    rng = random.Random(3)
    noisy = [float(rng.random() < 0.5) for _ in range(100)]
    assert not unsettled(noisy, noisy)  # the same move: no difference at all
    assert not unsettled([0.0] * 50 + [1.0] * 50, [1.0] * 100)  # 50 points lost, known to about 10
    near = [float(rng.random() < 0.45) for _ in range(100)]
    shifted = [max(a, float(rng.random() < 0.12)) for a in near]  # some 6 points better, noisily
    assert unsettled(near, shifted)


def test_a_costly_move_in_a_last_deal_says_what_followed_it() -> None:
    """Why it cost: the line the exact search followed, in the table's words, and only where it was solved."""
    game = deckhand.load_game("casino")
    engine = make_agent(engine_spec(game, TINY.iterations), game)
    told = 0
    for state in positions("casino", 12):
        view = state.view(state.current_player())
        results = exact_results(view)
        if results is None:
            continue
        for move in view.legal_actions():
            decision = review_decision(game, view, move, engine, TINY, random.Random(1), names=["You", "Computer"])
            assert bool(decision.line) == (decision.loss > 0)
            if decision.line:
                told += 1
                assert decision.line.endswith(".") and "??" not in decision.line
                assert any(line.startswith("  With best play from there:") for line in decision_lines(decision))
    assert told >= 3


def test_a_go_fish_view_with_cards_out_of_play_is_not_determined() -> None:
    """Cards named nowhere (a rule table's position) could be in either hidden hand: no world is the only one."""
    from tests.go_fish.helpers import arrange

    state = arrange(["C7 D8", "H9 SK"], "")
    view = state.view(0)
    assert not view.is_determined()
    assert exact_results(view) is None
