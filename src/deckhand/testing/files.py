"""Every file a person can name, given a file that must be refused: a one-line ``ConfigError``, at once.

The loaders are every game's file options (``deck``, ``board``, ``cards``),
saved games in every format, game records, advisor sessions and the
advisor's ``load`` command. The inputs are a device (``/dev/zero``), a FIFO,
a directory, a file over the size cap, a file that is not UTF-8 and files
of secrets. The contract: a ``ConfigError`` of one line that names the file
and repeats none of the secret (:data:`SECRET`), without waiting and
without reading more than the cap.

A loader that breaks the contract may hang (a FIFO) or fill the memory
(``/dev/zero``), so ``python -m deckhand.testing.files FOLDER`` runs the
check in a process of its own, under an alarm for each case and a cap on
its memory, and prints one JSON line per case.
"""

from __future__ import annotations

import io
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

from deckhand.advise.advisor import Advisor
from deckhand.advise.sessions import load_tracker
from deckhand.advise.tracker import Tracker
from deckhand.core.errors import ConfigError
from deckhand.core.files import GAME_FILE_LIMIT, SAVE_FILE_LIMIT
from deckhand.core.registry import games, load_game
from deckhand.play.records import GameRecord
from deckhand.play.saves import load_file

SECRET = "hunter2-very-secret"
"""What the files of secrets hold: no message may repeat any of it (not even ``hunter2``)."""

SECRETS: dict[str, bytes] = {
    "secrets (.env)": f"DB_PASSWORD={SECRET}\n".encode(),
    "secret words": f"hunter2 {SECRET} 1 2 3\nhunter2\n".encode(),
    "secret JSON": json.dumps({"DB_PASSWORD": SECRET}).encode(),
    "secret JSON of deckhand's fields": json.dumps(
        {key: SECRET for key in ("format", "game", "rules_version", "preset", "players", "first", "known", "commands")}
        | {"options": {SECRET: SECRET}, "seats": [SECRET], "actions": [SECRET]}
    ).encode(),
}

INPUTS = ("device", "FIFO", "directory", "oversized", "not UTF-8", *SECRETS)
"""Every kind of bad input, in the order cases run."""


@dataclass(frozen=True)
class Loader:
    """One way a file gets read: its suffix (a loader may choose by it), its size cap and the call."""

    name: str
    suffix: str
    limit: int
    read: Callable[[Path], object]


def loaders() -> list[Loader]:
    """Every file option of every game, then saves, records and advisor sessions."""
    out = []
    for name in games():
        game = load_game(name)
        for option, spec in type(game).OPTIONS.items():
            if spec.files is not None:
                out.append(Loader(f"{name} {option}", ".txt", GAME_FILE_LIMIT, _option_reader(name, option)))
        load_save = getattr(game, "load_save", None)  # a game's own reader of its save files, if it has one
        if callable(load_save):
            out.append(Loader(f"{name} load_save", ".txt", SAVE_FILE_LIMIT, load_save))
        for suffix in type(game).SAVE_FORMATS:
            out.append(Loader(f"{name} save {suffix}", suffix, SAVE_FILE_LIMIT, _save_reader(name)))
    return [
        *out,
        Loader("saved game .json", ".json", SAVE_FILE_LIMIT, load_file),
        Loader("record", ".json", SAVE_FILE_LIMIT, GameRecord.load),
        Loader("advisor session", ".json", SAVE_FILE_LIMIT, load_tracker),
        Loader("advisor load command", ".json", SAVE_FILE_LIMIT, _advisor_load),
    ]


def _option_reader(game: str, option: str) -> Callable[[Path], object]:
    return lambda path: load_game(game, **{option: str(path)})


def _save_reader(game: str) -> Callable[[Path], object]:
    return lambda path: load_file(path, game=game)


def _advisor_load(path: Path) -> None:
    """The advisor's ``load`` command: its one answer, raised as the error it reports."""
    out = io.StringIO()
    session = Advisor(Tracker(players=2, known=["3", "rk"]), out, playouts=10, seed=1, engine="flat", autosave=False)
    before = session.tracker
    if not session.handle(f"load {path}") or session.tracker is not before:
        raise AssertionError("the session ended or its table changed")
    answer = out.getvalue()
    if answer.startswith("! "):
        raise ConfigError(answer.removeprefix("! ").removesuffix("\n"))


def make_input(folder: Path, kind: str, loader: Loader) -> Path | None:
    """The bad input ``kind`` for ``loader`` in ``folder``; ``None`` where this system cannot make it."""
    path = folder / f"{kind.split()[0]}-{len(os.listdir(folder))}{loader.suffix}"
    if kind == "device":
        if not os.path.exists("/dev/zero"):
            return None
        path.symlink_to("/dev/zero")  # a link keeps the suffix a loader chooses by
    elif kind == "FIFO":
        if not hasattr(os, "mkfifo"):
            return None
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "oversized":
        with path.open("wb") as handle:
            handle.truncate(loader.limit + 1)  # sparse: no disk is spent on it
    elif kind == "not UTF-8":
        path.write_bytes(b"Deck: SA \xff\xfe H9\n")
    else:
        path.write_bytes(SECRETS[kind])
    return path


def run_case(loader: Loader, path: Path, seconds: float) -> dict[str, Any]:
    """Read ``path`` with ``loader`` under an alarm; what happened, as JSON-able data."""
    started = time.perf_counter()
    with _alarm(seconds):
        try:
            loader.read(path)
            error, message = None, ""
        except BaseException as exc:  # a hang's alarm and a MemoryError are outcomes to report too
            error, message = type(exc).__name__, str(exc)
    return {"error": error, "message": message, "seconds": round(time.perf_counter() - started, 3)}


class _Hung(BaseException):
    """The alarm rang: the loader waited (for a FIFO's writer, say)."""


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """Interrupt the block after ``seconds`` where the system has alarms (a blocked ``open`` included)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def ring(_signum: int, _frame: FrameType | None) -> None:
        raise _Hung(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def check_all(folder: Path, seconds: float = 5.0) -> Iterator[dict[str, Any]]:
    """Every loader with every input it can be given here, one outcome each."""
    for loader in loaders():
        for kind in INPUTS:
            path = make_input(folder, kind, loader)
            if path is not None:
                yield {"loader": loader.name, "input": kind, "path": str(path)} | run_case(loader, path, seconds)


def cap_memory(size: int) -> None:
    """Limit this process's address space, where the system can: a loader that reads ``/dev/zero`` fails."""
    try:
        import resource
    except ImportError:  # not on this system: the alarm still stops it
        return
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def main(argv: list[str]) -> int:
    """``python -m deckhand.testing.files FOLDER``: one JSON line per case on standard output."""
    folder = Path(argv[0])
    cap_memory(2 << 30)
    for outcome in check_all(folder):
        print(json.dumps(outcome), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
