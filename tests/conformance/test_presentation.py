"""Every registered game, under every preset, has a presentation as the terminal and the web read it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

import deckhand
from deckhand.core.presentation import Presentation, presentation_of
from deckhand.core.protocol import Action, View
from deckhand.core.registry import game_class
from deckhand.games.basra import BasraGame, BasraState
from deckhand.games.basra.presentation import BasraPresentation
from deckhand.games.three_trios import ThreeTriosGame
from deckhand.games.three_trios.presentation import ThreeTriosPresentation
from deckhand.testing import PresentationError, check_presentation


def configs() -> list[tuple[str, str | None]]:
    return [(name, preset) for name in deckhand.games() for preset in [None, *game_class(name).PRESETS]]


@pytest.mark.parametrize(("name", "preset"), configs())
def test_every_game_presents_itself_as_the_tables_read_it(name: str, preset: str | None) -> None:
    game = deckhand.load_game(name) if preset is None else deckhand.load_game(name, preset=preset)
    assert isinstance(presentation_of(game), Presentation)
    assert presentation_of(game) is presentation_of(game), "made once per game"
    check_presentation(game)


class Silent(BasraPresentation):
    """Forgets to say the move in words."""

    def describe_action(self, state: BasraState, action: Action) -> Any:
        return None


class Renamed(BasraPresentation):
    """Takes the seats' names under another name: a table calling ``announce(state, action, names=...)`` fails."""

    def announce(self, state: BasraState, action: Action, seats: Sequence[str]) -> list[str]:  # type: ignore[override]
        return []


class Labelled(BasraPresentation):
    """Names one seat of two."""

    SEAT_LABELS: ClassVar[tuple[str, ...]] = ("north",)


class LooseMarks(ThreeTriosPresentation):
    """Says it draws hint marks but not for which piece."""

    HINT_MARKS: ClassVar[str] = "cards that would flip"


class Peeking(BasraPresentation):
    """Shows a card that is not in the game."""

    def glimpse(self, view: View, action: Action | None = None) -> dict[str, str]:
        return {"0": "XX"}


class NotOne:
    """Names itself a presentation but is none."""

    def __init__(self, game: object) -> None:
        self.game = game


def told_by(game: type[deckhand.Game], presentation: str) -> deckhand.Game:
    """The game with another presentation, named as a game names its own."""
    changed = type(f"Told{presentation}", (game,), {"PRESENTATION": f"{__name__}:{presentation}"})
    return changed()


@pytest.mark.parametrize(
    ("game", "presentation", "message"),
    [
        (BasraGame, "Silent", "describe_action or is_quiet of"),
        (
            BasraGame,
            "Renamed",
            r"announce\(state, action, seats\) does not take the protocol's \(state, action, names\)",
        ),
        (BasraGame, "Labelled", "1 SEAT_LABELS for 2 seats"),
        (ThreeTriosGame, "LooseMarks", "does not name the piece"),
        (BasraGame, "Peeking", "shows 'XX' at '0': not a card here"),
        (BasraGame, "NotOne", "is not a Presentation"),
        (BasraGame, "Missing", "no presentation"),
    ],
)
def test_a_presentation_that_breaks_the_protocol_is_named(
    game: type[deckhand.Game], presentation: str, message: str
) -> None:
    with pytest.raises(PresentationError, match=message):
        check_presentation(told_by(game, presentation), seeds=[3])
