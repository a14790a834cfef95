"""Where the server's computers think: processes of their own, shared fairly between tables, cut off in time.

A search from the web may be as heavy as the caps allow (:mod:`deckhand.web.guard`),
and OpenSpiel's bots never look at a clock. So the server does not trust a
search to stop, nor to share:

* every search (a computer's move, a hint) is made in a thinking process
  (:mod:`deckhand.web.thinker`), never in the server's own interpreter, and
  at a lower priority than the server's, so the players' round trips go on.
  A rule (the levels that are no search, ``random``) decides at once in the
  server: its choice costs less than asking a process would;
* at most :data:`AT_ONCE` decisions run at a time (one a core); the others
  wait paused (``SIGSTOP``). Every :data:`SLICE` the running ones give way to
  the decisions of the tables that have thought least lately (their thinking
  seconds, halving every :data:`HALF_LIFE`), so a table never waits behind
  more than one slice of another table's thinking;
* a decision not made within :data:`LIMIT` seconds of being asked is cut off:
  its process is killed, and the seat plays the game's quick level instead
  (:func:`quick_spec`), saying that it ran out of time;
* :meth:`Thinking.close` kills every thinking process: the server does not
  wait for a search, and the tables go on from the store next time.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import math
import multiprocessing
import os
import pickle
import random
import signal
import socket
import threading
import time
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from deckhand.agents.base import Explanation
from deckhand.agents.registry import GENERIC_AGENTS, is_rule, make_agent
from deckhand.agents.search import SearchCancelled
from deckhand.core.errors import DeckhandError
from deckhand.core.protocol import Game, View
from deckhand.core.registry import game_class, games
from deckhand.web import thinker
from deckhand.web.metrics import Metrics

log = logging.getLogger("deckhand.web")


def _cores() -> int:
    with contextlib.suppress(AttributeError):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


AT_ONCE = max(1, _cores())
"""Decisions computed at the same time: one a core."""
LIMIT = 5.0
"""Seconds a decision may take from being asked until its seat plays the quick level's move instead."""
SLICE = 0.1
"""Seconds a running decision keeps its core before another table's may take it."""
MOST = 40
"""Thinking processes at most (each holds one decision, running or paused); more decisions wait their turn."""
IDLE_KEPT = 60.0
"""Seconds an idle thinking process beyond the spares is kept before it is stopped."""
HALF_LIFE = 60.0
"""Seconds after which a table's past thinking counts half in its place in the queue."""
QUICK = "medium"
"""The level whose move a seat plays when its own thinking ran out of time: every game's is a rule, not a search."""
PAUSES = hasattr(signal, "SIGSTOP")
"""Whether a thinking process can be paused; where not, decisions take turns only as they end."""


class OutOfTime(DeckhandError):
    """The decision was not made within the limit: its process was stopped."""


class ThinkingLost(DeckhandError):
    """The decision's thinking process died (killed from outside, out of memory): the seat plays the quick move."""


class ThinkingFailed(DeckhandError):
    """The agent raised while deciding: a bug, logged; the table waits, as for any agent's bug."""


def quick_spec(game: Game) -> str:
    """The agent that plays when the seat's own ran out of time: the game's quick level, else ``random``."""
    return game.LEVELS.get(QUICK, "random")


def cut_short(explanation: Explanation, cause: DeckhandError, limit: float) -> Explanation:
    """The quick level's choice, told as what it is: the seat's own thinking ran out of time (or failed)."""
    why = explanation.reason.strip().rstrip(".")
    late = isinstance(cause, OutOfTime)
    said = f"the search ran out of time ({limit:g} s)" if late else "the search could not finish"
    public = f"it ran out of time to think ({limit:g} s)" if late else "its thinking could not finish"
    return replace(
        explanation,
        reason=f"a quick rule's choice, as {said}{': ' + why if why else ''}",
        public=f"{public} and it played by a quick rule",
        candidates=[],
        data={"cut": "time" if late else "lost"},
    )


@dataclass(eq=False)
class _Job:
    order: int
    table: str
    request: bytes
    deadline: float
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    dropped: bool = False
    """Nobody waits for it any more (its table's task was cancelled): it is dropped or its process stopped."""


