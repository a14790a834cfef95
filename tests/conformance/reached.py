"""The kinds of moves (``kinds.kinds_played``) the full counts of games reach: the quick tier must reach them too.

``REACHED``: 200 seeded random games of each game and preset
(``test_conformance``); ``REACHED_BY_LEVELS``: the leak check's tables, every
level at every seat, over 6 seeds (``test_secrets``); ``REACHED_ON_SCREEN``:
the terminal's check, every level against a person over 4 seeds
(``tests/terminal/test_screen_secrets.py``). The quick tier plays a few of those
games; they must reach every kind listed here, and no game of the full count
may reach a kind that is not listed. When a change to a game moves these sets,
the failing test names the kinds: list them in ``reached.json``, and when the few games miss
one, give the quick tier a game (among the full count's) that reaches it.
"""

from __future__ import annotations

import json
from pathlib import Path

_DATA = json.loads((Path(__file__).with_name("reached.json")).read_text(encoding="utf-8"))
REACHED: dict[tuple[str, str], frozenset[str]] = {
    (key.partition("/")[0], key.partition("/")[2]): frozenset(kinds) for key, kinds in _DATA["by_game"].items()
}
"""By game and preset: what 200 seeded random games reach (``test_conformance``)."""
REACHED_BY_LEVELS: dict[str, frozenset[str]] = {name: frozenset(kinds) for name, kinds in _DATA["by_levels"].items()}
"""By table of the leak check (``test_secrets``)."""
REACHED_ON_SCREEN: dict[str, frozenset[str]] = {name: frozenset(kinds) for name, kinds in _DATA["on_screen"].items()}
"""By table of the terminal's check (``tests/terminal/test_screen_secrets.py``)."""
