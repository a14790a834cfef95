"""What an account's name and password may be, and how a password is kept: Argon2id, off the event loop.

A name is shown at tables, on profiles and leaderboards, so it is plain (3 to
20 letters, digits, ``-`` or ``_``, from a letter), one name whatever its case,
and never one a person could mistake for the computer: no level or agent
name, nothing starting with "computer". A password is 8 characters or more;
it is hashed with Argon2id (``pwdlib``), never logged nor repeated in an
error. Hashing takes about 0.1 s of a core and 64 MiB, so a process hashes
:data:`AT_ONCE` passwords at a time, in threads: a flood of sign-ins waits its
turn without stalling a table.
"""

from __future__ import annotations

import asyncio
import functools
import re
import threading
from collections.abc import Callable
from typing import TypeVar

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

from deckhand.agents.registry import available_agents
from deckhand.core.errors import ConfigError
from deckhand.core.registry import games, load_game

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{2,19}")
PASSWORD_MIN = 8
PASSWORD_MAX = 256
"""Characters: a longer password costs the hash nothing more, but the request's size is bounded."""
AT_ONCE = 2
"""Passwords a process hashes at the same time."""

T = TypeVar("T")

_OTHER_WORDS = {"human", "open", "owner", "admin", "administrator", "deckhand", "anonymous", "former", "spectator"}


@functools.cache
def reserved_names() -> frozenset[str]:
    """Names no account may take (lower case): every game's levels and agents, and the words the tables use."""
    names = set(_OTHER_WORDS)
    for name in games():
        game = load_game(name)
        names.update(level.lower() for level in game.LEVELS)
        names.update(agent.lower() for agent in available_agents(game))
    return frozenset(names)


def name_key(name: str) -> str:
    """The name as the store compares it: two names differing only in case are one."""
    return name.lower()


def check_name(name: str) -> str:
    """``name`` if an account may take it; else ``ConfigError`` with one line saying why."""
    if not NAME.fullmatch(name):
        raise ConfigError("a name is 3 to 20 letters, digits, '-' or '_', starting with a letter")
    key = name_key(name)
    if key.startswith("computer") or key in reserved_names():
        raise ConfigError(f"the name {name!r} is kept for the computer and the tables: choose another")
    return name


def check_password(password: str, name: str) -> str:
    """``password`` if it may be an account's; else ``ConfigError`` that never repeats it."""
    if len(password) < PASSWORD_MIN:
        raise ConfigError(f"a password is at least {PASSWORD_MIN} characters")
    if len(password) > PASSWORD_MAX:
        raise ConfigError(f"a password is at most {PASSWORD_MAX} characters")
    if name_key(password) == name_key(name):
        raise ConfigError("a password cannot be the name")
    return password


class Passwords:
    """Hashing and checking passwords, a few at a time, in threads; the hasher is the server's (Argon2id)."""

    def __init__(self, hasher: Argon2Hasher | None = None, at_once: int = AT_ONCE) -> None:
        self._hash = PasswordHash((hasher or Argon2Hasher(),))
        self._slots = threading.BoundedSemaphore(at_once)
        self._decoy: str | None = None

    async def make(self, password: str) -> str:
        """The hash to keep for a new password."""
        return await self._in_slot(lambda: self._hash.hash(password))

    async def check(self, password: str, kept: str | None) -> tuple[bool, str | None]:
        """Whether ``password`` matches ``kept``, and a new hash to keep if it was made with older parameters.

        With no ``kept`` (no such account) a decoy hash is checked instead,
        so that the answer takes as long whether or not the name exists.
        """
        if kept is None:
            decoy = await self._decoy_hash()
            await self._in_slot(lambda: self._hash.verify(password, decoy))
            return False, None
        return await self._in_slot(lambda: self._hash.verify_and_update(password, kept))

    async def _decoy_hash(self) -> str:
        if self._decoy is None:
            self._decoy = await self.make("a password nobody has")
        return self._decoy

    async def _in_slot(self, work: Callable[[], T]) -> T:
        """``work()`` in a thread, once one of the process's hashing slots is free."""

        def run() -> T:
            with self._slots:
                return work()

        return await asyncio.to_thread(run)
