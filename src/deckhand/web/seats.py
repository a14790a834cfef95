"""Who sits at a table: people known by the hash of their token, open places with their invites, computers.

Tokens and invite codes are random (or, for a table opened with its creator's
``Idempotency-Key``, made again from it); the store keeps only their hashes.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from deckhand.agents.base import Agent
from deckhand.agents.registry import is_human, make_agent
from deckhand.core.errors import ConfigError, DeckhandError
from deckhand.core.protocol import Game

OPEN: Literal["open"] = "open"
"""A seat kept for a person who joins by the table's link (``POST /api/tables/{ID}/join``)."""


@dataclass
class Seat:
    """Who sits at a seat: a person (known by the hash of their token), an open place, or an agent."""

    spec: str
    name: str
    token_hash: str | None = None
    agent: Agent | None = None
    token: str | None = field(default=None, repr=False)
    """A new table's token for this seat, until :meth:`Table.hand_out_tokens` gives it to its creator."""
    stand_in: Agent | None = None
    """The computer playing for this seat's person while they are away."""
    invite_hash: str | None = None
    """For an open seat of a table not listed in the lobby: the hash of the code its invite link carries."""
    account: int | None = None
    """The id of the account its person sits as, signed in (``None``: anonymous, open, or a computer)."""

    @property
    def player(self) -> Agent | None:
        """Who decides this seat's moves at the server: its agent, a stand-in, or nobody (a person)."""
        return self.agent or self.stand_in

    @property
    def kind(self) -> Literal["human", "open", "computer"]:
        if self.agent is not None:
            return "computer"
        return OPEN if self.token_hash is None else "human"

    def give_token(self, token: str | None = None) -> str:
        """A new token for this seat (``token``, or a random one): the seat keeps its hash, the caller hands it out."""
        token = token or new_token()
        self.token_hash = token_hash(token)
        return token


class NotInvited(DeckhandError):
    """A join without the invite of the seat it asks for (a table not listed in the lobby)."""


def token_hash(token: str) -> str:
    """What the table keeps of a token: its SHA-256, so that a copy of the store lets nobody sit down."""
    return hashlib.sha256(token.encode()).hexdigest()


TOKEN_BYTES = 18
INVITE_BYTES = 12


def new_token() -> str:
    """A seat token: 144 random bits, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_invite() -> str:
    """An open seat's invite code: 96 random bits, URL-safe."""
    return secrets.token_urlsafe(INVITE_BYTES)


def derived(key: str, label: str, size: int) -> str:
    """A token only the holder of ``key`` can make again: HMAC-SHA256 of ``label``, ``size`` bytes, URL-safe.

    A table opened with its creator's ``Idempotency-Key`` (a long random
    secret only the creator knows) gets its creator's tokens from it, so
    that a retried creation, in whichever process it reaches, answers the
    same tokens while the store keeps only their hashes, as for any table.
    """
    digest = hmac.new(key.encode(), label.encode(), hashlib.sha256).digest()[:size]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def matches_hash(kept: str | None, given: str) -> bool:
    """Whether ``given`` is the hash kept (in constant time)."""
    return kept is not None and hmac.compare_digest(kept, given)


def new_table_id() -> str:
    return secrets.token_urlsafe(6)


def make_seats(game: Game, specs: Sequence[str], names: Sequence[str | None], key: str | None = None) -> list[Seat]:
    """Seats from the request's specs: ``human`` gets a token, ``open`` waits, anything else is an agent.

    A person's token is made again from the creator's ``key``, if they sent one.
    """
    if len(specs) != game.num_players:
        raise ConfigError(f"{game.name} has {game.num_players} seats; {len(specs)} given")
    seats = []
    for i, spec in enumerate(specs):
        name = names[i] if i < len(names) else None
        if spec == OPEN:
            seats.append(Seat(spec=OPEN, name=name or f"Seat {i + 1}"))  # counted from one, as people count
        elif is_human(spec):
            seat = Seat(spec="human", name=name or f"Player {i + 1}")
            seat.token = seat.give_token(derived(key, f"seat/{i}", TOKEN_BYTES) if key else None)
            seats.append(seat)
        else:
            seats.append(Seat(spec=spec, name=name or "Computer", agent=make_agent(spec, game)))
    number_computers(seats)
    return seats


_COMPUTER = re.compile(r"Computer(?: \d+)?")


def number_computers(seats: Sequence[Seat]) -> None:
    """Computers named as people count them: ``Computer`` alone, else ``Computer 1``, ``Computer 2`` in seat order.

    A computer given a name of its own keeps it.
    """
    computers = [entry for entry in seats if entry.agent is not None]
    for number, entry in enumerate(computers, 1):
        if _COMPUTER.fullmatch(entry.name):
            entry.name = "Computer" if len(computers) == 1 else f"Computer {number}"
