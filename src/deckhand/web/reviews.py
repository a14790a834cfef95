"""Game reviews at ``deckhand serve``: analysed in the background, one at a time, kept with the game.

``POST /api/games/{ID}/review?seat=N`` starts the review of a stored game
for one seat (or answers at once with the kept one); ``GET`` the same URL
reports its progress and, once done, the review; ``DELETE`` calls it off.

The server's work is bounded: one analysis runs per process at a time (a
second is refused with 429 until it ends), at the fixed default budget, and
a game with more than ``MAX_DECISIONS`` decisions is refused.

A review holds the reviewed seat's cards (its better moves name them), so
it is given only to that seat: at a game played at a table here, to the
holder of that seat's token (header ``X-Seat-Token``); at a game played
elsewhere (the terminal, the arena), only for a seat no other person shared
the game with: any seat of a game of computers, and the one person's own
seat only for the server's owner (:mod:`deckhand.web.owner`), since the
server cannot tell who that person was.
"""

from __future__ import annotations

import asyncio
import hmac
import threading
from dataclasses import dataclass, field
from typing import Any, Protocol

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from deckhand.agents.registry import is_human
from deckhand.core.errors import ConfigError, DeckhandError
from deckhand.review import ReviewBudget, ReviewCancelled
from deckhand.review.kept import kept_review, review_stored_game
from deckhand.store.db import load_record
from deckhand.store.reviews import live_seat_hash, seat_account
from deckhand.web.accounts import Accounts
from deckhand.web.owner import Owner
from deckhand.web.seats import token_hash

MAX_DECISIONS = 400
"""The most decisions a review at the server analyses (the longest games here have about a hundred)."""

BUDGET = ReviewBudget()
"""The server reviews at the default budget only: nobody can ask it to think longer."""


@dataclass
class Job:
    """One review in the making: its progress, and how it ended."""

    game_id: int
    seat: int
    cancel: threading.Event = field(default_factory=threading.Event)
    done: int = 0
    total: int | None = None
    error: str | None = None
    finished: bool = False

    def progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def to_json(self) -> dict[str, Any]:
        status = "failed" if self.error else "done" if self.finished else "running"
        out: dict[str, Any] = {"status": status, "done": self.done, "total": self.total}
        if self.error:
            out["error"] = self.error
        return out


