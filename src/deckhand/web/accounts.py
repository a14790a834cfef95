"""Accounts at ``deckhand serve``: sign up, sign in and out, who is signed in, and deleting an account.

``POST /api/account`` makes an account and signs it in; ``POST /api/session``
signs in, ``DELETE /api/session`` out; ``GET /api/me`` says who is signed in;
``DELETE /api/account`` deletes the account (its password again);
``GET /api/players/{name}`` is anyone's profile (ratings, their graph, recent
games) and ``GET /api/leaderboard/{game}`` the best rated. A session is
a random token in a cookie (``HttpOnly``, ``SameSite=Lax``, ``Secure`` over
TLS) whose hash the store keeps: it survives a restart, holds across the
processes behind a balancer, and ends when its person signs out.

Guessing is limited in the store, so every process counts the same failures:
:data:`NAME_GUESSES` wrong passwords for a name, or :data:`ADDRESS_GUESSES`
from an address, within :data:`WINDOW`, and further sign-ins are refused
with 429 and ``Retry-After`` until the window ends. A sign-in answers the
same words, in about the same time, whether or not the name exists; a
refused guess costs a hash either way. Anonymous play is unchanged.
"""

from __future__ import annotations

import asyncio
import math
import secrets
from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import Field
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection

from deckhand.core.errors import ConfigError, quote
from deckhand.core.registry import game_title, games
from deckhand.play.rated import LEVELS
from deckhand.store.accounts import (
    Account,
    NameTaken,
    close_session,
    count_failure,
    create_account,
    delete_account,
    failures,
    find_account,
    forget_failures,
    now,
    open_session,
    session_account,
    set_password_hash,
)
from deckhand.store.ratings import leaderboard, profile, ratings_of
from deckhand.web.credentials import NAME, PASSWORD_MAX, Passwords, check_name, check_password, name_key
from deckhand.web.forgery import CROSS_SITE, same_origin
from deckhand.web.owner import over_tls
from deckhand.web.seats import token_hash
from deckhand.web.wire import Strict

COOKIE = "deckhand_session"
MARK = "deckhand_signed_in"
"""A cookie the page may read, holding no secret: it asks who is signed in only when this says someone may be."""
LIFETIME = timedelta(days=30)
"""How long a session lasts from sign-in."""
WINDOW = timedelta(minutes=15)
"""The window failed sign-ins are counted in."""
NAME_GUESSES = 5
"""Wrong passwords for one name within :data:`WINDOW` before its sign-ins are refused until the window ends."""
ADDRESS_GUESSES = 20
"""Failed sign-ins from one address within :data:`WINDOW` before its sign-ins are refused."""
SIGN_UPS = 5
"""Accounts one address may make within :data:`SIGN_UP_WINDOW`."""
SIGN_UP_WINDOW = timedelta(hours=1)

WRONG = "that name and password do not match an account"
"""A refused sign-in's answer: the same whether the name exists or the password is wrong."""
SIGNED_OUT = "you are not signed in"

Password = Annotated[str, Field(min_length=1, max_length=PASSWORD_MAX)]


class Credentials(Strict):
    """``POST /api/account`` and ``POST /api/session``: a name and its password."""

    name: Annotated[str, Field(min_length=1, max_length=40)]
    password: Password


class PasswordAgain(Strict):
    """``DELETE /api/account``: the password again, so that an open browser alone cannot delete an account."""

    password: Password


