"""Cross-site request forgery: a change sent with a person's session cookie must come from the server's own pages.

The session cookie is ``SameSite=Lax``, so browsers leave it off most
requests another site makes; this check covers the rest (an old browser, a
sibling site under the same domain). A browser names where a request comes
from in ``Origin`` (and ``Sec-Fetch-Site``); a request whose origin is another
host is refused (hosts are compared without their ports: a proxy may pass the
host on without its port). A tool that sends neither header is no browser, so no other
site can have made it send the cookie.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers

CROSS_SITE = "that request came from another site: open deckhand's own page to do that"
"""Why a forged request is refused."""

_SAME = {"same-origin", "none"}
"""``Sec-Fetch-Site`` values of a request made by the server's own page, or typed by the person."""


def same_origin(headers: Headers) -> bool:
    """Whether a request was made by the server's own page (or not by a browser at all)."""
    origin = headers.get("origin")
    if origin is not None:
        try:
            came_from = urlsplit(origin).hostname
            asked = urlsplit(f"//{headers.get('host', '')}").hostname
        except ValueError:
            return False
        return came_from is not None and came_from == asked
    fetched = headers.get("sec-fetch-site")
    return fetched is None or fetched.lower() in _SAME
