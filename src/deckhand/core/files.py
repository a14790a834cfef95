"""Reading a file a user named: only a regular file, only so much of it, and never waiting.

A path in an option, a command or a menu can name anything: ``/dev/zero``
(endless), a FIFO (a read that never returns), a directory, a file of
gigabytes. Every file deckhand reads goes through :func:`read_text`, which
refuses at once whatever is not a regular file, opens without blocking,
reads at most ``limit`` bytes, and turns each of these failures into one
``ConfigError`` line that names the file and never its content.

>>> read_text("/dev/zero", what="deck file")
Traceback (most recent call last):
...
deckhand.core.errors.ConfigError: /dev/zero: cannot read deck file: not a regular file (a device)
"""

from __future__ import annotations

import os
import stat

from deckhand.core.errors import ConfigError, shown_path

MIB = 1 << 20

GAME_FILE_LIMIT = 1 * MIB
"""Deck, board and card files: written by hand, a few hundred bytes; 1 MiB is generous."""

SAVE_FILE_LIMIT = 16 * MIB
"""Saves, game records and advisor sessions: the longest game a record can hold stays well under this."""

_CHUNK = 1 << 16

_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO swapped in after the check still does not block
    | getattr(os, "O_NOCTTY", 0)  # a terminal named by mistake does not become ours
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)  # Windows: the bytes as they are
)


def read_text(path: str | os.PathLike[str], *, what: str = "file", limit: int = GAME_FILE_LIMIT) -> str:
    """The UTF-8 text of the regular file ``path`` (a BOM is dropped), at most ``limit`` bytes of it.

    ``what`` names the file's role in messages: ``"deck file"``, ``"record"``.
    Symbolic links are followed: a link to a regular file is a regular file.
    """
    name = shown_path(path)

    def refuse(problem: str) -> ConfigError:
        return ConfigError(f"{name}: cannot read {what}: {problem}")

    try:
        problem = _problem(os.stat(path), limit)
    except OSError as exc:
        raise refuse(_reason(exc)) from None
    except (TypeError, ValueError):  # a NUL in the name, or not a name at all
        raise refuse("not a file name") from None
    if problem:
        raise refuse(problem)
    try:
        fd = os.open(path, _FLAGS)
    except OSError as exc:
        raise refuse(_reason(exc)) from None
    try:
        problem = _problem(os.fstat(fd), limit)  # the file opened, not the one looked at a moment before
        data = b"" if problem else _read_at_most(fd, limit)
    except OSError as exc:
        raise refuse(_reason(exc)) from None
    finally:
        os.close(fd)
    if problem:
        raise refuse(problem)
    if len(data) > limit:
        raise refuse(f"larger than {size_text(limit)}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refuse("not UTF-8 text") from None


def _problem(info: os.stat_result, limit: int) -> str:
    """Why a file with this ``stat`` is not read, or ``""``."""
    if not stat.S_ISREG(info.st_mode):
        return f"not a regular file ({_kind(info.st_mode)})"
    if info.st_size > limit:
        return f"larger than {size_text(limit)}"
    return ""


def _read_at_most(fd: int, limit: int) -> bytes:
    """Up to ``limit + 1`` bytes: one more than allowed tells a file that grew while read."""
    chunks: list[bytes] = []
    total = 0
    while total <= limit:
        chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file of text"


def _reason(exc: OSError) -> str:
    text = exc.strerror or type(exc).__name__
    return text[:1].lower() + text[1:]


def size_text(size: int) -> str:
    """``1 MiB``, ``64 KiB`` or ``100 bytes``.

    >>> size_text(16 << 20)
    '16 MiB'
    """
    if size >= MIB and size % MIB == 0:
        return f"{size // MIB} MiB"
    if size >= 1024 and size % 1024 == 0:
        return f"{size // 1024} KiB"
    return f"{size} bytes"


__all__ = ["GAME_FILE_LIMIT", "SAVE_FILE_LIMIT", "read_text", "size_text"]
