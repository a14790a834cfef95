"""The browser's rules page reads the same text as ``deckhand rules``: each game's ``rules.md``."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import deckhand
from deckhand.core.rules_text import rules_text


@pytest.mark.parametrize("name", deckhand.games())
def test_the_rules_page_is_the_games_rules_text(client: TestClient, name: str) -> None:
    answer = client.get(f"/api/games/{name}/rules")
    assert answer.status_code == 200
    assert answer.json() == {"game": name, "text": rules_text(name)}


def test_an_unknown_game_has_no_rules_page(client: TestClient) -> None:
    answer = client.get("/api/games/poker/rules")
    assert answer.status_code in (400, 404, 422)
    assert "poker" in answer.json()["error"]
