"""The two tiers of the suite: a quick default run, and the soak under the ``slow`` marker.

A test that plays many games (or many connections, seeds, positions) takes its
count as a parameter: ``tiers(quick, full)`` gives the quick tier's count, and
today's full count marked ``slow`` (``pytest -m slow`` runs it; the default
run deselects it). The quick count is chosen to reach every kind of case the
full count reaches, and where that is not plain the test checks it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from deckhand.core.registry import game_class


def tiers(quick: Any, full: Any) -> list[Any]:
    """Parameters for ``pytest.mark.parametrize``: ``quick`` (id ``quick``) and ``full`` (id ``soak``, slow)."""
    return [pytest.param(quick, id="quick"), pytest.param(full, id="soak", marks=pytest.mark.slow)]


def beyond_the_first_preset(name: str, options: Mapping[str, object]) -> list[pytest.MarkDecorator]:
    """``slow`` for any options but the game's first preset (or its defaults): the quick tier checks each game once."""
    first = next(iter(game_class(name).PRESETS), None)
    return [] if dict(options) in ({"preset": first}, {}) else [pytest.mark.slow]
