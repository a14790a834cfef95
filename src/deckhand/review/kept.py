"""Reviews of stored games, kept with the game: the first opening analyses, every later one reads.

A review is kept under a key naming the review's version, the engine and
the budget: the same question asked again is answered from the store, and a
review made by an older analysis is made again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from deckhand.core.registry import load_game
from deckhand.review.analysis import VERSION, Review, ReviewBudget, engine_spec, review_game
from deckhand.store.db import load_record
from deckhand.store.reviews import keep_review, stored_review


def review_key(game: str, options: dict[str, object], budget: ReviewBudget) -> str:
    """What a kept review is filed under besides its game and seat: version, engine and budget."""
    spec = engine_spec(load_game(game, **options), budget.iterations)
    return f"v{VERSION} {spec} {budget.spec()}"


def kept_review(game_id: int, seat: int, budget: ReviewBudget, *, url: str | None = None) -> Review | None:
    """The review kept for that stored game and seat at that budget, or None (nothing is analysed)."""
    record = load_record(game_id, url=url)
    data = stored_review(game_id, seat, review_key(record.game, record.options, budget), url=url)
    return None if data is None else Review.from_json(data)


def review_stored_game(
    game_id: int,
    seat: int,
    budget: ReviewBudget,
    *,
    url: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
    max_decisions: int | None = None,
) -> Review:
    """A stored game's review: the kept one if there is one, else analysed now and kept (not when cancelled)."""
    record = load_record(game_id, url=url)
    key = review_key(record.game, record.options, budget)
    data = stored_review(game_id, seat, key, url=url)
    if data is not None:
        return Review.from_json(data)
    review = review_game(record, seat, budget, progress=progress, cancel=cancel, max_decisions=max_decisions)
    keep_review(game_id, seat, key, review.to_json(), url=url)
    return review
