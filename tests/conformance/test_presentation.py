"""Every registered game, under every preset, is a Presentation as the terminal and the web read it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import deckhand
from deckhand.core.presentation import Presentation
from deckhand.core.protocol import Action, View
from deckhand.core.registry import game_class
from deckhand.games.basra import BasraGame, BasraState
from deckhand.games.three_trios import ThreeTriosGame
from deckhand.testing import PresentationError, check_presentation


def configs() -> list[tuple[str, str | None]]:
    return [(name, preset) for name in deckhand.games() for preset in [None, *game_class(name).PRESETS]]


@pytest.mark.parametrize(("name", "preset"), configs())
def test_every_game_presents_itself_as_the_tables_read_it(name: str, preset: str | None) -> None:
    game = deckhand.load_game(name) if preset is None else deckhand.load_game(name, preset=preset)
    assert isinstance(game, Presentation)
    check_presentation(game)


class SilentBasra(BasraGame):
    """Forgets to say the move in words."""

    def describe_action(self, state: BasraState, action: Action) -> Any:
        return None


class RenamedBasra(BasraGame):
    """Takes the seats' names under another name: a table calling ``announce(state, action, names=...)`` fails."""

    def announce(self, state: BasraState, action: Action, seats: Sequence[str]) -> list[str]:  # type: ignore[override]
        return []


class LabelledBasra(BasraGame):
    """Names one seat of two."""

    SEAT_LABELS = ("north",)


class LooseMarks(ThreeTriosGame):
    """Says it draws hint marks but not for which piece."""

    HINT_MARKS = "cards that would flip"


class PeekingBasra(BasraGame):
    """Shows a card that is not in the game."""

    def glimpse(self, view: View, action: Action | None = None) -> dict[str, str]:
        return {"0": "XX"}


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (SilentBasra, "describe_action or is_quiet of"),
        (RenamedBasra, r"announce\(state, action, seats\) does not take the protocol's \(state, action, names\)"),
        (LabelledBasra, "1 SEAT_LABELS for 2 seats"),
        (LooseMarks, "does not name the piece"),
        (PeekingBasra, "shows 'XX' at '0': not a card here"),
    ],
)
def test_a_game_that_breaks_the_protocol_is_named(cls: type[deckhand.Game], message: str) -> None:
    with pytest.raises(PresentationError, match=message):
        check_presentation(cls(), seeds=[3])
