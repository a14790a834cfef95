"""Accounts' ratings in the store: moved by a rated game in the transaction that stores it, read for profiles.

The model and its scale are :mod:`deckhand.play.rated`'s; this module keeps
each account's rating per pool (with its wins, losses and draws), and the
rating after every rated game, which a profile draws as a graph.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, select
from sqlalchemy.orm import Session

from deckhand.core.protocol import Game
from deckhand.core.registry import game_title, load_game
from deckhand.play.rated import Rating, level_rating, outcome, pool, rate, shown
from deckhand.play.records import GameRecord, start_state
from deckhand.store.db import get_engine
from deckhand.store.models import AccountRow, GameRow, RatingChangeRow, RatingRow, SeatRow

log = logging.getLogger("deckhand.store")

RECENT = 20
"""The games a profile lists."""
BOARD = 50
"""The accounts a leaderboard lists."""


def abandoned(record: GameRecord, game: Game) -> set[int]:
    """The seats whose person was gone at the end: they resigned, or the computer standing in made their last move.

    A person away longer than the table's grace period (``away``) has a
    computer stand in; one who never came back lost the game for the ratings.
    """
    resigned = {int(seat) for seat in record.meta.get("resigned", [])}  # gave up a game the others played on
    stood_in = {(entry["seat"], entry["action"]) for entry in record.meta.get("stand_ins", [])}
    if not stood_in:
        return resigned
    last: dict[int, int] = {}
    state = start_state(record, game)
    for index, text in enumerate(record.actions):
        if not state.is_chance_node():
            last[state.current_player()] = index
        state.apply_action(state.string_to_action(text))
    return resigned | {seat for seat, index in last.items() if (seat, index) in stood_in}


def rate_game(session: Session, game_id: int, record: GameRecord, accounts: Sequence[int | None]) -> None:
    """Move the ratings of a rated game's accounts, within the caller's transaction (the one storing the game).

    Each computer seat plays at its level's fixed rating in the pool; a seat
    neither an account nor a rated level leaves the game unrated (logged).
    """
    game = load_game(record.game, **record.options)
    pool_name = pool(game)
    returns = [float(value) for value in (record.outcome or {}).get("returns", [])]
    ids = [account for account in accounts if account is not None]
    if not ids or len(returns) != game.num_players:
        return
    gone = abandoned(record, game)
    if gone:  # their seats rank last, below every seat that was played to the end
        returns = [min(returns) - 1.0 if seat in gone else value for seat, value in enumerate(returns)]
    rows = {
        row.account_id: row
        for row in session.scalars(
            select(RatingRow).where(RatingRow.pool == pool_name, RatingRow.account_id.in_(ids)).with_for_update()
        )
    }
    before: list[Rating] = []
    for seat, spec in enumerate(record.seats):
        account = accounts[seat] if seat < len(accounts) else None
        if account is not None:
            row = rows.get(account)
            before.append(Rating() if row is None else Rating(row.mu, row.sigma))
            continue
        level = level_rating(pool_name, spec)
        if level is None:
            log.warning("game %d is not rated: seat %d (%s) has no rating in %s", game_id, seat, spec, pool_name)
            return
        before.append(level)
    after = rate(game, returns, before)
    at = datetime.now(UTC).replace(tzinfo=None)
    for seat, account in enumerate(accounts):
        if account is None:
            continue
        row = rows.get(account)
        if row is None:
            row = rows[account] = RatingRow(
                account_id=account, pool=pool_name, games=0, wins=0, losses=0, draws=0, mu=0.0, sigma=0.0
            )
            session.add(row)
        result = outcome(returns, seat, game.teams())  # an abandoned seat's is a loss: it ranks last
        row.mu, row.sigma, row.games, row.updated_at = after[seat].mu, after[seat].sigma, row.games + 1, at
        row.wins += result == "win"
        row.losses += result == "loss"
        row.draws += result == "draw"
        session.add(
            RatingChangeRow(
                account_id=account,
                game_id=game_id,
                pool=pool_name,
                mu_before=before[seat].mu,
                mu=after[seat].mu,
                sigma=after[seat].sigma,
                at=at,
            )
        )


@dataclass(frozen=True, slots=True)
class Standing:
    """An account's rating in one pool, as a profile or a leaderboard shows it."""

    pool: str
    rating: Rating
    games: int
    wins: int
    losses: int
    draws: int

    def as_json(self) -> dict[str, Any]:
        return {
            "rating": self.rating.shown,
            "uncertainty": self.rating.uncertainty,
            "provisional": self.rating.provisional,
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
        }


