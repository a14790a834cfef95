"""Options and presets: every preset line is an option; bad values are named."""

from __future__ import annotations

from typing import Any

import pytest

import deckhand
from deckhand.core.errors import ConfigError
from deckhand.core.options import (
    Option,
    PresetInfo,
    accepts,
    boolean,
    choice,
    integer,
    preset_info,
    resolve_options,
    words,
)
from deckhand.core.registry import game_class

SPEC = {
    "players": Option(2, integer(2, 6)),
    "jokers": Option(False, boolean),
    "ace": Option(1, choice(1, 14, "1or14")),
    "rules": Option([], words(["greater", "reverse", "same"], aliases={"default": "greater"})),
}
PRESETS: dict[str, dict[str, Any]] = {"classic": {}, "house": {"jokers": True, "players": 4}}


def resolve(**given: Any) -> dict[str, Any]:
    return resolve_options("demo", SPEC, PRESETS, given)


def test_defaults_then_preset_then_options() -> None:
    assert resolve() == {"preset": "classic", "players": 2, "jokers": False, "ace": 1, "rules": []}
    assert resolve(preset="house")["players"] == 4
    assert resolve(preset="house", players=3) == {
        "preset": "house",
        "players": 3,
        "jokers": True,
        "ace": 1,
        "rules": [],
    }


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"preset": "wild"}, "unknown preset 'wild'"),
        ({"players": 9}, "option players takes a whole number from 2 to 6, not 9"),
        ({"players": "two"}, "option players takes a whole number from 2 to 6, not 'two'"),
        ({"jokers": "maybe"}, "option jokers takes true or false, not 'maybe'"),
        ({"ace": 7}, "option ace takes "),
        ({"rules": ["plus"]}, "unknown 'plus'"),
    ],
)
def test_bad_options_are_named(given: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        resolve(**given)


def test_strings_from_the_command_line_are_read() -> None:
    out = resolve(players="5", jokers="yes", ace="1OR14", rules="same,default")
    assert (out["players"], out["jokers"], out["ace"], out["rules"]) == (5, True, "1or14", ["greater", "same"])


def test_no_presets_means_no_preset_option() -> None:
    with pytest.raises(ConfigError, match="has no presets"):
        resolve_options("demo", SPEC, {}, {"preset": "x"})


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("cambio", {"players": None}, "players needs a value"),
        ("cambio", {"max_rounds": None}, "max_rounds needs a value"),
        ("cambio", {"known_slots": [0, 1, float("inf")]}, "inf is not a slot"),
        ("cambio", {"known_slots": [0, 1.5]}, "is not a slot"),
        ("cambio", {"players": "٣"}, "takes a whole number"),
        ("three_trios", {"rules": None}, "rules needs a value"),
        ("three_trios", {"board": None}, "board needs a value"),
        ("three_trios", {"board": "a\x00b"}, "cannot read board file"),
        ("three_trios", {"rules": 5}, "expected names"),
        ("casino", {"preset": [1]}, "unknown preset"),
        ("casino", {"target": None}, "target needs a value"),
        ("casino", {"deck": "9" * 5000}, "not a card code"),
    ],
)
def test_every_option_is_checked_by_type_and_range_whatever_is_passed(
    name: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(deckhand.ConfigError, match=message) as info:
        deckhand.load_game(name, **options)
    assert "\n" not in str(info.value) and len(str(info.value)) < 300


@pytest.mark.parametrize("data", [[], "x", 5, None, {"game": "basra", "rules_version": "1", "options": []}])
def test_a_saved_state_that_is_not_one_is_a_config_error(data: object) -> None:
    with pytest.raises(deckhand.ConfigError):
        deckhand.load_game("basra").state_from_json(data)  # type: ignore[arg-type]


def test_each_parser_says_what_it_takes() -> None:
    """The manual's option tables print this, so a changed range shows there at once."""
    assert [accepts(option.parse) for option in SPEC.values()] == [
        "2 to 6",
        "true, false",
        "1, 14, 1or14",
        "any of greater, reverse, same",
    ]


@pytest.mark.parametrize("name", deckhand.games())
def test_every_preset_has_a_title_and_a_line_on_what_it_is(name: str) -> None:
    """The lobby and the menu show a preset by its title and a line, never by its key alone."""
    cls = game_class(name)
    assert set(cls.PRESET_INFO) == set(cls.PRESETS)
    for key, info in cls.PRESET_INFO.items():
        assert preset_info(cls.PRESET_INFO, key) is info
        assert info.title and info.about and "\n" not in info.about and len(info.about) <= 100


def test_an_undeclared_preset_is_titled_from_its_key() -> None:
    assert preset_info({}, "aces-either") == PresetInfo("Aces either", "")
