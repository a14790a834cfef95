"""Learn from your mistakes at ``deckhand serve``: a review's costly positions, and answers judged at the server.

``GET /api/games/{ID}/review/practice?seat=N`` sets up each graded move of
the seat's kept review (the seat's view before it, the legal moves);
``POST`` the same URL with ``{"number", "move"}`` judges a move tried there.
Both go only to whoever may see that review (:func:`deckhand.web.reviews.check_reviewer`):
the positions show the seat's own cards. A game not yet reviewed has nothing
to practise (``409``).

The server's work is bounded as the review's is: the default budget only,
one answer judged at a time in a thread of the process (an answer takes
milliseconds to a second or so), and no more than :data:`WAITING` answers
waiting; past that, ``429``.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Header, Request
from starlette.exceptions import HTTPException

from deckhand.core.errors import ConfigError
from deckhand.core.presentation import presentation_of
from deckhand.core.registry import load_game
from deckhand.play.records import GameRecord
from deckhand.review.analysis import Review, review_names
from deckhand.review.kept import kept_review
from deckhand.review.practice import Exercise, exercises, judge
from deckhand.review.text import decision_lines
from deckhand.store.db import load_record
from deckhand.web import reviews
from deckhand.web.reviews import ReviewCheck
from deckhand.web.table import notation_tokens
from deckhand.web.wire import Practice, PracticeAnswer, PracticeMove, PracticePosition, PracticeVerdict

WAITING = 8
"""Answers that may wait for the judge at once in a process; more are refused with 429."""


def _positions(game_id: int, seat: int, url: str | None) -> tuple[GameRecord, list[Exercise], Review]:
    """The stored game, its costly positions and the kept review they come from; 409 before the review is made."""
    record = load_record(game_id, url=url)
    review = kept_review(game_id, seat, reviews.BUDGET, url=url)
    if review is None:
        raise HTTPException(409, "this game's review has not been made yet: open the review first")
    return record, exercises(record, review), review


def practice_of(game_id: int, seat: int, url: str | None = None) -> Practice:
    """The seat's costly positions, set up again from its kept review."""
    record, found, _ = _positions(game_id, seat, url)
    game = load_game(record.game, **record.options)
    codes = set(game.all_cards())
    positions = [
        PracticePosition(
            number=e.decision.number,
            grade=e.decision.grade,
            view=e.view.to_json(),
            moves=[
                PracticeMove(move=c.move, words=c.words, cards=sorted(notation_tokens(c.move) & codes))
                for c in e.choices
            ],
            played=e.decision.played,
            played_move=e.decision.played_move,
            chance=e.decision.chance,
            error=e.decision.error,
            exact=e.decision.exact,
            better=[line.strip() for line in decision_lines(e.decision)[2:]],
        )
        for e in found
    ]
    names = review_names(record, seat)
    return Practice(
        game=record.game, seat=seat, names=names, pieces=presentation_of(game).pieces(), positions=positions
    )


def verdict_of(game_id: int, seat: int, answer: PracticeAnswer, url: str | None = None) -> PracticeVerdict:
    """``answer`` judged at its position by the kept review's figures; 404 for a position the review has not."""
    record, found, review = _positions(game_id, seat, url)
    names = review_names(record, seat)
    exercise = next((e for e in found if e.decision.number == answer.number), None)
    if exercise is None:
        raise HTTPException(404, f"move {answer.number} is not one of this review's costly moves")
    try:
        verdict = judge(exercise, answer.move, review, reviews.BUDGET, names=names)
    except ConfigError as exc:
        raise HTTPException(422, str(exc)) from None
    return PracticeVerdict(**verdict.to_json())


def practice_router(check: ReviewCheck, url: str | None) -> APIRouter:
    router = APIRouter(prefix="/api/games/{game_id}/review/practice")
    judging = asyncio.Semaphore(1)
    waiting = 0

    @router.get("")
    async def positions(request: Request, game_id: int, seat: int, x_seat_token: str | None = Header(None)) -> Practice:
        await check(request, game_id, seat, x_seat_token, changing=False)
        return await asyncio.to_thread(practice_of, game_id, seat, url)

    @router.post("")
    async def answer(
        request: Request, game_id: int, seat: int, body: PracticeAnswer, x_seat_token: str | None = Header(None)
    ) -> PracticeVerdict:
        nonlocal waiting
        await check(request, game_id, seat, x_seat_token, changing=True)
        if waiting >= WAITING:
            raise HTTPException(429, "too many answers are being judged; try again in a moment")
        waiting += 1
        try:
            async with judging:
                return await asyncio.to_thread(verdict_of, game_id, seat, body, url)
        finally:
            waiting -= 1

    return router
