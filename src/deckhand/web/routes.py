"""The HTTP routes of docs/architecture.md: the lobby page and health check, and the tables' own routes.

``POST /api/tables`` opens a table, ``/join`` seats a person, ``/start``
lets the host begin before every seat is taken, ``/rematch`` opens the next
table, and ``GET /api/tables/{ID}`` is a table's public summary. What the
lobby, the statistics page and replays read is in :mod:`deckhand.web.catalog`.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from functools import partial
from importlib.resources import files
from pathlib import Path
from typing import Any, TypeVar

from fastapi import APIRouter, Header, Request
from fastapi.responses import FileResponse
from starlette.exceptions import HTTPException

from deckhand.agents.registry import is_human, make_agent
from deckhand.core.errors import ConfigError
from deckhand.play.rated import LEVELS, level_rating, pool
from deckhand.play.seats import default_level, parse_seats
from deckhand.store.accounts import Account
from deckhand.store.live import AlreadyOpened
from deckhand.web.accounts import Accounts
from deckhand.web.catalog import resume_from_saves
from deckhand.web.clocks import Clock
from deckhand.web.guard import check_deal, web_agent, web_options
from deckhand.web.ledger import TableLost, seated
from deckhand.web.once import once, opened_before
from deckhand.web.owner import Owner
from deckhand.web.rooms import Room
from deckhand.web.seats import OPEN, NotInvited, make_seats, new_table_id
from deckhand.web.table import REMATCH_SHIFT, Table
from deckhand.web.tables import Tables
from deckhand.web.wire import (
    Invite,
    Join,
    NewTable,
    Rematch,
    RematchMade,
    RematchMessage,
    SeatToken,
    Start,
    TableCreated,
)

log = logging.getLogger("deckhand.web")

STATIC = Path(str(files("deckhand.web").joinpath("static")))

T = TypeVar("T")


def pages_router() -> APIRouter:
    """``GET /healthz`` and the lobby page at ``/``."""
    router = APIRouter()

    @router.get("/healthz")
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @router.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    return router


def tables_router(tables: Tables, owner: Owner, accounts: Accounts) -> APIRouter:
    """Opening a table (going on with a saved game: the owner only), taking a seat, starting, a rematch, a summary.

    A signed-in person opens a table or takes a seat as their account: their
    seat carries the account's name, whatever name the request gave.
    """
    router = APIRouter()

    @router.post("/api/tables", status_code=201)
    async def new_table(request: NewTable, http: Request, idempotency_key: str | None = Header(None)) -> TableCreated:
        """A new table; sent again with the same ``Idempotency-Key``, the same table (:mod:`deckhand.web.once`)."""
        key = idempotency_key
        made = once(key, request) if key is not None else None
        if request.resume is not None:
            owner.require(http)  # before the save is looked for: the same 403 whether or not it exists
        person = await accounts.person(http)
        table = build_table(request, key)
        if request.rated:
            check_rated(request, table, person)
        if person is not None:
            _sit_as(table, person)
        host = table.make_host(key)
        invites = [Invite(seat=seat, code=code) for seat, code in table.hand_out_invites(key)]
        try:
            room = await tables.open(table, once=made)
        except AlreadyOpened:  # a retry: its first try opened the table (here or in another process)
            if key is None or made is None:
                raise
            return await opened_before(tables.ledger, key, made)
        except Exception:  # the store failed: nothing was opened, and the same request may be sent again
            log.exception("table %s could not be stored", table.id)
            raise HTTPException(503, "the table could not be stored; try again") from None
        room.wake()
        tokens = [SeatToken(seat=seat, token=token) for seat, token in table.hand_out_tokens()]
        return TableCreated(table=table.id, seats=tokens, invites=invites, host=host)

    @router.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, request: Join, http: Request) -> SeatToken:
        person = await accounts.person(http)
        if person is None and request.name is None:
            raise HTTPException(422, "name: a name is needed to sit down (or sign in)")
        return await _at(tables, table_id, partial(_join, request=request, person=person))

    @router.post("/api/tables/{table_id}/start")
    async def start_table(table_id: str, request: Start) -> dict[str, Any]:
        return await _at(tables, table_id, partial(_start, request=request))

    @router.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Rematch) -> RematchMade:
        return await _at(tables, table_id, partial(_rematch, tables, request=request))

    @router.get("/api/tables/{table_id}")
    async def table_summary(table_id: str, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        """The public summary; with a seat's token (header ``X-Seat-Token``), that seat's review link too."""
        table = (await tables.find(table_id)).table
        return table.summary(table.seat_of(x_seat_token) if x_seat_token else None)

    return router


async def _at(tables: Tables, table_id: str, act: Callable[[Room], Awaitable[T]]) -> T:
    """``act`` on the table's room; once more if another process took the table over meanwhile.

    The request reached this process, so this process deals the table: it
    takes it back from the store (where nothing of the first try was
    stored) rather than send the player to another process.
    """
    try:
        return await act(await tables.find(table_id))
    except TableLost:
        return await act(await tables.find(table_id))


def _sit_as(table: Table, person: Account) -> None:
    """The table's creator sits as their account: the first person's seat (the others are theirs to name)."""
    for entry in table.seats:
        if entry.kind == "human":
            entry.name, entry.account = person.name, person.id
            return


def check_rated(request: NewTable, table: Table, person: Account | None) -> None:
    """Refuse a rated table that could not be rated fairly: ``HTTPException`` naming what is wrong.

    Its creator is signed in and the only person seated at the start (the
    others take open seats, as accounts); its computers are levels rated in
    its pool; the server deals (no seed, stacked deck or saved game), and
    the game is a preset's (with the number of players, no other option).
    """
    if person is None:
        raise HTTPException(403, "sign in to play a rated game")
    if request.resume is not None:
        raise HTTPException(422, "rated: a saved game cannot be rated")
    if request.seed is not None or table.chosen:
        raise HTTPException(422, "rated: a rated game is dealt by the server (no seed or stacked deck)")
    if table.game.options.get("shuffle") is False:
        raise HTTPException(422, "rated: these rules deal the same cards every game, so they cannot be rated")
    for option in request.options:
        if option != "players":
            raise HTTPException(422, f"rated: a rated game is played as its preset says, without {option!r}")
    if sum(entry.kind == "human" for entry in table.seats) > 1:
        raise HTTPException(422, "rated: everyone sits as their own account (give the others open seats)")
    for entry in table.seats:
        if entry.agent is not None:
            _rated_level(table, entry.spec)


def _rated_level(table: Table, level: str) -> None:
    """``HTTPException(422)`` unless ``level`` has a rating in the table's pool."""
    pool_name = pool(table.game)
    if level_rating(pool_name, level) is not None:
        return
    rated = ", ".join(LEVELS.get(pool_name, {}))
    if not rated:
        raise HTTPException(422, f"rated: no level of the computer is rated in {pool_name} yet: play people there")
    raise HTTPException(422, f"rated: the computer at a rated table is a level rated in {pool_name} ({rated})")


