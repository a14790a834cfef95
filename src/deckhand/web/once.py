"""``POST /api/tables`` safe to retry: the ``Idempotency-Key`` a client sends, and the answer a retry gets.

A creation whose answer never arrived (the process died, the network
dropped it, the balancer answered ``502``) is sent again with the same key,
to whichever process the balancer picks. The key's hash is stored with the
table in the transaction that opens it, one table per key, so the retry
opens nothing: it answers the table the key opened, with the same tokens.

Those tokens are not stored anywhere (the store keeps only their hashes):
they are made from the key itself (:func:`deckhand.web.table.derived`), so
only whoever holds the key can have them again. The key is as good as the
creator's seat tokens, which is why it must be long and random, is sent
only in a header (never in a URL, which logs keep) and is never stored.
"""

from __future__ import annotations

import asyncio
import hashlib
import re

from starlette.exceptions import HTTPException

from deckhand.web.ledger import Ledger, Once
from deckhand.web.seats import INVITE_BYTES, TOKEN_BYTES, derived, token_hash
from deckhand.web.wire import Invite, NewTable, SeatToken, TableCreated

KEY = re.compile(r"[A-Za-z0-9_-]{32,128}")
"""What an ``Idempotency-Key`` may be: 32 to 128 URL-safe characters (a UUID, or 24 random bytes in base64url)."""
KEY_RULE = "Idempotency-Key: expected 32 to 128 letters, digits, '-' or '_', made at random for this table"


def once(key: str, request: NewTable) -> Once:
    """The hashes stored with a table opened with ``key``; ``400`` naming the rule for a malformed key."""
    if not KEY.fullmatch(key):
        raise HTTPException(400, KEY_RULE)
    return Once(key_hash=_hash("key", key), request_hash=_hash("request", request.model_dump_json()))


async def opened_before(ledger: Ledger, key: str, made: Once) -> TableCreated:
    """The answer a retried creation gets: the table ``key`` opened, with its creator's tokens made again.

    ``422`` if the key opened a table for another request: a key names one
    creation, and its tokens go to nobody who asks for something else.
    Tokens are made again only where the table still holds them (an invite
    already used, or given to a computer when the host started, is gone).
    """
    stored = await asyncio.to_thread(ledger.opened_with, made.key_hash)
    if stored is None:  # forgotten since (nobody came to it for a day): a new key makes a new table
        raise HTTPException(409, "Idempotency-Key: the table this key opened is gone; make a new key")
    if stored.request_hash != made.request_hash:
        raise HTTPException(422, "Idempotency-Key: this key opened a table for another request; make a new key")
    seats, invites = [], []
    for seat in stored.seats:
        token = derived(key, f"seat/{seat.seat}", TOKEN_BYTES)
        if seat.token_hash == token_hash(token):
            seats.append(SeatToken(seat=seat.seat, token=token))
        code = derived(key, f"invite/{seat.seat}", INVITE_BYTES)
        if seat.invite_hash == token_hash(code):
            invites.append(Invite(seat=seat.seat, code=code))
    return TableCreated(table=stored.id, seats=seats, invites=invites, host=derived(key, "host", TOKEN_BYTES))


def _hash(kind: str, text: str) -> str:
    """A hash kept in the store, apart by kind (a key's hash is never a token's)."""
    return hashlib.sha256(f"deckhand-{kind}\n{text}".encode()).hexdigest()
