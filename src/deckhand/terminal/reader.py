"""Where a session's commands come from: a person at a terminal, or lines of a script.

When standard input is not a terminal the same commands are read line by
line, echoed after the prompt so that a transcript reads like a session;
the end of input raises ``EOFError``, which the session answers by saving.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

from rich.console import Console


class Reader:
    """Reads one command per call; ``interactive`` says whether a person is typing."""

    interactive: bool = False

    def read(self, prompt: str) -> str:
        raise NotImplementedError

    def pause(self, message: str) -> None:
        """Wait for Enter when a person is there (a peek, a hand-over); scripts do not wait."""
        if self.interactive:
            self.read(message)


class StreamReader(Reader):
    """Standard input: a terminal (with Rich's prompt) or a pipe/file read line by line."""

    def __init__(self, console: Console, stream: TextIO | None = None, *, interactive: bool | None = None) -> None:
        self.console = console
        self.stream = stream if stream is not None else sys.stdin
        isatty = getattr(self.stream, "isatty", lambda: False)
        self.interactive = bool(isatty()) if interactive is None else interactive

    def read(self, prompt: str) -> str:
        if self.interactive:
            return self.console.input(prompt)
        line = self.stream.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        self.console.print(f"{prompt}{line}", markup=False, highlight=False)
        return line


class ScriptReader(Reader):
    """Commands from a list (tests); ``interactive=True`` behaves like a person at a terminal."""

    def __init__(self, lines: Iterable[str], console: Console, *, interactive: bool = False) -> None:
        self._lines: Iterator[str] = iter(lines)
        self.console = console
        self.interactive = interactive

    def read(self, prompt: str) -> str:
        try:
            line = next(self._lines)
        except StopIteration:
            raise EOFError from None
        self.console.print(f"{prompt}{line}", markup=False, highlight=False)
        return line
