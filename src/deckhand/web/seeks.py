"""Seeks: finding strangers to play with, and quick pairing.

A person posts a seek (a game, its preset, how many players, rated or not,
a clock) and gets a token; others accept it until it has its players, and
the server then deals a table for them all, each seated with their own
seek token as their seat's token (so each learns their seat by asking after
the seek with the token they already hold). A seek lives in the store, so
every process behind a balancer lists it and any may fill it.

A seek lasts while its seeker keeps asking after it (the browser asks every
few seconds): a person who stops has gone (:data:`deckhand.store.seeks.GONE`),
and a seeker's seek with them. A person has at most :data:`OPEN_MOST` seeks
open, and posts and accepts at most :data:`SEEKS_MOST` times in
:data:`SEEKS_WINDOW`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter, Header, Request, Response
from starlette.exceptions import HTTPException

from deckhand.core.registry import game_title
from deckhand.play.rated import CENTRE, pool
from deckhand.store.accounts import Account, count_failure, now
from deckhand.store.ratings import ratings_of
from deckhand.store.seeks import (
    Seek,
    Seeker,
    ask,
    give_back,
    leave,
    open_count,
    open_seeks,
    post_seek,
    take_place,
)
from deckhand.web.accounts import Accounts
from deckhand.web.guard import web_options
from deckhand.web.routes import build_table, check_rated
from deckhand.web.seats import Seat, new_table_id, token_hash
from deckhand.web.table import Table
from deckhand.web.tables import Tables
from deckhand.web.wire import NewSeek, NewTable, SeekAccept, SeekMade, SeekSeat

OPEN_MOST = 3
"""Seeks a person may hold a place in at once (their own and others')."""
SEEKS_MOST = 30
"""Seeks posted and accepted by one person (an account, else an address) within :data:`SEEKS_WINDOW`."""
SEEKS_WINDOW = timedelta(minutes=10)
LISTED = 50
"""The most seeks the lobby lists."""
COMPUTER_AFTER = 30.0
"""Seconds a seeker waits before the lobby offers a game against the computer instead."""
RANGE = 200
"""Rating points apart a quick pairing accepts at first, for a rated game..."""
WIDENING = 10
"""...and the points it widens by for each second the seek has waited."""


def seeks_router(tables: Tables, accounts: Accounts, changed: Callable[[], None] = lambda: None) -> APIRouter:
    """``/api/seeks``: post, list, ask after, withdraw and accept seeks; ``/api/seeks/quick`` pairs at once.

    ``changed`` is called when a seek changed here (the lobby's pages are told at once).
    """
    router = APIRouter()
    url = accounts.url

    async def seeker(
        http: Request, request: NewSeek | SeekAccept, rated: bool, pool_name: str
    ) -> tuple[Seeker, Account | None]:
        """Who is seeking or accepting: signed in (their account's name and rating) or a named anonymous person."""
        person = await accounts.person(http)
        if rated and person is None:
            raise HTTPException(403, "sign in to play a rated game")
        if person is None and request.name is None:
            raise HTTPException(422, "name: a name is needed to play with others (or sign in)")
        key = _person_key(http, person)
        counted = f"seeks:{key}"  # posts and accepts, counted as the sign-ins' failures are: in the store
        await accounts.limit({counted: SEEKS_MOST}, SEEKS_WINDOW, "too many seeks")
        await asyncio.to_thread(count_failure, [counted], SEEKS_WINDOW, url=url)
        if await asyncio.to_thread(open_count, key, url=url) >= OPEN_MOST:
            raise HTTPException(429, f"you have {OPEN_MOST} seeks open already: withdraw one first")
        if person is None:
            assert request.name is not None
            return Seeker(0, request.name, None, None, key), None
        standing = (await asyncio.to_thread(ratings_of, person.id, url=url)).get(pool_name)
        return Seeker(0, person.name, person.id, standing["rating"] if standing else CENTRE, key), person

    @router.post("/api/seeks", status_code=201)
    async def post(request: NewSeek, http: Request) -> SeekMade:
        """A new seek: its id, and the token that identifies its seeker (and becomes their seat's token)."""
        table_request, table = _checked(request)
        me, person = await seeker(http, request, request.rated, pool(table.game))
        if request.rated:
            check_rated(table_request, table, person)
        made = await _post(request, table_request, table, me, url)
        changed()
        return made

    @router.get("/api/seeks")
    async def listed() -> dict[str, Any]:
        """The seeks looking for people, oldest first: never a token."""
        return {"seeks": await listed_seeks(url)}

    @router.get("/api/seeks/{seek_id}")
    async def asked(seek_id: str, token: str | None = None, x_seek_token: str | None = Header(None)) -> dict[str, Any]:
        """Ask after a seek with its token: whether it filled (the table, the seat), else how it stands."""
        answer = await seek_answer(seek_id, _token(token, x_seek_token), url)
        if answer is None:
            raise HTTPException(404, "no such seek: withdrawn, gone or never made")
        return answer

    @router.delete("/api/seeks/{seek_id}", status_code=204)
    async def withdraw(seek_id: str, token: str | None = None, x_seek_token: str | None = Header(None)) -> Response:
        """The seeker withdraws the seek; someone who accepted it leaves their place."""
        left = await asyncio.to_thread(leave, seek_id, token_hash(_token(token, x_seek_token)), url=url)
        if left is None:
            raise HTTPException(404, "no such seek: withdrawn, gone or never made")
        if not left:
            raise HTTPException(409, "the seek has filled: its table is dealt (ask after it for your seat)")
        changed()
        return Response(status_code=204)

    @router.post("/api/seeks/{seek_id}/accept")
    async def accept(seek_id: str, request: SeekAccept, http: Request, response: Response) -> SeekSeat:
        """A place in the seek: ``200`` with the table and seat once it fills, else ``202`` with a token to ask with."""
        seeks = await asyncio.to_thread(open_seeks, 1, url=url, seek_id=seek_id)
        seek = seeks[0] if seeks else None
        if seek is None:
            raise HTTPException(404, "no such seek open: filled, withdrawn or gone")
        me, _ = await seeker(http, request, seek.rated, _pool(seek))
        if _in(seek, me):
            raise HTTPException(409, "you have a place in this seek already")
        seat = await _accept(tables, seek, me, response, url)
        assert seat is not None, "without missing_ok a seek filled meanwhile is refused"
        changed()
        return seat

    @router.post("/api/seeks/quick")
    async def quick(request: NewSeek, http: Request, response: Response) -> SeekSeat:
        """Play now: a place in the open seek that fits best, else a new seek (``201``)."""
        table_request, table = _checked(request)
        me, person = await seeker(http, request, request.rated, pool(table.game))
        if request.rated:
            check_rated(table_request, table, person)
        seeks = await asyncio.to_thread(open_seeks, LISTED, url=url)
        for seek in fitting(seeks, request, table_request, me, now()):
            seat = await _accept(tables, seek, me, response, url, missing_ok=True)
            if seat is not None:
                changed()
                return seat
        response.status_code = 201
        made = await _post(request, table_request, table, me, url)
        changed()
        return SeekSeat(seek=made.seek, token=made.token)

    return router


async def listed_seeks(url: str | None) -> list[dict[str, Any]]:
    """The seeks looking for people, oldest first, as anyone may see them: never a token."""
    seeks = await asyncio.to_thread(open_seeks, LISTED, url=url)
    return [_public(seek) for seek in seeks]


async def seek_answer(seek_id: str, token: str, url: str | None) -> dict[str, Any] | None:
    """A seek as its token's holder is told, having asked after it (so is not gone): filled (the table, the
    seat) or how it stands; ``None`` if the seek is gone or the token has no place in it."""
    found = await asyncio.to_thread(ask, seek_id, token_hash(token), url=url)
    if found is None:
        return None
    seek, mine = found
    if seek.table_id is not None and mine.seat is not None:
        return {"seek": seek.id, "state": "filled", "table": seek.table_id, "seat": mine.seat, "token": token}
    waited = (now() - seek.created_at).total_seconds()
    answer = _public(seek) | {"state": "open", "place": mine.place}
    answer["computer"] = mine.place == 0 and seek.seated == 1 and waited >= COMPUTER_AFTER
    return answer


def _checked(request: NewSeek) -> tuple[NewTable, Table]:
    """The table the seek asks for, as its seeker would open it (theirs the first seat, the others open),
    checked as any new table is: ``ConfigError`` or ``HTTPException`` naming what is wrong."""
    game = web_options(request.game, request.preset, {})
    options: dict[str, Any] = {}
    if request.players is not None and request.players != game.num_players:
        options = {"players": request.players}
        game = web_options(request.game, request.preset, options)
    if game.num_players < 2:
        raise HTTPException(422, f"{request.game}: a seek needs a game of two players or more")
    seats = ["human"] + ["open"] * (game.num_players - 1)
    table_request = NewTable(
        game=request.game, preset=request.preset, options=options, seats=seats, rated=request.rated, clock=request.clock
    )
    return table_request, build_table(table_request)


async def _post(request: NewSeek, table_request: NewTable, table: Table, me: Seeker, url: str | None) -> SeekMade:
    game = table.game
    token = secrets.token_urlsafe(18)
    seek = Seek(
        id=new_table_id(),
        game=game.name,
        preset=request.preset,
        options=json.dumps(table_request.options, sort_keys=True),
        players=game.num_players,
        rated=request.rated,
        clock=None if request.clock is None else json.dumps(request.clock.model_dump(), sort_keys=True),
        created_at=now(),
        seekers=(me,),
    )
    await asyncio.to_thread(post_seek, seek, token_hash(token), url=url)
    return SeekMade(seek=seek.id, token=token)


async def _accept(
    tables: Tables, seek: Seek, me: Seeker, response: Response, url: str | None, *, missing_ok: bool = False
) -> SeekSeat | None:
    """Take a place; deal the table if it was the last one. ``None`` (``missing_ok``) if the seek filled meanwhile."""
    token = secrets.token_urlsafe(18)
    joined = await asyncio.to_thread(take_place, seek.id, me, token_hash(token), url=url)
    if joined is None:
        if missing_ok:
            return None
        raise HTTPException(409, "the seek filled or went meanwhile: try another")
    if joined.seated < joined.players:
        response.status_code = 202
        return SeekSeat(seek=joined.id, token=token)
    try:
        table, places = _deal(joined)
        await tables.open(table, also=lambda writes: writes.fill_seek(joined.id, table.id, places))
    except Exception:
        await asyncio.to_thread(give_back, joined.id, token_hash(token), url=url)
        raise
    tables.rooms[table.id].wake()
    mine = next(seat for place, seat in places if place == joined.seekers[-1].place)
    return SeekSeat(seek=joined.id, table=table.id, seat=mine, token=token)


def _deal(seek: Seek) -> tuple[Table, list[tuple[int, int]]]:
    """The seek's table: its people in seats drawn at random, each holding their seek token's hash."""
    request = NewTable(
        game=seek.game,
        preset=seek.preset,
        options=json.loads(seek.options),
        seats=["human"] * seek.players,
        rated=seek.rated,
        clock=None if seek.clock is None else json.loads(seek.clock),
    )
    table = build_table(request)
    order = list(seek.seekers)
    secrets.SystemRandom().shuffle(order)
    table.seats = [
        Seat(spec="human", name=person.name, token_hash=person.token_hash, account=person.account_id)
        for person in order
    ]
    return table, [(person.place, seat) for seat, person in enumerate(order)]


def fitting(seeks: list[Seek], request: NewSeek, table_request: NewTable, me: Seeker, at: datetime) -> list[Seek]:
    """The open seeks quick pairing may join, best first: the same game, preset, players, clock and rating.

    A rated seek fits a person within :data:`RANGE` points of its people's
    mean rating, widening by :data:`WIDENING` a second it has waited; the
    closest in rating comes first, else the one waiting longest.
    """
    clock = None if request.clock is None else json.dumps(request.clock.model_dump(), sort_keys=True)
    options = json.dumps(table_request.options, sort_keys=True)
    fits = []
    for seek in seeks:
        same = (seek.game, seek.preset, seek.options, seek.rated, seek.clock) == (
            request.game,
            request.preset,
            options,
            request.rated,
            clock,
        )
        if not same or _in(seek, me):
            continue
        gap = 0.0
        if seek.rated and me.rating is not None:
            ratings = [other.rating for other in seek.seekers if other.rating is not None]
            gap = abs(sum(ratings) / len(ratings) - me.rating) if ratings else 0.0
            if gap > RANGE + WIDENING * (at - seek.created_at).total_seconds():
                continue
        fits.append((gap, seek.created_at, seek))
    return [seek for _, _, seek in sorted(fits, key=lambda fit: (fit[0], fit[1]))]


def _in(seek: Seek, me: Seeker) -> bool:
    """Whether a signed-in person has a place in ``seek`` already (anonymous people are not known apart:
    two of them may share an address)."""
    return me.account_id is not None and any(other.account_id == me.account_id for other in seek.seekers)


def _public(seek: Seek) -> dict[str, Any]:
    """What anyone may know of a seek: never a token, nor who is behind an anonymous name."""
    return {
        "seek": seek.id,
        "game": seek.game,
        "title": game_title(seek.game),
        "preset": seek.preset,
        "players": seek.players,
        "seated": seek.seated,
        "rated": seek.rated,
        "clock": None if seek.clock is None else json.loads(seek.clock),
        "seekers": [{"name": s.name, "rating": s.rating, "account": s.account_id is not None} for s in seek.seekers],
        "waiting": round((now() - seek.created_at).total_seconds()),
    }


def _pool(seek: Seek) -> str:
    return pool(web_options(seek.game, seek.preset, json.loads(seek.options)))


def _token(query: str | None, header: str | None) -> str:
    given = header or query
    if not given or len(given) > 64:
        raise HTTPException(404, "no such seek: withdrawn, gone or never made")
    return given


def _person_key(http: Request, person: Account | None) -> str:
    """Who a person is for the limits (their account, else their address), hashed: the store keeps no address."""
    who = f"account:{person.id}" if person is not None else f"address:{http.client.host if http.client else '?'}"
    return hashlib.sha256(who.encode()).hexdigest()
