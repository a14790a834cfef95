"""Where the server's computers think: a few threads, shared fairly between tables, stopped with the server.

A search holds a thread for its whole budget. With a plain pool, a handful
of tables asking for long searches would fill it, and every other table's
computer (and the server's own shutdown) would wait behind them. Here:

* the threads are the server's own (:data:`THINKERS`), apart from the pool
  that reads the store, so statistics and the lobby never wait on a search;
* a free thread takes the waiting decision of the table that has thought
  least lately (its thinking seconds, halving every :data:`HALF_LIFE`
  seconds, with a search still running counted as it goes), so a table
  that thinks a lot waits behind one that thinks little, and a computer
  waits at most for one search already running to end;
* :meth:`Thinking.close` calls every search off: searches stop within a few
  iterations (:class:`~deckhand.agents.search.SearchCancelled`), queued
  decisions are dropped, and the table goes on from the store next time.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import math
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from deckhand.agents.search import CANCEL, SearchCancelled

T = TypeVar("T")

THINKERS = max(2, min(8, os.cpu_count() or 2))
"""Threads that think for the server's computers and hints."""
HALF_LIFE = 60.0
"""Seconds after which a table's past thinking counts half in its place in the queue."""


@dataclass
class _Job:
    order: int
    table: str
    work: Callable[[], Any]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]


class Thinking:
    """The server's thinking threads and their queue, fair between tables."""

    def __init__(self, workers: int = THINKERS) -> None:
        self._stop = threading.Event()
        self._ready = threading.Condition()
        self._queue: list[_Job] = []
        self._order = itertools.count()
        self._spent: dict[str, tuple[float, float]] = {}
        """Per table: its recent thinking seconds (decayed) and when they were last brought up to date."""
        self._running: dict[str, list[float]] = {}
        """Per table: when each of its searches running now began."""
        self._workers = workers
        self._threads: list[threading.Thread] = []
        """Started with the first decision, so that an app that never thinks holds no threads."""

    async def run(self, table: str, work: Callable[[], T]) -> T:
        """``work()`` on a thinking thread, in its turn; :class:`SearchCancelled` once the server stops."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        with self._ready:
            if self._stop.is_set():
                raise SearchCancelled("the server is stopping")
            self._queue.append(_Job(next(self._order), table, work, loop, future))
            if len(self._threads) < self._workers:
                thread = threading.Thread(
                    target=self._work, name=f"deckhand-thinking-{len(self._threads)}", daemon=True
                )
                self._threads.append(thread)
                thread.start()
            self._ready.notify()
        return await future

    def waiting(self) -> int:
        """Decisions queued for a thread now."""
        return len(self._queue)

    def forget(self, table: str) -> None:
        """A table gone from this process no longer needs its account."""
        with self._ready:
            self._spent.pop(table, None)

    def close(self) -> None:
        """Call every search off and drop what waits: the server is stopping."""
        with self._ready:
            self._stop.set()
            dropped, self._queue = self._queue, []
            self._ready.notify_all()
        for job in dropped:
            _settle(job, None, SearchCancelled("the server is stopping"))

    def _recent(self, table: str, now: float) -> float:
        """The table's thinking seconds, halved for every :data:`HALF_LIFE` since (called under the lock)."""
        spent, at = self._spent.get(table, (0.0, now))
        return spent * math.exp2(-(now - at) / HALF_LIFE)

    def _next(self) -> _Job:
        """The waiting job of the table that has thought least lately, running searches included (under the lock)."""
        now = time.monotonic()

        def owed(job: _Job) -> tuple[float, int]:
            running = sum(now - began for began in self._running.get(job.table, ()))
            return self._recent(job.table, now) + running, job.order

        job = min(self._queue, key=owed)
        self._queue.remove(job)
        return job

    def _work(self) -> None:
        CANCEL.set(self._stop)  # every search on this thread stops when the server does
        while True:
            with self._ready:
                while not self._queue and not self._stop.is_set():
                    self._ready.wait()
                if self._stop.is_set():
                    return
                job = self._next()
                started = time.monotonic()
                self._running.setdefault(job.table, []).append(started)
            result: Any = None
            error: BaseException | None = None
            try:
                result = job.work()
            except BaseException as exc:  # handed to the awaiting task, which decides what it means
                error = exc
            now = time.monotonic()
            with self._ready:
                self._spent[job.table] = (self._recent(job.table, now) + now - started, now)
                running = self._running[job.table]
                running.remove(started)
                if not running:
                    del self._running[job.table]
            _settle(job, result, error)


def _settle(job: _Job, result: Any, error: BaseException | None) -> None:
    """Hand the outcome to the task awaiting it, on its own loop (which may have closed meanwhile)."""

    def settle() -> None:
        if job.future.done():
            return
        if error is not None:
            job.future.set_exception(error)
        else:
            job.future.set_result(result)

    with contextlib.suppress(RuntimeError):
        job.loop.call_soon_threadsafe(settle)
