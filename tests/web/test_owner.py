"""The owner token: the terminal's saves and its games' reviews for whoever holds it, from anywhere, and nobody else.

Tried as a visitor would try: from a loopback address, from afar, through a
proxy that adds ``X-Forwarded-For``, one that adds only ``X-Real-IP`` (HAProxy
without ``option forwardfor``) or none at all, with headers of their own
making, with a wrong token in every place one might go. None of it counts;
only the token does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from http.cookies import SimpleCookie

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from deckhand.core.errors import ConfigError
from deckhand.store import record_game
from deckhand.web import serve
from deckhand.web.app import create_app
from deckhand.web.owner import COOKIE, ENV, HEADER, LINK, OWNER_ONLY, Owner, check_token
from tests.review.games import played
from tests.web.tables import OWNER, new_table, receive_state, save_basra

WHERE = [
    pytest.param("127.0.0.1", {}, id="loopback"),
    pytest.param("::1", {}, id="loopback-v6"),
    pytest.param("127.0.0.1", {"X-Real-IP": "203.0.113.9"}, id="proxy-with-only-x-real-ip"),
    pytest.param("127.0.0.1", {"X-Forwarded-For": "203.0.113.9"}, id="proxy-with-forwardfor"),
    pytest.param("127.0.0.1", {"Forwarded": "for=203.0.113.9;proto=https"}, id="proxy-with-forwarded"),
    pytest.param("203.0.113.9", {}, id="remote"),
    pytest.param("203.0.113.9", {"X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1"}, id="remote-claims-local"),
    pytest.param("203.0.113.9", {"Forwarded": "for=127.0.0.1", "Host": "localhost"}, id="remote-forwarded-local"),
]
"""Where a request comes from, and the headers a proxy (or the visitor) put on it."""


def visitor(address: str, headers: dict[str, str], token: str | None = OWNER) -> TestClient:
    """A client at ``address`` with ``headers``, at a server whose owner token is ``token``."""
    return TestClient(create_app(rate=0, owner_token=token), client=(address, 50000), headers=headers)


def attempts(client: TestClient, **extra: str | bytes) -> list[httpx.Response]:
    """Everything a visitor might try for the owner's saves: the list, a save there is, a save there is not."""
    return [
        client.get("/api/saves", headers=extra),
        client.post("/api/tables", json={"game": "basra", "resume": "mine.json"}, headers=extra),
        client.post("/api/tables", json={"game": "basra", "resume": "nothing.json"}, headers=extra),
    ]


def refused_alike(answers: list[httpx.Response]) -> None:
    """Every answer a 403 with the same words: nothing tells whether the save named exists."""
    for answer in answers:
        assert answer.status_code == 403, answer.text
        assert answer.json() == {"error": OWNER_ONLY}
        assert COOKIE not in answer.headers.get("set-cookie", "")
    assert len({(answer.status_code, answer.content) for answer in answers}) == 1


@pytest.mark.parametrize(("address", "headers"), WHERE)
def test_without_the_token_the_saves_are_refused_from_anywhere(address: str, headers: dict[str, str]) -> None:
    save_basra()
    with visitor(address, headers) as client:
        refused_alike(attempts(client))
    with visitor(address, headers, token=None) as client:  # a server with no owner: nobody
        refused_alike(attempts(client, **{HEADER: OWNER}))


@pytest.mark.parametrize(
    "wrong",
    [
        {HEADER: "the-owner-token-of-these-tests-012345678"},  # one character short
        {HEADER: OWNER + "0"},
        {HEADER: OWNER.upper()},
        {HEADER: ""},
        {HEADER: "é".encode() * 40},  # bytes no token holds
        {"Cookie": f"{COOKIE}={OWNER[:-1]}"},
        {"Cookie": f"deckhand_Owner={OWNER}"},  # another cookie's name
        {"Authorization": f"Bearer {OWNER}"},  # the token, but not where the server looks
        {"X-Seat-Token": OWNER},
    ],
    ids=["short", "long", "case", "empty", "non-ascii", "cookie-short", "cookie-name", "bearer", "seat-header"],
)
def test_a_wrong_token_is_refused_the_same(wrong: dict[str, str | bytes]) -> None:
    save_basra()
    with visitor("127.0.0.1", {}) as client:
        refused_alike(attempts(client, **wrong))
        refused_alike([client.get(f"/api/saves?token={OWNER}"), client.get(f"/api/saves?owner={OWNER}")])