class Reviewer:
    """The process's review worker: at most one analysis at a time, on a thread of its own."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url
        self._lock = threading.Lock()
        self._jobs: dict[tuple[int, int], Job] = {}
        self._running: Job | None = None

    def start(self, game_id: int, seat: int) -> Job:
        """Start reviewing, unless this review runs already; ``HTTPException(429)`` while another runs."""
        with self._lock:
            job = self._jobs.get((game_id, seat))
            if job is not None and not job.error and not job.cancel.is_set():
                return job
            if self._running is not None:
                raise HTTPException(429, "another review is being made; try again when it is done")
            job = self._jobs[(game_id, seat)] = self._running = Job(game_id, seat)
        threading.Thread(target=self._run, args=(job,), name="deckhand-review", daemon=True).start()
        return job

    def _run(self, job: Job) -> None:
        try:
            review_stored_game(
                job.game_id,
                job.seat,
                BUDGET,
                url=self.url,
                progress=job.progress,
                cancel=job.cancel,
                max_decisions=MAX_DECISIONS,
            )
            job.finished = True
        except ReviewCancelled:
            job.error = "the review was cancelled"
        except DeckhandError as exc:
            job.error = str(exc)
        finally:
            with self._lock:
                self._running = None

    def job(self, game_id: int, seat: int) -> Job | None:
        return self._jobs.get((game_id, seat))

    def cancel(self, game_id: int, seat: int) -> bool:
        """Call off that review if it is running; whether it was."""
        job = self._jobs.get((game_id, seat))
        if job is None or job.finished or job.error:
            return False
        job.cancel.set()
        return True

    def close(self) -> None:
        """Call off whatever runs (the server is stopping)."""
        with self._lock:
            if self._running is not None:
                self._running.cancel.set()


def check_reviewer(
    game_id: int, seat: int, token: str | None, url: str | None, owner: bool = False, account: int | None = None
) -> None:
    """Refuse (403, 404) a review that would show a seat's cards to someone who did not hold that seat.

    The seat's person is known by the seat's token, or by the account they
    played as, signed in now (``account``).
    """
    try:
        record = load_record(game_id, url=url)
    except ConfigError as exc:
        raise HTTPException(404, str(exc)) from None
    if not 0 <= seat < len(record.seats):
        raise HTTPException(422, f"seat {seat} is not at this table (seats 0 to {len(record.seats) - 1})")
    if account is not None and seat_account(game_id, seat, url=url) == account:
        return
    live, kept = live_seat_hash(game_id, seat, url=url)
    if live:
        if kept is None or token is None or not hmac.compare_digest(kept, token_hash(token)):
            raise HTTPException(403, "a review shows that seat's cards: only the person who sat there may ask for it")
        return
    others = [s for s, spec in enumerate(record.seats) if is_human(spec) and s != seat]
    if others or (not is_human(record.seats[seat]) and any(is_human(spec) for spec in record.seats)):
        raise HTTPException(403, "a review shows that seat's cards: only the seat of the game's one person is reviewed")
    if is_human(record.seats[seat]) and not owner:
        raise HTTPException(
            403, "a review shows that seat's cards: a game played away from this server is reviewed only by its owner"
        )


class ReviewCheck(Protocol):
    """Refuses (403, 404, 422) a request for a seat's review from whoever may not see it."""

    async def __call__(
        self, request: Request, game_id: int, seat: int, token: str | None, *, changing: bool
    ) -> None: ...


def review_check(owner: Owner, accounts: Accounts, url: str | None) -> ReviewCheck:
    """:func:`check_reviewer` for a request: its seat token, the owner's token, the account signed in (a request
    that changes something is checked against cross-site forgery first)."""

    async def check(request: Request, game_id: int, seat: int, token: str | None, *, changing: bool) -> None:
        person = await (accounts.person(request) if changing else accounts.current(request))
        account = person.id if person is not None else None
        await asyncio.to_thread(check_reviewer, game_id, seat, token, url, owner.admits(request), account)

    return check


def review_router(reviewer: Reviewer, check: ReviewCheck) -> APIRouter:
    router = APIRouter(prefix="/api/games/{game_id}/review")

    @router.post("")
    async def start(request: Request, game_id: int, seat: int, x_seat_token: str | None = Header(None)) -> JSONResponse:
        await check(request, game_id, seat, x_seat_token, changing=True)
        review = await asyncio.to_thread(kept_review, game_id, seat, BUDGET, url=reviewer.url)
        if review is not None:
            return JSONResponse({"status": "done", "review": review.to_json()})
        job = reviewer.start(game_id, seat)
        return JSONResponse(job.to_json(), status_code=202)

    @router.get("")
    async def progress(
        request: Request, game_id: int, seat: int, x_seat_token: str | None = Header(None)
    ) -> dict[str, Any]:
        await check(request, game_id, seat, x_seat_token, changing=False)
        review = await asyncio.to_thread(kept_review, game_id, seat, BUDGET, url=reviewer.url)
        if review is not None:
            return {"status": "done", "review": review.to_json()}
        job = reviewer.job(game_id, seat)
        if job is None:
            return {"status": "none"}
        if job.finished:  # it ended since the look above: the review is kept now
            review = await asyncio.to_thread(kept_review, game_id, seat, BUDGET, url=reviewer.url)
            if review is not None:
                return {"status": "done", "review": review.to_json()}
        return job.to_json()

    @router.delete("")
    async def cancel(
        request: Request, game_id: int, seat: int, x_seat_token: str | None = Header(None)
    ) -> dict[str, Any]:
        await check(request, game_id, seat, x_seat_token, changing=True)
        return {"cancelled": reviewer.cancel(game_id, seat)}

    return router
