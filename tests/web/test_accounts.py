"""Accounts tested as their owners use them and as an attacker would: guessing, forging, enumerating, reading."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pwdlib.hashers.argon2 import Argon2Hasher
from sqlalchemy import text, update
from sqlalchemy.orm import Session

from deckhand.store.accounts import FORMER
from deckhand.store.db import get_engine
from deckhand.store.models import SessionRow
from deckhand.web.accounts import ADDRESS_GUESSES, COOKIE, MARK, NAME_GUESSES, SIGN_UPS, WRONG
from deckhand.web.app import create_app
from deckhand.web.credentials import Passwords
from tests.web.servers import NO_POSTGRES, POSTGRES, database
from tests.web.tables import Inbox, connect, drive, eventually, join, new_table, summary

__all__ = ["database"]  # the fixture

HERE = {"Origin": "http://testserver"}
ELSEWHERE = {"Origin": "https://cards.example"}


class Counting(Argon2Hasher):
    """A cheap Argon2id that counts its work: a sign-in for a name nobody has must cost what a wrong one costs."""

    def __init__(self, time_cost: int = 1) -> None:
        super().__init__(time_cost=time_cost, memory_cost=1024, parallelism=1)
        self.verified = 0

    def verify(self, password: str | bytes, hash: str | bytes) -> bool:
        self.verified += 1
        return super().verify(password, hash)


@pytest.fixture
def hasher() -> Counting:
    return Counting()


def server(hasher: Argon2Hasher, address: str = "198.51.100.1") -> TestClient:
    return TestClient(create_app(rate=0, passwords=Passwords(hasher)), client=(address, 40000), headers=HERE)


@pytest.fixture
def client(hasher: Counting) -> Iterator[TestClient]:
    with server(hasher) as test_client:
        yield test_client


def sign_up(client: TestClient, name: str = "Ada", password: str = "correct horse") -> int:
    return client.post("/api/account", json={"name": name, "password": password}).status_code


def sign_in(client: TestClient, name: str = "Ada", password: str = "correct horse") -> tuple[int, dict[str, str]]:
    answer = client.post("/api/session", json={"name": name, "password": password})
    return answer.status_code, answer.json()


def test_signing_up_signs_in_with_a_cookie_scripts_cannot_read(client: TestClient) -> None:
    answer = client.post("/api/account", json={"name": "Ada", "password": "correct horse"})
    assert (answer.status_code, answer.json()) == (201, {"name": "Ada"})
    session, mark = answer.headers.get_list("set-cookie")
    assert f"{COOKIE}=" in session and "HttpOnly" in session and "SameSite=lax" in session and "Secure" not in session
    assert mark.startswith(f"{MARK}=1;") and "HttpOnly" not in mark, "the page may read the mark: it holds no secret"
    me = client.get("/api/me")
    assert me.status_code == 200 and me.json()["name"] == "Ada"


def test_the_cookie_is_secure_behind_tls(hasher: Counting) -> None:
    with server(hasher, "127.0.0.1") as client:
        answer = client.post(
            "/api/account",
            json={"name": "Ada", "password": "correct horse"},
            headers={"X-Forwarded-Proto": "https"},
        )
    assert "Secure" in answer.headers["set-cookie"]


def test_a_name_is_one_name_whatever_its_case(client: TestClient) -> None:
    assert sign_up(client, "Ada") == 201
    answer = client.post("/api/account", json={"name": "ADA", "password": "another one"})
    assert answer.status_code == 409 and "taken" in answer.json()["error"]


@pytest.mark.parametrize(
    ("name", "password", "why"),
    [
        ("Al", "correct horse", "3 to 20"),
        ("Ada Lovelace", "correct horse", "3 to 20"),
        ("1ada", "correct horse", "starting with a letter"),
        ("Аda", "correct horse", "3 to 20"),  # a Cyrillic A: a name that looks like another is refused
        ("x" * 21, "correct horse", "3 to 20"),
        ("Computer", "correct horse", "kept for the computer"),
        ("computer2", "correct horse", "kept for the computer"),
        ("Hard", "correct horse", "kept for the computer"),
        ("expert", "correct horse", "kept for the computer"),
        ("ismcts", "correct horse", "kept for the computer"),
        ("human", "correct horse", "kept for the computer"),
        ("Ada", "short", "at least 8"),
        ("Ada", "y" * 257, "at most 256"),
        ("Adalovelace", "ADALOVELACE", "cannot be the name"),
    ],
)
def test_refused_names_and_passwords_get_one_line_that_never_repeats_the_password(
    client: TestClient, name: str, password: str, why: str
) -> None:
    answer = client.post("/api/account", json={"name": name, "password": password})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert why in error and "\n" not in error and password not in error


def test_a_wrong_password_and_an_unknown_name_answer_alike_at_one_cost(client: TestClient, hasher: Counting) -> None:
    assert sign_up(client) == 201
    client.cookies.clear()
    before = hasher.verified
    wrong = sign_in(client, "Ada", "wrong horse")
    spent_wrong = hasher.verified - before
    unknown = sign_in(client, "Bea", "wrong horse")
    spent_unknown = hasher.verified - before - spent_wrong
    assert wrong == unknown == (401, {"error": WRONG})
    assert spent_wrong == spent_unknown == 1, "an unknown name still costs a hash: time does not tell it apart"
    assert client.get("/api/me").status_code == 401


def test_guessing_a_name_is_limited_whether_or_not_it_exists(client: TestClient) -> None:
    assert sign_up(client) == 201
    for name in ("Ada", "Nobody"):
        for _ in range(NAME_GUESSES):
            assert sign_in(client, name, "a wrong guess")[0] == 401
        limited = client.post("/api/session", json={"name": name, "password": "correct horse"})
        assert limited.status_code == 429, "the right password too is refused once the name is limited"
        assert 0 < int(limited.headers["Retry-After"]) <= 15 * 60
        assert "too many wrong passwords" in limited.json()["error"]


def test_a_right_password_clears_the_names_failures(client: TestClient) -> None:
    assert sign_up(client) == 201
    for _ in range(NAME_GUESSES - 1):
        assert sign_in(client, "Ada", "a wrong guess")[0] == 401
    assert sign_in(client)[0] == 200
    for _ in range(NAME_GUESSES - 1):
        assert sign_in(client, "Ada", "a wrong guess")[0] == 401
    assert sign_in(client)[0] == 200


def test_guessing_from_one_address_is_limited_across_names(hasher: Counting) -> None:
    with server(hasher, "203.0.113.9") as attacker, server(hasher, "198.51.100.2") as ada:
        assert sign_up(ada) == 201
        for number in range(ADDRESS_GUESSES):
            assert sign_in(attacker, f"Name{number}", "a wrong guess")[0] == 401
        assert sign_in(attacker)[0] == 429
        assert sign_in(ada)[0] == 200, "a person elsewhere signs in as usual"


def test_one_address_makes_a_few_accounts_an_hour(client: TestClient) -> None:
    for number in range(SIGN_UPS):
        assert sign_up(client, f"Player{number}") == 201
    assert client.post("/api/account", json={"name": "Another", "password": "correct horse"}).status_code == 429


def test_signing_out_ends_the_session_in_the_store(client: TestClient) -> None:
    assert sign_up(client) == 201
    token = client.cookies[COOKIE]
    signed_out = client.delete("/api/session")
    assert signed_out.status_code == 204 and MARK not in client.cookies
    assert client.get("/api/me").status_code == 401
    client.cookies.set(COOKIE, token)  # a copy of the cookie kept by someone else
    assert client.get("/api/me").status_code == 401


def test_a_session_survives_a_restart_and_holds_in_another_process(hasher: Counting) -> None:
    with server(hasher) as first:
        assert sign_up(first) == 201
        token = first.cookies[COOKIE]
    with server(hasher) as second, server(hasher) as third:
        for client in (second, third):
            client.cookies.set(COOKIE, token)
            assert client.get("/api/me").json()["name"] == "Ada"
        assert third.delete("/api/session").status_code == 204
        assert second.get("/api/me").status_code == 401, "signed out in one process is signed out in all"


def test_an_expired_session_is_signed_out(client: TestClient) -> None:
    assert sign_up(client) == 201
    with Session(get_engine()) as session, session.begin():
        session.execute(update(SessionRow).values(expires_at=SessionRow.created_at - timedelta(seconds=1)))
    assert client.get("/api/me").status_code == 401


def test_a_made_up_cookie_is_nobody(client: TestClient) -> None:
    client.cookies.set(COOKIE, "x" * 43)
    assert client.get("/api/me").status_code == 401


@pytest.mark.parametrize("headers", [ELSEWHERE, {"Origin": "null"}, {"Origin": None, "Sec-Fetch-Site": "cross-site"}])
def test_changes_from_another_site_are_refused(client: TestClient, headers: dict[str, str | None]) -> None:
    assert sign_up(client) == 201
    sent = {key: value for key, value in headers.items() if value is not None}
    if headers.get("Origin", "") is None:
        client.headers.pop("Origin")
    forged_sign_in = client.post("/api/session", json={"name": "Ada", "password": "correct horse"}, headers=sent)
    assert forged_sign_in.status_code == 403
    forged_delete = client.request("DELETE", "/api/account", json={"password": "correct horse"}, headers=sent)
    assert forged_delete.status_code == 403
    forged_table = client.post("/api/tables", json={"game": "basra"}, headers=sent)
    assert forged_table.status_code == 403
    client.headers["Origin"] = HERE["Origin"]
    assert client.get("/api/me").json()["name"] == "Ada", "nothing was deleted"


def test_a_tool_without_a_browsers_headers_may_sign_in(hasher: Counting) -> None:
    with TestClient(create_app(rate=0, passwords=Passwords(hasher))) as tool:
        assert sign_up(tool) == 201
        assert sign_in(tool)[0] == 200


def test_the_store_holds_no_password_and_no_session_token(client: TestClient, private_data: Path) -> None:
    assert sign_up(client, "Ada", "correct horse") == 201
    token = client.cookies[COOKIE]
    dump = "\n".join(get_engine().raw_connection().driver_connection.iterdump())  # type: ignore[union-attr]
    assert "correct horse" not in dump and token not in dump
    with get_engine().connect() as conn:
        kept = conn.execute(text("SELECT password_hash FROM accounts")).scalar_one()
    assert kept.startswith("$argon2id$")


def test_a_password_hashed_with_older_parameters_is_hashed_again_at_sign_in() -> None:
    with server(Counting(time_cost=1)) as old:
        assert sign_up(old) == 201
    with server(Counting(time_cost=2)) as new:
        assert sign_in(new)[0] == 200
    with get_engine().connect() as conn:
        kept = conn.execute(text("SELECT password_hash FROM accounts")).scalar_one()
    assert ",t=2," in kept


def test_deleting_an_account_needs_its_password_and_frees_the_name(client: TestClient) -> None:
    assert sign_up(client) == 201
    wrong = client.request("DELETE", "/api/account", json={"password": "wrong horse"})
    assert wrong.status_code == 403 and client.get("/api/me").status_code == 200
    assert client.request("DELETE", "/api/account", json={"password": "correct horse"}).status_code == 204
    assert client.get("/api/me").status_code == 401
    assert sign_in(client)[0] == 401
    with get_engine().connect() as conn:
        assert conn.execute(text("SELECT COUNT(*) FROM sessions")).scalar_one() == 0


def test_deleting_needs_a_session(client: TestClient) -> None:
    assert client.request("DELETE", "/api/account", json={"password": "correct horse"}).status_code == 401


def test_a_signed_in_person_sits_as_their_account_and_their_game_keeps_it(client: TestClient) -> None:
    assert sign_up(client, "Bea", "battery staple") == 201
    bea = client.cookies[COOKIE]
    client.cookies.clear()
    assert sign_up(client) == 201
    made = new_table(client, game="basra", seats=["human", "open"], names=["Somebody else"])
    client.cookies.clear()
    client.cookies.set(COOKIE, bea)
    answer = join(client, made, "Not Bea")
    assert answer.status_code == 200
    seats = summary(client, made["table"])["seats"]
    assert [(seat["name"], seat["account"]) for seat in seats] == [("Ada", True), ("Bea", True)]
    tokens = [made["seats"][0]["token"], answer.json()["token"]]
    with connect(client, made["table"], tokens[0]) as first, connect(client, made["table"], tokens[1]) as second:
        drive(client, made["table"], {0: Inbox(first), 1: Inbox(second)}, random.Random(3))
    eventually(lambda: summary(client, made["table"])["replay"], "the finished game is stored")
    with get_engine().connect() as conn:
        rows = conn.execute(text("SELECT s.name, a.name FROM seats s JOIN accounts a ON a.id = s.account_id"))
        assert sorted(tuple(row) for row in rows) == [("Ada", "Ada"), ("Bea", "Bea")]
    client.cookies.clear()
    assert sign_in(client)[0] == 200
    assert client.request("DELETE", "/api/account", json={"password": "correct horse"}).status_code == 204
    with get_engine().connect() as conn:
        seats = [tuple(row) for row in conn.execute(text("SELECT name, account_id FROM seats ORDER BY seat"))]
        live = conn.execute(text("SELECT name FROM live_seats ORDER BY seat")).scalars().all()
    assert seats[0] == (FORMER, None) and seats[1][0] == "Bea"
    assert live[0] == FORMER
    assert summary(client, made["table"])["finished"], "the game stays"


def test_an_anonymous_person_needs_a_name_to_sit_down(client: TestClient) -> None:
    made = new_table(client, game="basra", seats=["human", "open"], public=True, names=["Ada"])
    answer = client.post(f"/api/tables/{made['table']}/join", json={})
    assert answer.status_code == 422 and "name" in answer.json()["error"]
    assert summary(client, made["table"])["seats"][0]["account"] is False, "a typed name is only typed"


@pytest.mark.skipif(POSTGRES is None, reason=NO_POSTGRES)
def test_accounts_on_postgresql(hasher: Counting, database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DECKHAND_DB", database)
    with server(hasher) as first:
        assert sign_up(first) == 201 and sign_up(first, "ADA") == 409
        token = first.cookies[COOKIE]
        for _ in range(NAME_GUESSES):
            assert sign_in(first, "Nobody", "a wrong guess")[0] == 401
        assert sign_in(first, "Nobody")[0] == 429
    with server(hasher) as second:
        second.cookies.set(COOKIE, token)
        assert second.get("/api/me").json()["name"] == "Ada"
        assert sign_in(second, "Nobody")[0] == 429, "the failures were counted in the store"
        assert second.request("DELETE", "/api/account", json={"password": "correct horse"}).status_code == 204
        assert second.get("/api/me").status_code == 401
    get_engine(database).dispose()


def test_a_password_never_reaches_an_answer_or_a_log(hasher: Counting, caplog: pytest.LogCaptureFixture) -> None:
    secret = "s3cret-Passw0rd"
    caplog.set_level(logging.DEBUG)
    with TestClient(create_app(rate=0, passwords=Passwords(hasher), access_log="json"), headers=HERE) as client:
        answers = [
            client.post("/api/account", json={"name": "Ada", "password": secret}),
            client.post("/api/account", json={"name": "Ada", "password": secret}),
            client.post("/api/account", json={"name": "Ada!", "password": secret}),
            client.post("/api/account", json={"name": "Bea", "password": secret * 30}),
            client.post("/api/session", json={"name": "Ada", "password": secret + "x"}),
            client.post("/api/session", json={"name": "Ada", "password": secret, "more": secret}),
            client.post(
                "/api/session",
                content=f'{{"name": "Ada", "password": "{secret}',
                headers={"content-type": "application/json"},
            ),
            client.request("DELETE", "/api/account", json={"password": secret + "y"}),
        ]
    assert [answer.status_code for answer in answers] == [201, 409, 422, 422, 401, 422, 422, 403]
    assert all(secret not in answer.text for answer in answers)
    assert secret not in caplog.text
