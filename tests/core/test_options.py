"""Options and presets: every preset line is an option; bad values are named."""

from __future__ import annotations

from typing import Any

import pytest

from deckhand.core.errors import ConfigError
from deckhand.core.options import Option, boolean, choice, integer, resolve_options, words

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
        ({"players": 9}, "option players=9: must be from 2 to 6"),
        ({"players": "two"}, "option players='two': expected a whole number"),
        ({"jokers": "maybe"}, "option jokers='maybe': expected true or false"),
        ({"ace": 7}, "option ace=7: expected one of"),
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