def profile(name_key: str, *, url: str | None = None) -> dict[str, Any] | None:
    """An account's public profile: ratings by pool, the graph of each, and recent games, newest first."""
    with Session(get_engine(url)) as session:
        account = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key))
        if account is None:
            return None
        ratings = _ratings(session, account.id)
        changes = session.execute(
            select(RatingChangeRow, GameRow.finished_at)
            .join(GameRow, GameRow.id == RatingChangeRow.game_id)
            .where(RatingChangeRow.account_id == account.id)
            .order_by(GameRow.finished_at, GameRow.id)
        ).all()
        seats = session.execute(
            select(SeatRow.seat, GameRow)
            .join(GameRow, GameRow.id == SeatRow.game_id)
            .where(SeatRow.account_id == account.id)
            .order_by(GameRow.id.desc())
            .limit(RECENT)
        ).all()
        sitters = _sitters(session, [game.id for _, game in seats])
        graph: dict[str, list[dict[str, Any]]] = {}
        change_of: dict[int, int] = {}
        for change, finished in changes:
            at = finished.isoformat(timespec="seconds")
            graph.setdefault(change.pool, []).append({"game": change.game_id, "at": at, "rating": shown(change.mu)})
            change_of[change.game_id] = shown(change.mu) - shown(change.mu_before)
        games = []
        for seat, game in seats:
            returns = [result for _, _, result in sitters.get(game.id, [])]
            games.append(
                {
                    "id": game.id,
                    "game": game.game,
                    "title": game_title(game.game),
                    "finished": game.finished_at.isoformat(timespec="seconds"),
                    "seat": seat,
                    "result": outcome(returns, seat, _teams(game.game, game.options)),
                    "rated": game.rated,
                    "change": change_of.get(game.id),
                    "against": [who for other, who, _ in sitters.get(game.id, []) if other != seat],
                    "replay": f"/#/replay/{game.id}",
                    "review": f"/#/review/{game.id}?seat={seat}",
                }
            )
    return {
        "name": account.name,
        "since": account.created_at.date().isoformat(),
        "ratings": ratings,
        "graph": graph,
        "games": games,
    }


def ratings_of(account_id: int, *, url: str | None = None) -> dict[str, dict[str, Any]]:
    """An account's rating in each pool it has played rated games in (``GET /api/me``)."""
    with Session(get_engine(url)) as session:
        return _ratings(session, account_id)


def _ratings(session: Session, account_id: int) -> dict[str, dict[str, Any]]:
    rows = session.scalars(select(RatingRow).where(RatingRow.account_id == account_id))
    return {row.pool: _standing(row).as_json() for row in rows}


def leaderboard(game: str, *, url: str | None = None) -> dict[str, list[dict[str, Any]]]:
    """Each pool of ``game``: its accounts by rating (provisional ones left out), best first."""
    boards: dict[str, list[dict[str, Any]]] = {}
    query = (
        select(RatingRow, AccountRow.name)
        .join(AccountRow, AccountRow.id == RatingRow.account_id)
        .where(and_(RatingRow.pool.like(f"{game}/%") | (RatingRow.pool == game)))
        .order_by(RatingRow.pool, RatingRow.mu.desc())
    )
    with Session(get_engine(url)) as session:
        for row, name in session.execute(query):
            standing = _standing(row)
            board = boards.setdefault(row.pool, [])
            if standing.rating.provisional or len(board) >= BOARD:
                continue
            board.append({"name": name} | standing.as_json())
    return boards


@functools.cache
def _teams(name: str, options: str) -> list[list[int]]:
    """A stored game's sides, by its game and options (as stored: JSON)."""
    return load_game(name, **json.loads(options)).teams()


def _standing(row: RatingRow) -> Standing:
    return Standing(row.pool, Rating(row.mu, row.sigma), row.games, row.wins, row.losses, row.draws)


def _sitters(session: Session, game_ids: list[int]) -> dict[int, list[tuple[int, str, float]]]:
    """Who sat in each game, seat by seat: a person's name or the computer's level, and the seat's return."""
    found: dict[int, list[tuple[int, str, float]]] = {}
    if not game_ids:
        return found
    query = (
        select(SeatRow.game_id, SeatRow.seat, SeatRow.name, SeatRow.player, SeatRow.human, SeatRow.result)
        .where(SeatRow.game_id.in_(game_ids))
        .order_by(SeatRow.game_id, SeatRow.seat)
    )
    for game_id, seat, name, player, human, result in session.execute(query):
        who = (name or "a person") if human else f"Computer ({player})"
        found.setdefault(game_id, []).append((seat, who, float(result)))
    return found
