"""The server's owner: whoever holds the owner token, never whoever seems to ask from nearby.

The terminal's saved games hold every hand of their games, and a review of a
game played at the terminal shows its person's cards: they are the owner's
alone. A request's address says nothing about who sent it once a proxy
stands in front (one that adds no ``X-Forwarded-For`` makes every visitor
look local), so the owner is known by a credential only: a random token that
``deckhand serve`` prints at start, or the one an operator gives every
process behind a balancer (``DECKHAND_OWNER_TOKEN``).

The owner's link carries the token after the ``#`` (``/#owner=TOKEN``), so
it never reaches a server, a proxy or their logs: the page sends it once to
``POST /api/owner`` in the header ``X-Owner-Token`` and takes it off the
address bar; the answer keeps it in a cookie the page's scripts cannot read
(``HttpOnly``, ``SameSite=Strict``, ``Secure`` over TLS). A tool sends the
header with each request instead.
"""

from __future__ import annotations

import re
import secrets
import time

from fastapi import APIRouter, Request, Response
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection

from deckhand.core.errors import ConfigError

ENV = "DECKHAND_OWNER_TOKEN"
"""The environment variable that gives every process the same owner token (never a flag: ``ps`` shows flags)."""

HEADER = "X-Owner-Token"
COOKIE = "deckhand_owner"
LINK = "#owner="
"""What follows the server's address in the owner's link, before the token."""

OWNER_ONLY = "saved games are for the server's owner: open the link deckhand serve printed"
"""Why the owner's routes refuse a request: the same words whether or not what it names exists."""

ONCE_LIFETIME = 120.0
"""Seconds a one-time code for ``--open`` stays good if the browser never comes."""

_SHAPE = re.compile(r"[A-Za-z0-9_-]{32,512}")


def check_token(token: str, where: str = ENV) -> str:
    """``token`` if it may be an owner token (URL-safe, 32 characters or more); else ``ConfigError`` not quoting it."""
    if not _SHAPE.fullmatch(token):
        raise ConfigError(
            f"{where}: an owner token is 32 to 512 letters, digits, '-' or '_' "
            "(make one with: python3 -c 'import secrets; print(secrets.token_urlsafe(32))')"
        )
    return token


def new_token() -> str:
    """A fresh owner token: 256 random bits."""
    return secrets.token_urlsafe(32)


def _same(given: str, secret: str) -> bool:
    """``given == secret`` in constant time (any text: a header may hold what ``compare_digest`` refuses as str)."""
    return secrets.compare_digest(given.encode("utf-8", "replace"), secret.encode("utf-8"))


class Owner:
    """The owner token of a server (or none: then nobody is the owner) and the one-time codes of ``--open``."""

    def __init__(self, token: str | None) -> None:
        self._token = None if token is None else check_token(token, "owner token")
        self._codes: dict[str, float] = {}

    def admits(self, request: HTTPConnection) -> bool:
        """Whether ``request`` carries the owner token, in the header or the cookie; nothing else counts."""
        if self._token is None:
            return False
        given = [request.headers.get(HEADER), request.cookies.get(COOKIE)]
        return any(value is not None and _same(value, self._token) for value in given)

    def require(self, request: HTTPConnection) -> None:
        """``HTTPException(403)`` unless the owner asks: checked before anything the request names is looked up."""
        if not self.admits(request):
            raise HTTPException(403, OWNER_ONLY)

    def once(self, lifetime: float = ONCE_LIFETIME) -> str:
        """A code that stands for the token once, within ``lifetime`` seconds: what ``--open`` hands the browser.

        A browser's command line is visible to every user of the machine
        (``ps``); a code spent on the browser's first request is worth nothing there.
        """
        code = secrets.token_urlsafe(32)
        self._codes[code] = time.monotonic() + lifetime
        return code

    def _redeem(self, given: str) -> bool:
        """Whether ``given`` is the token, or a one-time code not yet spent nor expired (spending it)."""
        if self._token is None:
            return False
        if _same(given, self._token):
            return True
        now = time.monotonic()
        for code, deadline in list(self._codes.items()):
            if deadline < now:
                del self._codes[code]
            elif _same(given, code):
                del self._codes[code]
                return True
        return False

    def router(self) -> APIRouter:
        """``POST /api/owner``: the owner's link, once in the browser, becomes the owner's cookie."""
        router = APIRouter()

        @router.post("/api/owner", status_code=204)
        async def welcome(request: Request) -> Response:
            given = request.headers.get(HEADER)
            if given is None or self._token is None or not self._redeem(given):
                raise HTTPException(403, "that is not this server's owner token")
            response = Response(status_code=204, headers={"Cache-Control": "no-store"})
            response.set_cookie(
                COOKIE, self._token, path="/", httponly=True, samesite="strict", secure=over_tls(request)
            )
            return response

        return router


def over_tls(request: HTTPConnection) -> bool:
    """Whether the browser reached the server over TLS: directly, or at a proxy that says so.

    It only decides the cookie's ``Secure``, never who is admitted: a proxy
    that claims ``https`` falsely keeps the cookie off plain HTTP, and a
    visitor who sends the header themselves gains nothing.
    """
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    claimed = "proto=https" in request.headers.get("forwarded", "").lower().replace(" ", "")
    return request.url.scheme in ("https", "wss") or forwarded == "https" or claimed
