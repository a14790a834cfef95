"""Every parser and loader under Hypothesis: a ``DeckhandError`` of one line, or a good result.

The targets (``deckhand.testing.fuzz``) cover notation in many positions of
every game, options from the command line and from Python, saved states,
game records (as data and as text), Casino's text saves, deck files, Three
Trios board and card files, and the table-side advisor's commands.
``benchmarks/fuzz.py`` runs the same targets for hundreds of thousands of inputs.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckhand.testing.fuzz import Target, check, mutate, targets

TARGETS = {t.name: t for t in targets()}
QUICK = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)


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
