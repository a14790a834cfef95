"""Every HTTP answer carries the security headers: pages, static files, the API, and its refusals."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from deckhand.web.app import STATIC
from deckhand.web.headers import POLICY


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("GET", "/", None, 200),
        ("GET", "/static/js/app.js", None, 200),
        ("GET", "/static/css/deckhand.css", None, 200),
        ("GET", "/api/games", None, 200),
        ("GET", "/healthz", None, 200),
        ("GET", "/api/openapi.json", None, 200),
        ("GET", "/api/tables/nosuchtable", None, 404),
        ("GET", "/static/js/nosuchfile.js", None, 404),
        ("POST", "/api/tables", {"game": "basra", "seats": "not a list"}, 422),
        ("POST", "/api/tables", {"game": "no such game"}, 422),
    ],
)
def test_every_answer_carries_the_security_headers(
    client: TestClient, method: str, path: str, body: object, status: int
) -> None:
    response = client.request(method, path, json=body)
    assert response.status_code == status, response.text
    assert response.headers["content-security-policy"] == POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_the_policy_allows_no_inline_script_no_eval_and_nothing_from_elsewhere() -> None:
    directives = dict(part.strip().split(" ", 1) for part in POLICY.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in POLICY and "http" not in POLICY


def test_the_swagger_page_is_gone_and_the_schema_stays(client: TestClient) -> None:
    """FastAPI's Swagger page runs a CDN's script inline, on the origin that keeps the seat tokens: it is not served."""
    assert client.get("/api/docs").status_code == 404
    assert client.get("/api/openapi.json").json()["info"]["title"] == "deckhand"


class Inline(HTMLParser):
    """What in a page the policy would refuse: inline scripts, ``on…=`` handlers, style attributes and elements."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        self.found += [f"<{tag} {name}=>" for name in names if name.startswith("on") or name == "style"]
        if tag == "style" or (tag == "script" and "src" not in names):
            self.found.append(f"<{tag}> inline")


def test_the_lobby_page_has_no_inline_script_handler_or_style() -> None:
    page = Inline()
    page.feed((STATIC / "index.html").read_text())
    assert page.found == []