@pytest.mark.parametrize(("address", "headers"), WHERE)
def test_the_token_lists_and_resumes_the_saves_from_anywhere(address: str, headers: dict[str, str]) -> None:
    save_basra()
    with visitor(address, headers) as client:
        listed = client.get("/api/saves", headers={HEADER: OWNER})
        assert listed.status_code == 200 and [s["name"] for s in listed.json()] == ["mine.json"]
        client.cookies.set(COOKIE, OWNER)
        assert [s["name"] for s in client.get("/api/saves").json()] == ["mine.json"], "the cookie alone"
        made = new_table(client, game="basra", resume="mine.json")
        missing = client.post("/api/tables", json={"game": "basra", "resume": "nothing.json"})
        assert missing.status_code == 422 and missing.json()["error"] == "no saved game 'nothing.json'"
    assert made["seats"]


def cookie_of(answer: httpx.Response) -> SimpleCookie:
    cookie = SimpleCookie()
    cookie.load(answer.headers["set-cookie"])
    return cookie


def test_the_owners_link_becomes_a_cookie_the_page_cannot_read() -> None:
    save_basra()
    with visitor("203.0.113.9", {}) as client:
        assert client.get("/api/saves").status_code == 403
        welcomed = client.post("/api/owner", headers={HEADER: OWNER})
        assert welcomed.status_code == 204 and welcomed.headers["cache-control"] == "no-store"
        kept = cookie_of(welcomed)[COOKIE]
        assert kept.value == OWNER and kept["httponly"] and kept["samesite"] == "strict" and kept["path"] == "/"
        assert not kept["secure"], "plain HTTP: a Secure cookie would not be kept"
        assert client.get("/api/saves").status_code == 200, "the browser sends the cookie back"


@pytest.mark.parametrize(
    ("base", "headers"),
    [("https://testserver", {}), ("http://testserver", {"X-Forwarded-Proto": "https"})],
    ids=["tls", "tls-at-the-proxy"],
)
def test_over_tls_the_cookie_is_secure(base: str, headers: dict[str, str]) -> None:
    with TestClient(create_app(rate=0, owner_token=OWNER), base_url=base) as client:
        welcomed = client.post("/api/owner", headers={HEADER: OWNER, **headers})
        assert welcomed.status_code == 204 and cookie_of(welcomed)[COOKIE]["secure"]


@pytest.mark.parametrize("given", [None, "", "nope", OWNER[:-1]])
def test_a_wrong_owners_link_sets_no_cookie(given: str | None) -> None:
    with visitor("127.0.0.1", {}) as client:
        answer = client.post("/api/owner", headers={} if given is None else {HEADER: given})
        assert answer.status_code == 403 and "set-cookie" not in answer.headers
    with visitor("127.0.0.1", {}, token=None) as client:
        answer = client.post("/api/owner", headers={HEADER: OWNER})
        assert answer.status_code == 403 and "set-cookie" not in answer.headers


def test_the_link_opened_by_open_holds_a_code_good_once_and_never_the_token() -> None:
    save_basra()
    with visitor("127.0.0.1", {}) as client:
        owner: Owner = client.app.state.owner  # type: ignore[attr-defined]
        link = serve.browser_link("http://127.0.0.1:8000/", owner)
        assert link.startswith(f"http://127.0.0.1:8000/{LINK}") and OWNER not in link
        code = link.removeprefix(f"http://127.0.0.1:8000/{LINK}")
        assert client.get("/api/saves", headers={HEADER: code}).status_code == 403, "the code is no token"
        welcomed = client.post("/api/owner", headers={HEADER: code})
        assert welcomed.status_code == 204 and cookie_of(welcomed)[COOKIE].value == OWNER
        assert client.get("/api/saves").status_code == 200
        client.cookies.clear()
        assert client.post("/api/owner", headers={HEADER: code}).status_code == 403, "spent"
        stale = owner.once(lifetime=-1)
        assert client.post("/api/owner", headers={HEADER: stale}).status_code == 403, "expired"


