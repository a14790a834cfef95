"""The manual's table of encoding sizes (docs/environments.md) is what each game's encoding says."""

from __future__ import annotations

import re
from pathlib import Path

import deckhand
from deckhand.core.encoding import encoding_of
from deckhand.core.registry import game_class

DOC = Path(__file__).resolve().parents[2] / "docs" / "environments.md"
ROW = re.compile(r"^\| (\w+) \| ([\w-]+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| \((\d+),\) \| (\d+) \|$", re.M)


def test_the_size_table_is_what_the_encodings_say() -> None:
    """The encodings are plain Python, so this runs without the rl extra."""
    rows = ROW.findall(DOC.read_text(encoding="utf-8"))
    assert len(rows) == sum(len(game_class(g).PRESETS) for g in deckhand.games())
    for name, preset, seats, tokens, longest, chance, shape, with_prefix in rows:
        game = deckhand.load_game(name, preset=preset)
        e = encoding_of(game)
        assert (game.num_players, e.num_tokens, e.max_tokens, e.max_chance_outcomes) == (
            int(seats),
            int(tokens),
            int(longest),
            int(chance),
        ), name
        assert (e.observation_shape, e.observe_size) == ((int(shape),), int(with_prefix)), name