async def _join(room: Room, *, request: Join, person: Account | None) -> SeatToken:
    """A person takes a seat (by invite, or an open one), as their account if signed in."""
    if room.table.rated and person is None:
        raise HTTPException(403, "a rated table's seats are for signed-in players: sign in first")
    name = person.name if person is not None else request.name
    assert name is not None, "an anonymous person's name was checked before"
    async with room.lock:
        try:
            seat, token = room.table.join(name, request.seat, request.invite, person.id if person else None)
        except NotInvited as exc:
            raise HTTPException(403, str(exc)) from None
        except ConfigError as exc:
            raise HTTPException(409, str(exc)) from None
        await _store_seats(room)
        room.review()
        room.tell_seats()
    room.wake()
    return SeatToken(seat=seat, token=token)


async def _start(room: Room, *, request: Start) -> dict[str, Any]:
    """The host starts the game before every seat is taken: computers take the open seats."""
    table = room.table
    if not table.is_host(request.host):
        raise HTTPException(403, "only the table's host can start it before every seat is taken")
    async with room.lock:
        level = web_agent(request.level, table.game, "level") if request.level else None
        level = level or table.stand_in or default_level(table.game)
        if table.rated:
            _rated_level(table, level)
        try:
            table.start_now(level)
        except ConfigError as exc:
            if table.waiting_for_people:
                raise
            raise HTTPException(409, str(exc)) from None
        await _store_seats(room)
        room.tell_seats()
    room.wake()
    return table.summary()