def test_a_terminal_games_review_is_the_owners_from_anywhere() -> None:
    game_id = record_game(played("basra", seed=3))  # played at the terminal: its person is unknown here
    for address, headers in [("127.0.0.1", {}), ("127.0.0.1", {"X-Real-IP": "203.0.113.9"}), ("testclient", {})]:
        with visitor(address, headers) as client:
            refused = client.get(f"/api/games/{game_id}/review?seat=0")
            assert refused.status_code == 403 and "only by its owner" in refused.json()["error"]
            assert client.delete(f"/api/games/{game_id}/review?seat=0").status_code == 403
    with visitor("203.0.113.9", {}) as client:
        assert client.get(f"/api/games/{game_id}/review?seat=0", headers={HEADER: OWNER}).json() == {"status": "none"}
        client.cookies.set(COOKIE, OWNER)
        assert client.get(f"/api/games/{game_id}/review?seat=0").json() == {"status": "none"}


@pytest.fixture
def welcomed() -> Iterator[TestClient]:
    """The owner's browser, with the cookie its link gave it."""
    with visitor("127.0.0.1", {}) as client:
        assert client.post("/api/owner", headers={HEADER: OWNER}).status_code == 204
        yield client


def test_no_page_or_message_carries_the_token(welcomed: TestClient) -> None:
    """Only the answer to the owner's link sets it, in a cookie; nothing the server sends repeats it."""
    save_basra()
    sent: list[str] = []
    for path in ["/", "/static/js/app.js", "/static/js/lobby.js", "/api/games", "/api/saves", "/api/tables"]:
        answer = welcomed.get(path)
        assert answer.status_code == 200, path
        sent += [answer.text, json.dumps(dict(answer.headers))]
    for request in [{"game": "basra", "resume": "mine.json"}, {"game": "cambio", "seats": ["human", "open"]}]:
        answer = welcomed.post("/api/tables", json=request)
        sent += [answer.text, json.dumps(dict(answer.headers))]
        made = answer.json()
        sent.append(welcomed.get(f"/api/tables/{made['table']}").text)
        with welcomed.websocket_connect(f"/ws/tables/{made['table']}?token={made['seats'][0]['token']}") as ws:
            sent.append(json.dumps(receive_state(ws)))
    assert sent and not any(OWNER in text for text in sent)


@pytest.mark.parametrize("token", ["", "short", "x" * 31, "y" * 513, "with space" * 4, "plus+slash/" * 4, "é" * 40])
def test_a_malformed_owner_token_is_a_one_line_error_that_does_not_repeat_it(token: str) -> None:
    with pytest.raises(ConfigError) as refused:
        check_token(token)
    assert str(refused.value).startswith(f"{ENV}: an owner token is 32 to 512 letters")
    assert "\n" not in str(refused.value) and (not token or token not in str(refused.value))
    with pytest.raises(ConfigError):
        create_app(owner_token=token)


def test_serve_takes_the_token_from_the_environment_or_makes_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    made, given = serve.owner_token()
    assert not given and check_token(made) and made != serve.owner_token()[0], "a new one for each process"
    line = serve.owner_line("http://127.0.0.1:8000/", made, given)
    assert line.endswith(f"http://127.0.0.1:8000/{LINK}{made}")
    monkeypatch.setenv(ENV, OWNER)
    assert serve.owner_token() == (OWNER, True)
    line = serve.owner_line("http://127.0.0.1:8000/", OWNER, True)
    assert OWNER not in line and ENV in line, "a token given is never printed"
    monkeypatch.setenv(ENV, "")
    with pytest.raises(ConfigError, match=ENV):
        serve.owner_token()
