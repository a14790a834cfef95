"""The command that runs deckhand again as it was run: what "Resume with: …" prints.

``deckhand`` is a script in the environment it was installed into; when that
environment is not activated, the bare name is not on ``PATH`` and a line
that says ``deckhand play …`` fails as printed. So the line names what
launched this process: the bare name only when ``PATH`` finds that very
script, else the script's absolute path, and ``python -m deckhand`` with
this interpreter when deckhand was started as a module (or from within
another program, such as a test runner). Every word is quoted for a POSIX
shell.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path


def deckhand_command(argv0: str | None = None, executable: str | None = None, path: str | None = None) -> str:
    """The shell words that start deckhand as this process was started (``sys.argv[0]``, ``sys.executable``)."""
    script = sys.argv[0] if argv0 is None else argv0
    python = sys.executable if executable is None else executable
    name = Path(script).name
    if not name.startswith("deckhand") or name.endswith(".py"):  # python -m deckhand, or another program's process
        return f"{shlex.quote(python or 'python3')} -m deckhand"
    found = shutil.which(name, path=path)
    if found is not None and _same_file(found, script):
        return shlex.quote(name)
    return shlex.quote(os.path.abspath(script))


def play_command(game: str, save: str | Path) -> str:
    """``deckhand play GAME --load FILE``, as a line a shell runs as printed."""
    return f"{deckhand_command()} play {shlex.quote(game)} --load {shlex.quote(str(save))}"


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
