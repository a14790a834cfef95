"""A seat's token in the websocket handshake's headers, where no access log or proxy writes it down.

``WS /ws/tables/{ID}?token=T`` stays for tools (docs/architecture.md, the web contract), but a URL
is written to every access log on its way. The browser offers the
subprotocols ``deckhand`` and ``token.T`` instead (``new WebSocket(url,
["deckhand", "token." + T])``): the server accepts ``deckhand`` and reads T
from ``Sec-WebSocket-Protocol``. Tokens are URL-safe base64, which is valid
there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SUBPROTOCOL = "deckhand"
"""The subprotocol the server accepts when it is offered."""
TOKEN_PREFIX = "token."
"""An offered subprotocol ``token.T`` carries the seat token T."""


def login(scope: Mapping[str, Any], query_token: str | None) -> tuple[str | None, str | None]:
    """The subprotocol to accept (``deckhand`` if offered) and the seat token: the header's, else the query's."""
    offered = [str(name) for name in scope.get("subprotocols") or ()]
    token = next((name[len(TOKEN_PREFIX) :] for name in offered if name.startswith(TOKEN_PREFIX)), query_token)
    return (SUBPROTOCOL if SUBPROTOCOL in offered else None), token