@dataclass(eq=False)
class _Process:
    process: BaseProcess
    conn: Connection
    job: _Job | None = None
    running: bool = True
    """Not paused: computing its job, or waiting for one."""
    since: float = 0.0
    """When it was last resumed (or given its job)."""
    idle_since: float = field(default_factory=time.monotonic)


class Thinking:
    """The server's thinking processes and their queue, fair between tables, each decision cut off in time."""

    def __init__(
        self,
        at_once: int = AT_ONCE,
        *,
        limit: float = LIMIT,
        most: int = MOST,
        metrics: Metrics | None = None,
    ) -> None:
        self.at_once = max(1, at_once)
        self.limit = limit
        self.most = max(self.at_once, most)
        self.metrics = metrics
        self._lock = threading.Lock()
        self._stop = False
        self._queue: list[_Job] = []
        self._order = itertools.count()
        self._spent: dict[str, tuple[float, float]] = {}
        """Per table: its recent thinking seconds (decayed) and when they were last brought up to date."""
        self._processes: list[_Process] = []
        self._charged = time.monotonic()
        self._thread: threading.Thread | None = None
        """Started with the first decision, so that an app that never thinks holds no processes."""
        self._wake_in, self._wake_out = socket.socketpair()
        self._wake_in.setblocking(False)

    # -- the event loop's side -----------------------------------------------------------
    async def decide(self, table: str, spec: str, view: View, rng: random.Random) -> Explanation:
        """``spec``'s choice for ``view``, made within :attr:`limit` seconds, or the quick level's.

        A rule (:attr:`Agent.rule <deckhand.agents.base.Agent.rule>`) decides
        at once, here: a thinking process would cost it more than its choice.
        ``rng`` goes on from where the agent left it. :class:`SearchCancelled`
        once the server stops; :class:`ThinkingFailed` if the agent raised.
        """
        asked = time.monotonic()
        if self._stop:
            raise SearchCancelled("the server is stopping")
        try:
            if is_rule(spec, view.game):
                return _at_once(spec, view, rng)
            request = pickle.dumps(thinker.Request.of(spec, view, rng), pickle.HIGHEST_PROTOCOL)
            try:
                answer: tuple[Explanation, Any] = await self._run(table, request, asked)
            except (OutOfTime, ThinkingLost) as exc:
                if self.metrics is not None:
                    self.metrics.thinking_cut.inc()
                log.warning("table %s: the computer (%s) %s; it plays the %s level's move", table, spec, exc, QUICK)
                return cut_short(_at_once(quick_spec(view.game), view, rng), exc, self.limit)
        finally:
            if self.metrics is not None:
                self.metrics.thinking_wait.observe(time.monotonic() - asked)
        explanation, state = answer
        rng.setstate(state)
        return explanation

    async def _run(self, table: str, request: bytes, asked: float) -> Any:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        job = _Job(next(self._order), table, request, asked + self.limit, loop, future)
        with self._lock:
            if self._stop:
                raise SearchCancelled("the server is stopping")
            self._queue.append(job)
            self._start_scheduler()
        self._wake()
        try:
            return await future
        except asyncio.CancelledError:
            job.dropped = True
            self._wake()
            raise

    def waiting(self) -> int:
        """Decisions asked for and not yet running: queued for a process, or paused."""
        with self._lock:
            queued = len(self._queue)
            paused = sum(1 for p in list(self._processes) if p.job is not None and not p.running)
        return queued + paused

    def forget(self, table: str) -> None:
        """A table gone from this process no longer needs its account."""
        with self._lock:
            self._spent.pop(table, None)

    def warm(self) -> None:
        """Start the thinking processes now rather than with the first decision (``deckhand serve`` does)."""
        with self._lock:
            if not self._stop:
                self._start_scheduler()

    def _start_scheduler(self) -> None:
        """The scheduler's thread, once (called under the lock)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._schedule, name="deckhand-thinking", daemon=True)
            self._thread.start()

    def close(self) -> None:
        """Stop every thinking process and drop what waits: the server is stopping."""
        with self._lock:
            self._stop = True
        self._wake()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(10)

    def _wake(self) -> None:
        with contextlib.suppress(OSError):  # full: the scheduler is awake already; closed: it has stopped
            self._wake_in.send(b"!")

    # -- the scheduler's thread ------------------------------------------------------------
    def _schedule(self) -> None:
        try:
            self._spare()
            while True:
                with self._lock:
                    stopping = self._stop
                if stopping:
                    break
                now = time.monotonic()
                self._charge(now)
                self._expire(now)
                self._assign(now)
                self._share(now)
                self._retire(now)
                self._spare()
                waitable: list[Any] = [self._wake_out]
                for p in self._processes:
                    waitable.append(p.process.sentinel)
                    if p.job is not None:
                        waitable.append(p.conn)
                for ready in wait(waitable, self._timeout(time.monotonic())):
                    if ready is self._wake_out:
                        with contextlib.suppress(OSError):
                            self._wake_out.recv(4096)
                    elif isinstance(ready, Connection):
                        self._answer(ready)
                    else:
                        self._died(ready)
        except Exception:  # the server cannot think any more: every table's computer would wait forever
            log.exception("the thinking scheduler failed")
        finally:
            self._shut()

    def _shut(self) -> None:
        """Kill every process and cancel every decision still wanted."""
        with self._lock:
            self._stop = True
            jobs, self._queue = self._queue, []
        for p in self._processes:
            if p.job is not None:
                jobs.append(p.job)
            self._kill(p)
        self._processes = []
        for job in jobs:
            _settle(job, error=SearchCancelled("the server is stopping"))
        self._wake_out.close()
        self._wake_in.close()

    def _recent(self, table: str, now: float) -> float:
        """The table's thinking seconds, halved for every :data:`HALF_LIFE` since."""
        spent, at = self._spent.get(table, (0.0, now))
        return spent * math.exp2(-(now - at) / HALF_LIFE)

    def _charge(self, now: float) -> None:
        """Every running decision's table is charged the time it ran since the last look."""
        ran = now - self._charged
        self._charged = now
        with self._lock:
            for p in self._processes:
                if p.job is not None and p.running:
                    table = p.job.table
                    self._spent[table] = (self._recent(table, now) + ran, now)

    def _expire(self, now: float) -> None:
        """Decisions past their deadline, or no longer wanted, are dropped, their processes killed."""
        with self._lock:
            late = [job for job in self._queue if job.dropped or job.deadline <= now]
            for job in late:
                self._queue.remove(job)
        for job in late:
            _settle(job, error=OutOfTime(f"ran out of time ({self.limit:g} s)"))
        for p in list(self._processes):
            held = p.job
            if held is not None and (held.dropped or held.deadline <= now):
                self._kill(p)
                self._processes.remove(p)
                _settle(held, error=OutOfTime(f"ran out of time ({self.limit:g} s)"))

    def _assign(self, now: float) -> None:
        """Waiting decisions go to idle processes (new ones started up to :attr:`most`), least-thought table first."""
        while True:
            with self._lock:
                if not self._queue:
                    return
                idle = next((p for p in self._processes if p.job is None), None)
                if idle is None and len(self._processes) >= self.most:
                    return
                job = min(self._queue, key=lambda j: (self._recent(j.table, now), j.order))
                self._queue.remove(job)
            if idle is None:
                idle = self._start()
            try:
                idle.conn.send_bytes(job.request)
            except OSError:  # it died while idle: the decision waits for another process
                self._kill(idle)
                self._processes.remove(idle)
                with self._lock:
                    self._queue.append(job)
                continue
            idle.job = job
            idle.running = True
            idle.since = -math.inf  # not yet chosen to run: _share decides

    def _share(self, now: float) -> None:
        """Run the decisions of the tables that thought least; pause the rest (each runs at least a slice)."""
        busy = [p for p in self._processes if p.job is not None]
        keep = [p for p in busy if p.running and now - p.since < SLICE]
        with self._lock:
            rest = sorted(
                (p for p in busy if p not in keep),
                key=lambda p: (self._recent(p.job.table, now), p.job.order),  # type: ignore[union-attr]
            )
        chosen = set(keep + rest[: max(0, self.at_once - len(keep))])
        for p in busy:
            if p in chosen:
                if not p.running:
                    _signal(p, "SIGCONT")
                if not p.running or now - p.since >= SLICE:  # resumed, given its job, or a new slice
                    p.running, p.since = True, now
            elif p.running:
                _signal(p, "SIGSTOP")
                p.running = False

    def _timeout(self, now: float) -> float | None:
        """Seconds until the next thing to do on time: a slice ends with decisions waiting, a deadline."""
        with self._lock:
            moments = [job.deadline for job in self._queue]
        busy = [p for p in self._processes if p.job is not None]
        moments += [p.job.deadline for p in busy if p.job is not None]
        if any(not p.running for p in busy):
            moments += [p.since + SLICE for p in busy if p.running]
        idle = [p for p in self._processes if p.job is None]
        if len(idle) > self.at_once:
            moments += [p.idle_since + IDLE_KEPT for p in idle]
        return max(0.0, min(moments) - now) if moments else None

    def _answer(self, conn: Connection) -> None:
        p = next((p for p in self._processes if p.conn is conn), None)
        if p is None or p.job is None:
            return
        job = p.job
        try:
            answer = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):
            self._died(p.process.sentinel)
            return
        p.job = None
        p.idle_since = time.monotonic()
        if isinstance(answer, thinker.Failed):
            _settle(job, error=ThinkingFailed(f"{answer.kind}: {answer.message}"))
        else:
            _settle(job, result=answer)

    def _died(self, sentinel: Any) -> None:
        p = next((p for p in self._processes if p.process.sentinel == sentinel), None)
        if p is None:
            return
        self._processes.remove(p)
        self._kill(p)
        if p.job is not None:
            _settle(p.job, error=ThinkingLost(f"lost its thinking process (exit code {p.process.exitcode})"))

    def _retire(self, now: float) -> None:
        """Idle processes beyond the spares are stopped once idle for :data:`IDLE_KEPT`."""
        idle = [p for p in self._processes if p.job is None]
        for p in idle[self.at_once :]:
            if now - p.idle_since >= IDLE_KEPT:
                self._processes.remove(p)
                self._kill(p)

    def _spare(self) -> None:
        """Keep :attr:`at_once` idle processes ready, so a decision never waits for one to start."""
        idle = sum(1 for p in self._processes if p.job is None)
        while idle < self.at_once and len(self._processes) < self.most:
            self._start()
            idle += 1

    def _start(self) -> _Process:
        context = _context()
        here, there = context.Pipe()
        process = context.Process(target=thinker.main, args=(there,), name="deckhand-thinker", daemon=True)
        process.start()
        there.close()
        started = _Process(process, here)
        self._processes.append(started)
        return started

    @staticmethod
    def _kill(p: _Process) -> None:
        with contextlib.suppress(Exception):
            p.process.kill()
            p.process.join(2)
        with contextlib.suppress(Exception):
            p.conn.close()


