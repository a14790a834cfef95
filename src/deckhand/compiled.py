"""The optional compiled build: which modules it compiles, and which are compiled in this install.

``DECKHAND_COMPILE=1 pip install .`` compiles :data:`HOT_MODULES` with mypyc
(a C compiler and the Python headers are needed); every other install, the
README's included, is pure Python. mypyc compiles the typed source as it is,
so both builds play the same games move for move; the ``.py`` files stay
installed beside the extensions, which Python loads first. ``deckhand
--version`` says which build runs.

>>> set(compiled_modules()) <= set(HOT_MODULES)
True
"""

from __future__ import annotations

import importlib.machinery
import importlib.util

HOT_MODULES: tuple[str, ...] = (
    "deckhand.core.deck",
    "deckhand.games.cambio.actions",
    "deckhand.games.cambio.phases",
    "deckhand.games.cambio.powers",
    "deckhand.games.cambio.state",
    "deckhand.games.cambio.view",
    "deckhand.games.cambio.playout",
    "deckhand.games.basra.captures",
    "deckhand.games.basra.state",
    "deckhand.games.basra.view",
    "deckhand.games.basra.playout",
    "deckhand.games.casino.moves",
    "deckhand.games.casino.phases",
    "deckhand.games.casino.state",
    "deckhand.games.casino.view",
    "deckhand.games.casino.playout",
    "deckhand.games.three_trios.state",
    "deckhand.games.three_trios.exact",
)
"""The modules a compiled build compiles: the deck, and the rules, views and playouts of the three
games whose searches spend their time in playouts (``benchmarks/compiled.py`` measures what they
give). Kept a literal: the build reads it without importing the package."""


def compiled_modules() -> list[str]:
    """The hot modules that load from a compiled extension here (none in a pure-Python install)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for name in HOT_MODULES:
        spec = importlib.util.find_spec(name)
        if spec is not None and (spec.origin or "").endswith(suffixes):
            found.append(name)
    return found


def build_name() -> str:
    """ "pure Python", or how many of the hot modules are compiled: for ``deckhand --version``."""
    done = compiled_modules()
    return f"compiled: {len(done)} of {len(HOT_MODULES)} hot modules" if done else "pure Python"
