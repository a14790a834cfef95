"""Ids no database can hold, and negative ones, are one-line errors on every route, never a traceback.

SQLite refuses an integer beyond 64 bits with an ``OverflowError`` (PostgreSQL's
ids stop at 32 bits): such an id must be turned away before it reaches the
store. Every HTTP route the app declares (its OpenAPI schema) is called with
each of its path and query parameters set to such ids in turn.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from deckhand.web.app import create_app

BAD_IDS = (
    "99999999999999999999",
    "9223372036854775808",
    "2147483648",
    "-1",
    "0",
    "-99999999999999999999",
)


def _minimal(schema: dict[str, Any], components: dict[str, Any]) -> Any:
    """A body with every required field filled with a plain value of its type."""
    if "$ref" in schema:
        return _minimal(components[schema["$ref"].rsplit("/", 1)[-1]], components)
    kind = schema.get("type")
    if kind == "object":
        props = schema.get("properties", {})
        return {name: _minimal(props[name], components) for name in schema.get("required", [])}
    return {"string": "x", "integer": 0, "number": 0, "boolean": False, "array": []}.get(str(kind))


def calls() -> list[tuple[str, str, str, str]]:
    """(method, route, parameter, its place) for every parameter of every route."""
    spec = create_app(rate=0).openapi()
    return [
        (method, path, param["name"], param["in"])
        for path, operations in spec["paths"].items()
        for method, operation in operations.items()
        for param in operation.get("parameters", [])
    ]


@pytest.fixture
def loose_client() -> Any:
    with TestClient(create_app(rate=0), raise_server_exceptions=False) as client:  # a 500 is an answer here
        yield client


def test_every_parameter_of_the_api_is_reached() -> None:
    reached = {(path, name) for _, path, name, _ in calls()}
    assert {("/api/records/{game_id}/replay", "game_id"), ("/api/tables/{table_id}", "table_id")} <= reached
    assert ("/api/stats", "game") in reached


@pytest.mark.parametrize(("method", "route", "name", "place"), calls(), ids=lambda x: str(x))
def test_an_id_out_of_range_is_a_one_line_error(
    loose_client: TestClient, method: str, route: str, name: str, place: str
) -> None:
    spec = loose_client.app.openapi()  # type: ignore[attr-defined]
    operation = spec["paths"][route][method]
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    json_body = _minimal(body, spec["components"]["schemas"]) if body else None
    for bad in BAD_IDS:
        path, query = route, {}
        for param in operation["parameters"]:
            value = bad if param["name"] == name else "1"
            if param["in"] == "path":
                path = path.replace("{" + param["name"] + "}", value)
            elif param["name"] == name:
                query[param["name"]] = value
        response = loose_client.request(method.upper(), path, params=query, json=json_body)
        answer = f"{method} {path} {query}: {response.status_code} {response.text[:200]}"
        assert 400 <= response.status_code < 500, answer
        error = response.json()["error"]
        assert isinstance(error, str) and error and "\n" not in error


def test_a_replay_of_a_game_no_store_can_hold_is_not_found(loose_client: TestClient) -> None:
    for bad in BAD_IDS:
        response = loose_client.get(f"/api/records/{bad}/replay")
        assert response.status_code == 404
        assert response.json() == {"error": f"no stored game with id {int(bad)}"}


@pytest.mark.parametrize("table", ["a%00b", "%2e%2e", "x" * 33, "t%20t"])
def test_a_table_id_that_cannot_be_one_is_no_table(client: TestClient, table: str) -> None:
    response = client.get(f"/api/tables/{table}")
    assert response.status_code == 404 and "\n" not in response.json()["error"]
