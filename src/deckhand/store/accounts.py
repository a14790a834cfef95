"""Accounts, their sessions and the failed sign-ins that limit guessing: every statement about them.

What a name may be, how a password is hashed and when a guess is refused is
the server's business (:mod:`deckhand.web.accounts`); this module only keeps
the rows. Tokens are stored as their hashes, passwords as Argon2id hashes:
neither a token nor a password is ever written here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from deckhand.core.errors import DeckhandError
from deckhand.store.db import get_engine
from deckhand.store.models import (
    AccountRow,
    GuessRow,
    LiveSeatRow,
    RatingChangeRow,
    RatingRow,
    SeatRow,
    SeekerRow,
    SessionRow,
)

FORMER = "a former player"
"""The name a deleted account's seats show in the games it leaves behind."""


FORGOTTEN = timedelta(days=1)
"""Failures older than this are removed (every window is shorter)."""


class NameTaken(DeckhandError):
    """Another account has that name (in any case)."""


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the server sees it: never its password, only its hash where a sign-in needs it."""

    id: int
    name: str
    created_at: datetime
    password_hash: str = ""


def now() -> datetime:
    """The store's clock: UTC, without a zone (as every time in the store)."""
    return datetime.now(UTC).replace(tzinfo=None)


def create_account(name: str, name_key: str, password_hash: str, *, url: str | None = None) -> Account:
    """A new account; :class:`NameTaken` if the name is someone's (decided by the store's unique index)."""
    created = now()
    row = AccountRow(name=name, name_key=name_key, password_hash=password_hash, created_at=created)
    try:
        with Session(get_engine(url)) as session, session.begin():
            session.add(row)
            session.flush()
            account_id = row.id
    except IntegrityError:
        raise NameTaken(f"the name {name!r} is taken") from None
    return Account(account_id, name, created)


def find_account(name_key: str, *, url: str | None = None) -> Account | None:
    """The account with that name (in lower case), its password hash included; None if there is none."""
    with Session(get_engine(url)) as session:
        row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key))
        return None if row is None else Account(row.id, row.name, row.created_at, row.password_hash)


def account_by_id(account_id: int, *, url: str | None = None) -> Account | None:
    """The account with that id, its password hash included; None if there is none (any more)."""
    with Session(get_engine(url)) as session:
        row = session.get(AccountRow, account_id)
        return None if row is None else Account(row.id, row.name, row.created_at, row.password_hash)


def set_password_hash(account_id: int, password_hash: str, *, url: str | None = None) -> None:
    """Replace an account's hash (the same password, hashed with the parameters of now)."""
    with Session(get_engine(url)) as session, session.begin():
        session.execute(update(AccountRow).where(AccountRow.id == account_id).values(password_hash=password_hash))


def delete_account(account_id: int, *, url: str | None = None) -> None:
    """Delete an account and what is personal in it; its games stay, their seats shown as a former player."""
    with Session(get_engine(url)) as session, session.begin():
        for model in (SeatRow, LiveSeatRow):
            session.execute(update(model).where(model.account_id == account_id).values(account_id=None, name=FORMER))
        for personal in (
            SessionRow,
            RatingRow,
            RatingChangeRow,
            SeekerRow,
        ):  # SQLite does not cascade: said here for both
            session.execute(delete(personal).where(personal.account_id == account_id))
        session.execute(delete(AccountRow).where(AccountRow.id == account_id))


def open_session(account_id: int, token_hash: str, lifetime: timedelta, *, url: str | None = None) -> datetime:
    """Store a new session of an account (its sessions past their time are removed); when it expires."""
    created = now()
    with Session(get_engine(url)) as session, session.begin():
        session.execute(delete(SessionRow).where(SessionRow.account_id == account_id, SessionRow.expires_at <= created))
        session.add(
            SessionRow(token_hash=token_hash, account_id=account_id, created_at=created, expires_at=created + lifetime)
        )
    return created + lifetime


def session_account(token_hash: str, *, url: str | None = None) -> Account | None:
    """The account a session token's hash belongs to, if the session is open and not expired (no password hash)."""
    query = (
        select(AccountRow.id, AccountRow.name, AccountRow.created_at)
        .join(SessionRow, SessionRow.account_id == AccountRow.id)
        .where(SessionRow.token_hash == token_hash, SessionRow.expires_at > now())
    )
    with Session(get_engine(url)) as session:
        found = session.execute(query).first()
    return None if found is None else Account(found.id, found.name, found.created_at)


def close_session(token_hash: str, *, url: str | None = None) -> None:
    """Sign a session out (nothing happens if it is not open)."""
    with Session(get_engine(url)) as session, session.begin():
        session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))


def failures(keys: list[str], window: timedelta, *, url: str | None = None) -> dict[str, tuple[int, datetime]]:
    """Failed sign-ins counted for each key within its window: (failures, when its window began)."""
    since = now() - window
    query = select(GuessRow).where(GuessRow.key.in_(keys), GuessRow.since > since)
    with Session(get_engine(url)) as session:
        return {row.key: (row.failures, row.since) for row in session.scalars(query)}


def count_failure(keys: list[str], window: timedelta, *, url: str | None = None) -> None:
    """One more failed sign-in for each key; a key whose window has passed starts a new one."""
    for _ in range(3):  # another process may add the same new key at that moment: then count on its row
        try:
            _count(keys, window, url)
            return
        except IntegrityError:
            continue


def _count(keys: list[str], window: timedelta, url: str | None) -> None:
    at = now()
    with Session(get_engine(url)) as session, session.begin():
        session.execute(delete(GuessRow).where(GuessRow.since <= at - FORGOTTEN))
        for key in keys:
            row = session.get(GuessRow, key, with_for_update=True)
            if row is None:
                session.add(GuessRow(key=key, failures=1, since=at))
            elif row.since <= at - window:
                row.failures, row.since = 1, at
            else:
                row.failures += 1


def forget_failures(keys: list[str], *, url: str | None = None) -> None:
    """Clear the failures of these keys (a right password for the name)."""
    with Session(get_engine(url)) as session, session.begin():
        session.execute(delete(GuessRow).where(GuessRow.key.in_(keys)))
