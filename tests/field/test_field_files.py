"""The readers against the original files of other programs (the folder ``DECKHAND_FIELD_DATA`` names).

Its layout: ``casino/ramapo-cases/`` (save and deck files of the Casino course's
programs) and ``three_trios/`` (board and card files of three Three Trios programs).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import deckhand
from deckhand.core.errors import ConfigError
from deckhand.games.casino import ShortDeckWarning
from deckhand.games.three_trios.files import read_board, read_cards
from tests.casino.test_casino_save import SEED_EXAMPLE, loads_and_plays
from tests.field.conftest import FIELD

assert FIELD is not None
CASINO = FIELD / "casino" / "ramapo-cases"
TRIOS = FIELD / "three_trios"
BROKEN = (
    "LiedNumber",
    "UnknownCharacters",
    "CardWithOnlyTwoValues",
    "DuplicateCards",
    "incorrect_",
    "mismatchrow",
    "mismatchcol",
    "badcontents",
    "badsizingconfigs",
    "evencardcell",
    "dupliatenames",
    "invalidcardvalue",
    "card_config_unreadable",
    "grid_config_unreadable",
    "grid_config_null_grid",
    "grid_config_lowercase_letters",
    "HolesButSomeCardsCanNotReachEachOther",  # 20 card cells: the number must be odd
)
"""The Three Trios files broken on purpose, by the start of their names."""


@pytest.fixture
def game() -> deckhand.Game:
    return deckhand.load_game("casino")


@pytest.mark.parametrize("name", sorted(p.name for p in CASINO.glob("*.txt") if "deck" not in p.name.lower()))
def test_casino_saves(game: deckhand.Game, name: str) -> None:
    path = CASINO / name
    if "new_case2" in name:  # lists HX twice
        with pytest.raises(ConfigError, match="HX appears twice"):
            game.load_save(path)
        return
    short = "case3" in name or "casinoCpp_test" in name
    assert bool(loads_and_plays(game, path, seed=len(name))) == short


def test_casino_saves_say_what_they_say(game: deckhand.Game) -> None:
    spec = game.load_save(CASINO / "spec-example_round3.txt")
    assert spec.to_save() == SEED_EXAMPLE
    saved = game.load_save(CASINO / "brandanquinn-cpp_save_game.txt")
    assert [saved.action_to_string(a) for a in saved.legal_actions()] == ["capture D9 [[H6 H3] [C5 D4]]"]
    with pytest.warns(ShortDeckWarning, match="51 cards"):
        case3 = game.load_save(CASINO / "damico97-js_new_case3.txt")  # the computer owns a 7 but holds none
    assert case3.aside == [deckhand.Card.parse("CX").index]
    case3.apply_action(case3.string_to_action("capture HA DA"))
    # the owner of [C3 S4] holds no 7, so nothing binds it but the no-trail rule
    assert [case3.action_to_string(a) for a in case3.legal_actions()] == ["capture CJ {C6 D5}", "capture D8 S8 H8"]


@pytest.mark.parametrize("name", sorted(p.name for p in CASINO.glob("*deck*.txt")))
def test_casino_deck_files(name: str) -> None:
    assert len(deckhand.load_game("casino", deck=str(CASINO / name)).stack) == 52


@pytest.mark.parametrize("path", sorted(p for p in TRIOS.rglob("*") if p.is_file()), ids=lambda p: p.name)
def test_three_trios_files_load_or_are_refused(path: Path) -> None:
    is_board = "grid" in str(path).lower() or "BoardConfig" in str(path)
    reader = read_board if is_board else read_cards
    if path.name == "empty.txt" or any(path.name.startswith(mark) for mark in BROKEN):
        with pytest.raises(ConfigError, match=path.name):
            reader(path)
    else:
        reader(path)
