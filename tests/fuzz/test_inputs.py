"""Every parser and loader under Hypothesis: a ``DeckhandError`` of one line, or a good result.

The targets (``deckhand.testing.fuzz``) cover notation in many positions of
every game, options from the command line and from Python, saved states,
game records (as data and as text), Casino's text saves, deck files, Three
Trios board and card files, the table-side advisor's commands, and what the
web server reads from a request: ``POST /api/tables`` bodies and agent specs.
``benchmarks/fuzz.py`` runs the same targets for hundreds of thousands of inputs.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import deckhand
from deckhand.testing.fuzz import ODD_TYPES, Target, check, mutate, targets

TARGETS = {t.name: t for t in targets()}
QUICK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)


@pytest.mark.parametrize("name", sorted(TARGETS))
@QUICK
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_input_is_read_or_refused_in_one_line(name: str, seed: int) -> None:
    target: Target = TARGETS[name]
    rng = random.Random(seed)
    check(target, mutate(target, rng.choice(target.corpus), rng))


TEXT_TARGETS = sorted(name for name, t in TARGETS.items() if not t.json_like and name != "advisor")


@pytest.mark.parametrize("name", TEXT_TARGETS)
@settings(max_examples=120, deadline=None, database=None)
@given(text=st.text(max_size=60))
def test_any_text_is_read_or_refused_in_one_line(name: str, text: str) -> None:
    check(TARGETS[name], text)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("notation/cambio", "swap ²"),
        ("notation/cambio", "swap ٣"),
        ("notation/three_trios", "#² 0,0"),
        ("notation/casino", "build SA {C2} = ²"),
        ("notation/casino", "capture SA JK"),
        ("options/cambio", "players=² max_rounds=٣"),
        ("advisor", "x ²|? ²|? 99999999999|+|x٣ 5"),
        ("board-file", "5 ²\nCCC"),
    ],
)
def test_the_inputs_that_once_escaped(name: str, text: str) -> None:
    check(TARGETS[name], text)


def options_of(game: str) -> list[str]:
    return [*deckhand.load_game(game).options, "preset", "no_such_option"]


def read_or_refuse(game: str, options: dict[str, object]) -> None:
    """``load_game`` accepts the options or raises a one-line ``ConfigError``: no other exception."""
    try:
        deckhand.load_game(game, **options)
    except deckhand.ConfigError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300, str(exc)


@pytest.mark.parametrize(
    ("game", "option"), [(game, option) for game in deckhand.games() for option in options_of(game)], ids=str
)
def test_an_option_of_any_type_is_read_or_refused_in_one_line(game: str, option: str) -> None:
    for value in ODD_TYPES:
        read_or_refuse(game, {option: value})


@pytest.mark.parametrize("name", ODD_TYPES, ids=lambda value: type(value).__name__)
def test_a_game_name_of_any_type_is_refused_in_one_line(name: object) -> None:
    with pytest.raises(deckhand.ConfigError) as info:
        deckhand.load_game(name)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)


ANY_VALUE = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**20)
    | st.floats()
    | st.binary(max_size=6)
    | st.text(max_size=12)
    | st.sampled_from(["/dev/zero", "/dev/stdin", "/", ".", "~", "SA H9", "classic"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=6,
)


@pytest.mark.parametrize("game", deckhand.games())
@settings(max_examples=120, deadline=None, database=None)
@given(data=st.data())
def test_options_of_any_value_are_read_or_refused_in_one_line(game: str, data: st.DataObject) -> None:
    names = st.sampled_from(options_of(game))
    read_or_refuse(game, data.draw(st.dictionaries(names, ANY_VALUE, max_size=3)))
