"""Security headers on every HTTP answer: the pages run the server's own scripts and styles, nothing else.

A name at a table is text anyone may choose; if some day it slipped into
the page as markup, the policy still refuses to run it (no inline script, no
``eval``, no script or style from elsewhere). A pure ASGI middleware:
Starlette's ``BaseHTTPMiddleware`` gets in a websocket's way, and websockets
need no such headers.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",  # the favicon is a data: URL
        "connect-src 'self'",  # Chromium and Firefox count ws:// and wss:// to the same host as 'self'
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""The Content-Security-Policy of every answer."""

HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", POLICY.encode("ascii")),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
_NAMES = {name for name, _ in HEADERS}


class SecurityHeaders:
    """Adds :data:`HEADERS` to every HTTP answer, in place of any the application set itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(name, value) for name, value in message.get("headers", []) if name.lower() not in _NAMES]
                message = {**message, "headers": kept + HEADERS}
            await send(message)

        await self.app(scope, receive, send_with_headers)