async def _rematch(tables: Tables, room: Room, *, request: Rematch) -> RematchMade:
    """The next table for the same people: made once, whoever asks (and whichever process they reach)."""
    table = room.table
    if table.seat_of(request.token) is None and not table.is_host(request.token):
        raise HTTPException(403, "only the table's people can ask for a rematch")
    async with room.lock:
        if not table.over:
            raise HTTPException(409, "the game is not over yet")
        if table.rematch is None:
            again = table.again(new_table_id(), secrets.randbits(63))
            try:
                (await tables.open(again, rematch_of=table)).wake()
            except TableLost:
                room.lose(taken=True)
                raise
            table.rematch = again.id
            room.tell_all(RematchMessage(table=again.id, shift=REMATCH_SHIFT))
    return RematchMade(table=table.rematch, shift=REMATCH_SHIFT)


def build_table(request: NewTable, key: str | None = None) -> Table:
    """A new table from a request (or a saved game to go on with); ``ConfigError`` naming what is wrong.

    Everything a request names passes :mod:`deckhand.web.guard` first: no
    file is opened, no computer thinks past its caps, and a seed deals only
    a table where no other person can sit. The people's tokens are made from
    the creator's ``key`` when they sent one.
    """
    practice = None
    if request.resume is not None:
        loaded = resume_from_saves(request.resume)
        practice = loaded.meta.get("chosen_deal")
        game = loaded.state.game
        state, start = loaded.state, loaded.start
        specs = request.seats or loaded.seats or parse_seats("", game.num_players, default_level(game))
    else:
        game = web_options(request.game, request.preset, request.options)
        state, start = game.new_initial_state(), None
        specs = request.seats or parse_seats("", game.num_players, default_level(game))
    if state.is_terminal():
        raise ConfigError("that game is over: there is nothing left to play")
    for spec in specs:  # a saved game's seats too: whoever asks, the server thinks within the caps
        if not is_human(spec) and spec != OPEN:
            web_agent(spec, game)
    check_deal(specs, request.seed, game, resumed=request.resume is not None)
    seats = make_seats(game, specs, request.names, key)
    stand_in = web_agent(request.stand_in, game, "stand_in") if request.stand_in else default_level(game)
    make_agent(stand_in, game)  # a bad level is refused now, not when someone leaves
    chosen = request.seed is not None or game.options.get("deck") is not None or bool(practice)
    clock = None
    if request.clock is not None:
        timed = [seat.agent is None for seat in seats]
        if not any(timed):
            raise ConfigError("clock: no person sits at this table, so there is no one to time")
        clock = Clock.new(request.clock.model_dump(), timed)
    return Table(
        id=new_table_id(),
        game=game,
        seats=seats,
        state=state,
        seed=request.seed if request.seed is not None else secrets.randbits(63),
        chosen=chosen,
        spectators=request.spectators,
        public=request.public,
        stand_in=stand_in,
        away=request.away,
        start=start,
        origin=state.clone() if request.resume is not None else None,
        rated=request.rated,
        clock=clock,
    )


async def _store_seats(room: Room) -> None:
    """Store who sits where; if the store refuses, the room is dealt again from it and the request fails."""
    try:
        await room.ledger.write(seated(room.table))
    except TableLost:
        room.lose(taken=True)
        raise
    except Exception:
        log.exception("table %s: its seats could not be stored", room.table.id)
        room.lose()
        raise HTTPException(503, "the table could not be stored; try again") from None
