"""The whole suite's setup: no test touches the user's own store; the learning environments' doctests run where
their libraries are installed (the ``rl`` extra)."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def nobody_s_own_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every test's data directory and store are the suite's own, unless the test chooses others.

    A test that sets ``DECKHAND_HOME`` or ``DECKHAND_DB`` itself (most do, per
    test) still has them; one that undoes its settings, or forgets them, falls
    back here rather than into the person's own games.
    """
    home = tmp_path_factory.mktemp("deckhand-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DECKHAND_HOME", str(home))
        patch.setenv("DECKHAND_DB", f"sqlite:///{home / 'deckhand.db'}")
        yield


def _installed(*names: str) -> bool:
    for name in names:
        try:
            if importlib.util.find_spec(name) is None:
                return False
        except (ImportError, ValueError):  # a module blocked in sys.modules has no spec
            return False
    return True


collect_ignore: list[str] = []
if not _installed("numpy", "gymnasium", "pettingzoo"):
    collect_ignore.append("src/deckhand/envs/pettingzoo.py")
if not _installed("numpy", "pyspiel"):
    collect_ignore.append("src/deckhand/envs/openspiel.py")
