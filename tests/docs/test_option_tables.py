"""Each game's page carries tables of its options, presets and levels made from the registry, and they are complete.

The tables are written by the manual's hook (``docs/hooks.py``) at build time;
these tests expand each page as the build does and read the tables back, so
they run without MkDocs.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

import deckhand
from deckhand.core.options import accepts
from deckhand.core.registry import game_class

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _load_hooks() -> ModuleType:
    """``docs/hooks.py``, imported by path as MkDocs imports it."""
    spec = importlib.util.spec_from_file_location("deckhand_docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hooks = _load_hooks()


def table_after(markdown: str, marker: str) -> list[list[str]]:
    """The rows (header first, the rule left out) of the table the hook put under ``marker``."""
    start = markdown.index(marker) + len(marker)
    rows = []
    for line in markdown[start:].lstrip("\n").split("\n"):
        if not line.startswith("|"):
            break
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if not all(set(c) <= {"-"} for c in cells):
            rows.append(cells)
    return rows


def page(game: str) -> str:
    """The game's page as the build renders it, before Markdown."""
    return str(hooks.expand((DOCS / "games" / f"{game}.md").read_text(encoding="utf-8")))


@pytest.mark.parametrize("game", deckhand.games())
def test_the_page_includes_the_games_own_rules(game: str) -> None:
    text = (DOCS / "games" / f"{game}.md").read_text(encoding="utf-8")
    assert text.startswith(f'--8<-- "src/deckhand/games/{game}/rules.md"\n')


@pytest.mark.parametrize("game", deckhand.games())
def test_every_option_is_in_the_options_table(game: str) -> None:
    header, *rows = table_after(page(game), f"<!-- options: {game} -->")
    assert header == ["option", "default", "takes", "meaning"]
    options = game_class(game).OPTIONS
    assert [row[0] for row in rows] == [f"`{name}`" for name in options]
    for (_, default, takes, meaning), option in zip(rows, options.values(), strict=True):
        assert default == hooks.shown(option.default)
        assert takes == accepts(option.parse)
        assert meaning == option.help


@pytest.mark.parametrize("game", deckhand.games())
def test_every_presets_line_is_in_the_presets_table(game: str) -> None:
    cls = game_class(game)
    header, *rows = table_after(page(game), f"<!-- presets: {game} -->")
    assert [name.split("`")[1] for name in header[1:]] == list(cls.PRESETS)
    about, *rows = rows
    infos = [cls.PRESET_INFO[name] for name in cls.PRESETS]
    assert about == ["", *(f"**{info.title}**: {info.about}" for info in infos)]
    values = {row[0].strip("`"): row[1:] for row in rows}
    for preset_index, (preset, lines) in enumerate(cls.PRESETS.items()):
        for key, value in lines.items():
            assert values[key][preset_index] == hooks.shown(value), (preset, key)
    assert set(values) == set(cls.OPTIONS) - {hooks.STACKED_DECK}


@pytest.mark.parametrize("game", deckhand.games())
def test_the_levels_table_is_the_games_levels(game: str) -> None:
    _, *rows = table_after(page(game), f"<!-- levels: {game} -->")
    assert {level: spec.strip("`") for level, spec in rows} == game_class(game).LEVELS


def test_the_agents_page_lists_every_games_levels() -> None:
    text = hooks.expand((DOCS / "agents.md").read_text(encoding="utf-8"))
    header, *rows = table_after(text, "<!-- levels -->")
    assert [row[0] for row in rows] == deckhand.games()
    for name, *specs in rows:
        shown = {level: spec.strip("`") for level, spec in zip(header[1:], specs, strict=True) if spec != "—"}
        assert shown == game_class(name).LEVELS


@pytest.mark.parametrize("game", deckhand.games())
def test_every_option_says_what_it_does_and_what_it_takes(game: str) -> None:
    """So that no row of the generated table is left blank."""
    for name, option in game_class(game).OPTIONS.items():
        assert option.help, f"{game}: option {name} has no help"
        missing = f"{game}: option {name} does not say which values it takes (wrap its parser in Described)"
        assert accepts(option.parse), missing
