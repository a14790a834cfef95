"""The doctests of the learning environments run where their libraries are installed (the ``rl`` extra)."""

from __future__ import annotations

import importlib.util


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
