"""Every loader turns every unreadable file into one ``ConfigError`` line that names the file.

Records, terminal saves, Casino text saves and deck files, Three Trios board
and card files, advisor sessions: binary junk, an empty file, a number with
thousands of digits, nesting too deep, a directory, a missing file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import deckhand
from deckhand.advise.sessions import load_tracker
from deckhand.core.errors import ConfigError
from deckhand.games.three_trios.files import read_board, read_cards
from deckhand.play.records import GameRecord
from deckhand.play.saves import load_file

CONTENTS: dict[str, bytes] = {
    "binary": bytes(range(256)) * 4,
    "empty": b"",
    "huge number": b'{"format": "deckhand-record/1", "game": ' + b"9" * 5000 + b"}",
    "deep": b"[" * 100_000,
    "latin-1": "Deck: SA H\xe9".encode("latin-1"),
}

LOADERS: dict[str, tuple[str, Callable[[Path], Any]]] = {
    "record": (".json", GameRecord.load),
    "terminal save": (".json", load_file),
    "casino text save": (".txt", load_file),
    "casino save": (".txt", lambda path: deckhand.load_game("casino").load_save(path)),  # type: ignore[attr-defined]
    "casino deck": (".txt", lambda path: deckhand.load_game("casino", deck=str(path))),
    "cambio deck": (".txt", lambda path: deckhand.load_game("cambio", deck=str(path))),
    "board file": (".txt", read_board),
    "card file": (".txt", read_cards),
    "advisor session": (".json", load_tracker),
}


@pytest.mark.parametrize("content", CONTENTS, ids=str)
@pytest.mark.parametrize("loader", LOADERS, ids=str)
def test_an_unreadable_file_is_one_line_naming_it(tmp_path: Path, loader: str, content: str) -> None:
    suffix, load = LOADERS[loader]
    path = tmp_path / f"input{suffix}"
    path.write_bytes(CONTENTS[content])
    with pytest.raises(ConfigError) as info:
        load(path)
    message = str(info.value)
    assert "\n" not in message and len(message) < 300, message
    assert "input" in message, message


@pytest.mark.parametrize("loader", LOADERS, ids=str)
def test_a_missing_file_or_a_folder_is_one_line(tmp_path: Path, loader: str) -> None:
    suffix, load = LOADERS[loader]
    folder = tmp_path / f"folder{suffix}"
    folder.mkdir()
    for path in (tmp_path / f"missing{suffix}", folder):
        with pytest.raises(ConfigError) as info:  # a deck option's name ending in .txt is read as a file
            load(path)
        assert "\n" not in str(info.value)