def _at_once(spec: str, view: View, rng: random.Random) -> Explanation:
    """A rule's choice, made here and now (:class:`ThinkingFailed` if it raised, as in a thinking process)."""
    try:
        return make_agent(spec, view.game).explain(view, rng)
    except Exception as exc:
        raise ThinkingFailed(f"{type(exc).__name__}: {exc}") from exc


def _signal(p: _Process, name: str) -> None:
    """Pause or resume a thinking process, where the system can."""
    if PAUSES and p.process.pid is not None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(p.process.pid, getattr(signal, name))


def _settle(job: _Job, *, result: Any = None, error: BaseException | None = None) -> None:
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


def _preloaded() -> list[str]:
    """The modules every thinking process needs, imported once in the process they are forked from."""
    modules = {thinker.__name__}
    modules.update(target.partition(":")[0] for target in GENERIC_AGENTS.values())
    for name in games():
        with contextlib.suppress(Exception):  # a game that does not import is named when it is used
            cls = game_class(name)
            modules.add(cls.__module__)
            modules.update(target.partition(":")[0] for target in cls.AGENTS.values())
    return sorted(modules)


@functools.cache
def _context() -> Any:
    """Forked from a server of processes that imported the games once (where the system has one).

    Typed ``Any``: typeshed's ``BaseContext`` has no ``Process`` (each concrete context has its own).
    """
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(_preloaded())
        return context
    return multiprocessing.get_context("spawn")
