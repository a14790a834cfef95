"""No source file grows past 600 lines, Python or the browser's JavaScript: a file that long holds more than one
thing, and one thing is what a module is named for."""

from __future__ import annotations

from pathlib import Path

import deckhand

SRC = Path(deckhand.__file__).parent
MOST = 600
GENERATED = {"wire.js"}
"""Files written by a program from another source (``deckhand.web.wire_js``): their length is the schema's."""


def test_no_source_file_is_over_600_lines() -> None:
    files = [*SRC.rglob("*.py"), *SRC.rglob("*.js")]
    assert len(files) > 100
    long = {
        str(path.relative_to(SRC)): n
        for path in files
        if path.name not in GENERATED and (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST
    }
    assert not long, f"over {MOST} lines: {long}"
