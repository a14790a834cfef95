"""Learn from your mistakes: the costly positions, answers judged by the review's figures, exact where it was.

An answer's figures are checked against a plain minimax wherever the seat
knew every card, and against the review's own where the answer is the move
played or the better one; judging reads only the seat's view, so dealing the
hidden cards again changes no verdict, and no verdict names a card the seat
could not see.
"""

from __future__ import annotations

import functools
import random

import pytest

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.core.errors import ConfigError
from deckhand.play.records import GameRecord, start_state
from deckhand.review import Review, ReviewBudget, review_decision, review_game
from deckhand.review.analysis import engine_spec, review_names
from deckhand.review.practice import KINDS, Exercise, exercises, judge
from deckhand.testing.secrets import codes_in, hidden_cards, leaked_in_text
from tests.review.games import played
from tests.review.test_exact import plain_minimax, positions

SMALL = ReviewBudget(iterations=40, worlds=16)


@functools.cache
def reviewed(name: str) -> tuple[GameRecord, Review, list[Exercise]]:
    """A seeded game of ``name`` with at least one costly move of seat 0, its review and its exercises."""
    for seed in range(12):
        record = played(name, seed)
        review = review_game(record, 0, SMALL)
        found = exercises(record, review)
        if found:
            return record, review, found
    raise AssertionError(f"no {name} game of 12 had a costly move")


@pytest.mark.parametrize("name", deckhand.games())
def test_each_costly_move_is_an_exercise_and_the_review_s_moves_judge_as_it_said(name: str) -> None:
    record, review, found = reviewed(name)
    assert [e.decision for e in found] == [d for d in review.decisions if d.grade]
    names = review_names(record, 0)
    for exercise in found:
        decision = exercise.decision
        moves = [choice.move for choice in exercise.choices]
        assert decision.played_move in moves and decision.best_move in moves
        assert all(choice.words.endswith(".") for choice in exercise.choices)
        played_move = judge(exercise, decision.played_move, review, SMALL, names=names)
        assert (played_move.kind, played_move.chance) == ("played", decision.chance)
        assert played_move.said.startswith("That is the move you played")
        best = judge(exercise, decision.best_move, review, SMALL, names=names)
        assert (best.kind, best.chance) == ("good", decision.best_chance)
        assert best.said.startswith("Good: ")
        for move in moves[:4]:
            verdict = judge(exercise, move, review, SMALL, names=names)
            assert verdict.kind in KINDS and 0 <= verdict.chance <= 1
            assert verdict == judge(exercise, move, review, SMALL, names=names)  # the same answer, the same verdict
            assert verdict.played_chance == decision.chance and verdict.best_chance == decision.best_chance
            if verdict.kind == "better":
                assert decision.chance < verdict.chance < decision.best_chance


@pytest.mark.parametrize("name", ["casino", "basra"])
def test_where_the_seat_knew_every_card_answers_are_judged_by_their_exact_results(name: str) -> None:
    """Every legal move of a last deal judged: its chance is the plain minimax's result, and "good" means best."""
    game = deckhand.load_game(name)
    engine = make_agent(engine_spec(game, SMALL.iterations), game)
    judged = 0
    for state in positions(name, 12, most=6):
        seat = state.current_player()
        view = state.view(seat)
        truth = {move: plain_minimax(state.child(move), seat) for move in view.legal_actions()}
        if any(result is None for result in truth.values()):
            continue
        top = max(r for r in truth.values() if r is not None)
        worst = min(view.legal_actions(), key=lambda move: truth[move] or 0.0)
        decision = review_decision(game, view, worst, engine, SMALL, random.Random(1))
        assert decision.exact
        exercise = Exercise(decision, view, [])
        review = Review(name, seat, engine_spec(game, SMALL.iterations), SMALL.spec(), [decision], 2, None)
        for move in view.legal_actions():
            verdict = judge(exercise, view.action_to_string(move), review, SMALL)
            assert verdict.exact and verdict.chance == truth[move], view.action_to_string(move)
            assert (verdict.kind == "good") == (truth[move] == top) or verdict.kind == "played"
            judged += 1
    assert judged >= 20


def test_three_trios_answers_are_judged_by_the_solver() -> None:
    record, review, found = reviewed("three_trios")
    names = review_names(record, 0)
    for exercise in found:
        assert exercise.decision.exact
        for choice in exercise.choices:
            verdict = judge(exercise, choice.move, review, SMALL, names=names)
            assert verdict.exact and verdict.chance in (0.0, 0.5, 1.0)
            assert (verdict.kind == "good") == (verdict.chance == exercise.decision.best_chance) or (
                verdict.kind == "played"
            )


@pytest.mark.parametrize("name", [n for n in deckhand.games() if not deckhand.load_game(n).perfect_information])
def test_judging_reads_only_the_seat_s_view(name: str) -> None:
    """The hidden cards dealt again change no verdict, and no verdict names a card the seat could not see."""
    record, review, found = reviewed(name)
    game = deckhand.load_game(record.game, **record.options)
    names = review_names(record, 0)
    cards = frozenset(game.all_cards())
    state = start_state(record, game)
    deal = random.Random(7)
    by_index = {e.decision.index: e for e in found}
    for index, text in enumerate(record.actions, start=1):
        exercise = by_index.get(index)
        if exercise is not None:
            other = exercise.view.sample_world(deal).view(0)
            again = Exercise(exercise.decision, other, exercise.choices)
            hidden = hidden_cards(state, 0, deal)
            seen = set(codes_in(exercise.view.to_json(), cards))
            for choice in exercise.choices[:5]:
                verdict = judge(exercise, choice.move, review, SMALL, names=names)
                assert judge(again, choice.move, review, SMALL, names=names) == verdict
                for said in (verdict.words, verdict.said, choice.words):
                    assert not leaked_in_text(said, hidden, seen), said
        state.apply_action(state.string_to_action(text))


@pytest.mark.parametrize("answer", ["ZZ", "", "trail", "capture S2 {H9}"])
def test_an_answer_that_is_no_legal_move_is_one_line(answer: str) -> None:
    _, review, found = reviewed("casino")
    with pytest.raises(ConfigError) as error:
        judge(found[0], answer, review, SMALL)
    assert "\n" not in str(error.value) and "move" in str(error.value)