class Accounts:
    """The accounts of a server on the store at ``url``, its password hashing and its sessions."""

    def __init__(self, url: str | None = None, passwords: Passwords | None = None) -> None:
        self.url = url
        self.passwords = passwords or Passwords()

    async def person(self, request: HTTPConnection) -> Account | None:
        """The account signed in at a request that changes something; ``None`` for an anonymous one.

        A request sending the session cookie from another site is refused
        (403) before anything is looked up.
        """
        if request.cookies.get(COOKIE) is not None and not same_origin(request.headers):
            raise HTTPException(403, CROSS_SITE)
        return await self.current(request)

    def router(self) -> APIRouter:
        """The account routes."""
        router = APIRouter()

        @router.post("/api/account", status_code=201)
        async def sign_up(given: Credentials, request: Request) -> Response:
            _from_here(request)
            try:
                name = check_name(given.name)
                password = check_password(given.password, name)
            except ConfigError as exc:
                return _answer({"error": str(exc)}, 422)
            made = _address_key(request, "created")
            await self.limit({made: SIGN_UPS}, SIGN_UP_WINDOW, "too many accounts made from here")
            if await asyncio.to_thread(find_account, name_key(name), url=self.url) is not None:
                return _answer({"error": f"the name {name!r} is taken"}, 409)
            kept = await self.passwords.make(password)
            try:
                account = await asyncio.to_thread(create_account, name, name_key(name), kept, url=self.url)
            except NameTaken as exc:
                return _answer({"error": str(exc)}, 409)
            await asyncio.to_thread(count_failure, [made], SIGN_UP_WINDOW, url=self.url)
            return await self._signed_in(request, account, 201)

        @router.post("/api/session")
        async def sign_in(given: Credentials, request: Request) -> Response:
            _from_here(request)
            account = await self._guess(request, given.name, given.password)
            if account is None:
                return _answer({"error": WRONG}, 401)
            return await self._signed_in(request, account, 200)

        @router.delete("/api/session", status_code=204)
        async def sign_out(request: Request) -> Response:
            _from_here(request)
            token = request.cookies.get(COOKIE)
            if token is not None:
                await asyncio.to_thread(close_session, token_hash(token), url=self.url)
            return _signed_out(request)

        @router.get("/api/me")
        async def me(request: Request) -> Response:
            account = await self.current(request)
            if account is None:
                return _answer({"error": SIGNED_OUT}, 401)
            ratings = await asyncio.to_thread(ratings_of, account.id, url=self.url)
            since = account.created_at.date().isoformat()
            return _answer({"name": account.name, "since": since, "ratings": ratings}, 200)

        @router.get("/api/players/{name}")
        async def player(name: str) -> Response:
            found = None
            if NAME.fullmatch(name):
                found = await asyncio.to_thread(profile, name_key(name), url=self.url)
            if found is None:
                return _answer({"error": f"no player is named {quote(name, 40)}"}, 404)
            return _answer(found, 200)

        @router.get("/api/leaderboard/{game}")
        async def board(game: str) -> Response:
            if game not in games():
                return _answer({"error": f"no game is named {quote(game, 40)}"}, 404)
            boards = await asyncio.to_thread(leaderboard, game, url=self.url)
            pools = {
                name: {"players": boards.get(name, []), "levels": dict(LEVELS.get(name, {}))}
                for name in sorted(set(boards) | {p for p in LEVELS if p.split("/")[0] == game})
            }
            return _answer({"game": game, "title": game_title(game), "pools": pools}, 200)

        @router.delete("/api/account", status_code=204)
        async def delete(given: PasswordAgain, request: Request) -> Response:
            account = await self.person(request)
            if account is None:
                return _answer({"error": SIGNED_OUT}, 401)
            if await self._guess(request, account.name, given.password) is None:
                return _answer({"error": "that is not the account's password"}, 403)
            await asyncio.to_thread(delete_account, account.id, url=self.url)
            return _signed_out(request)

        return router

    async def current(self, request: HTTPConnection) -> Account | None:
        """Who is signed in at a request that only reads (no origin check: it changes nothing)."""
        token = request.cookies.get(COOKIE)
        if token is None:
            return None
        return await asyncio.to_thread(session_account, token_hash(token), url=self.url)

    async def _guess(self, request: Request, name: str, password: str) -> Account | None:
        """The account if ``password`` is its own; ``None`` (a failure counted) if not, or if there is none.

        Refused with 429 first while the name or the address is limited; the
        same hash's work whether or not the name exists. A right password
        clears the name's failures, and one hashed with older parameters is
        kept hashed with today's.
        """
        keys = {f"name:{name_key(name)[:100]}": NAME_GUESSES, _address_key(request): ADDRESS_GUESSES}
        await self.limit(keys, WINDOW, "too many wrong passwords")
        account = await asyncio.to_thread(find_account, name_key(name), url=self.url)
        right, again = await self.passwords.check(password, account.password_hash if account else None)
        if account is None or not right:
            await asyncio.to_thread(count_failure, list(keys), WINDOW, url=self.url)
            return None
        if again is not None:
            await asyncio.to_thread(set_password_hash, account.id, again, url=self.url)
        await asyncio.to_thread(forget_failures, list(keys)[:1], url=self.url)
        return account

    async def limit(self, most: dict[str, int], window: timedelta, why: str) -> None:
        """``HTTPException(429)`` with ``Retry-After`` if a key has failed its ``most`` times within ``window``."""
        counted = await asyncio.to_thread(failures, list(most), window, url=self.url)
        at = now()
        waits = [(since + window - at).total_seconds() for key, (count, since) in counted.items() if count >= most[key]]
        if waits:
            wait = max(1, math.ceil(max(waits)))
            raise HTTPException(429, f"{why}: try again in {_minutes(wait)}", headers={"Retry-After": str(wait)})

    async def _signed_in(self, request: Request, account: Account, status: int) -> Response:
        """The answer that signs ``account`` in: a new session (the one the browser had, if any, ends)."""
        old = request.cookies.get(COOKIE)
        if old is not None:
            await asyncio.to_thread(close_session, token_hash(old), url=self.url)
        token = secrets.token_urlsafe(32)
        await asyncio.to_thread(open_session, account.id, token_hash(token), LIFETIME, url=self.url)
        response = _answer({"name": account.name}, status)
        age, secure = int(LIFETIME.total_seconds()), over_tls(request)
        response.set_cookie(COOKIE, token, max_age=age, path="/", httponly=True, samesite="lax", secure=secure)
        response.set_cookie(MARK, "1", max_age=age, path="/", samesite="lax", secure=secure)
        return response


def _signed_out(request: Request) -> Response:
    """``204`` that takes the session's cookie (and its mark) off the browser."""
    response = Response(status_code=204, headers={"Cache-Control": "no-store"})
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=over_tls(request))
    response.delete_cookie(MARK, path="/", samesite="lax", secure=over_tls(request))
    return response


def _from_here(request: Request) -> None:
    """403 unless the request comes from the server's own page (a sign-in from another site plants a session)."""
    if not same_origin(request.headers):
        raise HTTPException(403, CROSS_SITE)


def _address_key(request: Request, kind: str = "address") -> str:
    """The limits' key for the client's address (as the server's trusted proxy reports it, if any)."""
    return f"{kind}:{request.client.host if request.client else 'unknown'}"


def _minutes(seconds: int) -> str:
    minutes = math.ceil(seconds / 60)
    return f"{seconds} seconds" if seconds < 60 else f"{minutes} minute{'s' if minutes != 1 else ''}"


def _answer(body: dict[str, Any], status: int) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})
