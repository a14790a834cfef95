"""Tables with people connected: who is listening, what each is sent, and the computer's turns.

A :class:`Room` wraps one :class:`~deckhand.web.table.Table` with its
connections. Every change to the game goes through the room's lock and is
followed by a ``state`` message to each connection, built for its seat (or
for a spectator) and carrying the events it has not seen. Each connection
has its own outgoing queue, so that one slow browser never holds up the
table; the computer thinks in one of the server's thinking processes
(:mod:`deckhand.web.thinking`), so that the server keeps answering while it
does, and within the server's limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import BaseModel

from deckhand.agents.search import SearchCancelled
from deckhand.core.errors import DeckhandError, IllegalActionError
from deckhand.web.endings import claim, time_out
from deckhand.web.ledger import Ledger, TableLost, taken
from deckhand.web.metrics import Metrics
from deckhand.web.table import REMATCH_SHIFT, Table
from deckhand.web.thinking import Thinking
from deckhand.web.wire import ErrorMessage, RematchMessage, SeatOut, SeatsMessage

log = logging.getLogger("deckhand.web")

QUEUE_LIMIT = 256
"""Messages waiting for one connection before it is judged gone and closed."""
MOVED = 4421
"""Close code for "connect again": the table is dealt by another server process now, or this one is stopping.

The browser connects again, through the balancer, and is sent where the table is dealt.
"""


class Gone(Exception):
    """The connection's queue overflowed: the browser stopped reading."""


@dataclass(eq=False)
class Client:
    """One websocket: the seat it speaks for (``None``: a spectator) and what it was last sent."""

    seat: int | None
    sent: int | None = None
    """The ``seq`` of the last state message sent; the next one carries the events after it."""
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    close_code: int = 1000
    """How the connection is closed once its queue is sent: 1000, or :data:`MOVED` when the table went elsewhere."""
    closing: bool = False

    def send(self, message: BaseModel | str) -> None:
        """Queue ``message`` (or its JSON); :class:`Gone` if the browser has stopped reading."""
        try:
            self.queue.put_nowait(message if isinstance(message, str) else message.model_dump_json())
        except asyncio.QueueFull:
            raise Gone from None

    def close(self, code: int = 1000) -> None:
        """Close once the queue is sent; a queue that is full (a browser not reading) is dropped first.

        The first close counts: its code is the one sent, and the queue
        empties once the close is on its way (a stopping server waits for that).
        """
        if self.closing:
            return
        self.closing = True
        self.close_code = code
        if self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)


@dataclass(eq=False)
class Room:
    """A table and everyone connected to it."""

    table: Table
    ledger: Ledger
    thinking: Thinking
    clients: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    hint_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    worker: asyncio.Task[None] | None = None
    empty_since: float | None = field(default_factory=time.monotonic)
    """When the last connection left (``None`` while someone is connected): idle tables are cleared."""
    away_since: dict[int, float] = field(default_factory=dict)
    """When each absent person's last connection left (or the table opened, if they never came)."""
    _alarm: asyncio.TimerHandle | None = None
    _clock_alarm: asyncio.TimerHandle | None = None
    _flagging: asyncio.Task[None] | None = None
    on_lost: Callable[[Room], object] | None = None
    """Called when another server process has taken the table over."""
    unasked: bool = False
    """Opened here and not yet asked for here: the balancer may send its id to another process, which takes it."""
    metrics: Metrics | None = None
    joined: set[int] = field(default_factory=set)
    """The seats that have connected here: another connection of one is a reconnection."""
    finished: bool = False
    """Its game ended and was stored (here, or before this process dealt it): counted once."""

    def join(self, client: Client) -> None:
        """A new connection: it gets a full snapshot at once, and everyone learns who is here."""
        self.clients.add(client)
        self.empty_since = None
        if client.seat is not None:
            if client.seat in self.joined and self.metrics is not None:
                self.metrics.reconnects.inc()
            self.joined.add(client.seat)
        self._send_state(client)
        if self.table.rematch is not None:
            self.tell(client, RematchMessage(table=self.table.rematch, shift=REMATCH_SHIFT))
        self.review()
        self.tell_seats()

    def leave(self, client: Client) -> None:
        if client not in self.clients:
            return
        self.clients.discard(client)
        if not self.clients and self.empty_since is None:
            self.empty_since = time.monotonic()
        self.review()
        self.tell_seats()

    def present(self) -> set[int]:
        """The seats with at least one connection."""
        return {client.seat for client in self.clients if client.seat is not None}

    def review(self) -> None:
        """Hand seats back to the people who returned; let the stand-in play for those away too long.

        A stand-in only plays while another person at the table is connected:
        a game against the computer waits for its one person however long
        they are away. At a table with a clock nobody stands in for the
        absent: their time runs, and runs out.
        """
        table = self.table
        now = time.monotonic()
        here = self.present()
        people = [seat for seat, entry in enumerate(table.seats) if entry.kind == "human"]
        changed = False
        soonest: float | None = None
        for seat in people:
            entry = table.seats[seat]
            if seat in table.resigned:  # given up: the stand-in plays it to the end
                continue
            if seat in here:
                self.away_since.pop(seat, None)
                if entry.stand_in is not None:
                    table.hand_back(seat)
                    changed = True
                continue
            since = self.away_since.setdefault(seat, now)
            if entry.stand_in is not None or table.stand_in is None or not table.away or table.over or table.clock:
                continue
            left = since + table.away - now
            if left > 0:
                soonest = left if soonest is None else min(soonest, left)
            elif any(other in here for other in people if other != seat):
                table.take_over(seat)
                changed = True
        if self._alarm is not None:
            self._alarm.cancel()
            self._alarm = None
        if soonest is not None:
            self._alarm = asyncio.get_running_loop().call_later(soonest + 0.01, self._wake_up)
        if changed:
            self.wake()
        self.watch_clock()

    def watch_clock(self) -> None:
        """Wake when the running time would be up (a move meanwhile sets the alarm again)."""
        if self._clock_alarm is not None:
            self._clock_alarm.cancel()
            self._clock_alarm = None
        due = self.table.clock_due()
        if due is not None:
            self._clock_alarm = asyncio.get_running_loop().call_later(due + 0.02, self._time_up)

    def _time_up(self) -> None:
        self._clock_alarm = None
        if self._flagging is None or self._flagging.done():
            self._flagging = asyncio.create_task(self._flag_now())

    async def _flag_now(self) -> None:
        async with self.lock:
            if not await self.flag():
                self.watch_clock()  # a move came first, or the clock was a little early

    async def flag(self) -> bool:
        """Under the lock: end the game of a person whose time is up (:func:`~deckhand.web.endings.time_out`).

        Whether it did. With three sides or more the stand-in then plays their seat.
        """
        seat = self.table.flagged()
        if seat is None:
            return False
        time_out(self.table, seat)
        if await self.save():
            self.broadcast()
            self.tell_seats()
            self.wake()
        return True

    def _wake_up(self) -> None:
        self._alarm = None
        before = [entry.stand_in is not None for entry in self.table.seats]
        self.review()
        if before != [entry.stand_in is not None for entry in self.table.seats]:
            self.tell_seats()

    def seats_message(self) -> SeatsMessage:
        here = self.present()
        table = self.table
        now = time.monotonic()
        return SeatsMessage(
            seats=[
                SeatOut(
                    seat=seat,
                    name=entry.name,
                    kind=entry.kind,
                    connected=seat in here or entry.agent is not None,
                    stand_in=table.stand_in if entry.stand_in is not None else None,
                    account=entry.account is not None,
                    away=_away(entry.kind, self.away_since.get(seat), seat in here, now),
                )
                for seat, entry in enumerate(table.seats)
            ],
            watching=sum(1 for client in self.clients if client.seat is None),
            waiting=table.waiting_for_people,
            grace=self.grace(),
        )

    def tell_seats(self) -> None:
        """Who sits where and who is connected, to everyone at the table."""
        self.tell_all(self.seats_message())

    def tell_all(self, message: BaseModel) -> None:
        text = message.model_dump_json()
        for client in list(self.clients):
            self.tell(client, text)

    def tell(self, client: Client, message: BaseModel | str) -> None:
        try:
            client.send(message)
        except Gone:
            self.drop(client)

    def drop(self, client: Client) -> None:
        """A connection that stopped reading: closed, and forgotten without telling it more."""
        if client not in self.clients:
            return
        self.clients.discard(client)
        client.close()
        if not self.clients and self.empty_since is None:
            self.empty_since = time.monotonic()
        asyncio.get_running_loop().call_soon(self._after_drop)

    def _after_drop(self) -> None:
        self.review()
        self.tell_seats()

    def idle_for(self, now: float) -> float:
        """Seconds since anyone was connected (0 while someone is)."""
        return 0.0 if self.clients or self.empty_since is None else now - self.empty_since

    def broadcast(self) -> None:
        """A ``state`` message to every connection, each built for its own seat.

        Spectators told up to the same point get the same message: it is
        built once, however many watch.
        """
        self.watch_clock()
        watched: dict[int | None, str] = {}
        for client in list(self.clients):
            if client.seat is not None:
                self._send_state(client)
                continue
            text = watched.get(client.sent)
            if text is None:
                text = watched[client.sent] = self.table.snapshot(None, client.sent).model_dump_json()
            client.sent = self.table.seq
            self.tell(client, text)

    def _send_state(self, client: Client) -> None:
        message = self.table.snapshot(client.seat, client.sent)
        client.sent = message.seq
        self.tell(client, message)

    @staticmethod
    def refuse(client: Client, problem: str) -> None:
        """An ``error`` message: the request was refused and nothing changed."""
        with contextlib.suppress(Gone):
            client.send(ErrorMessage(message=problem))

    def lose(self, *, taken: bool = False) -> None:
        """This room's table is no longer this process's to deal from memory: every connection is closed.

        Another process took it over (``taken``: the balancer sends its id
        there, which is routine), or the store refused a change; the browsers
        connect again and find the table where the store has it.
        """
        if taken:
            log.info("table %s is dealt by another process now: its connections here are closed", self.table.id)
        else:
            log.warning("table %s is closed here: it is dealt again from the store", self.table.id)
        self.hang_up()
        if self.on_lost is not None:
            self.on_lost(self)

    def hang_up(self) -> None:
        """Close every connection with :data:`MOVED`: each browser connects again to where the table is now."""
        for alarm in (self._alarm, self._clock_alarm):
            if alarm is not None:
                alarm.cancel()
        self._alarm = self._clock_alarm = None
        for client in list(self.clients):
            self.clients.discard(client)
            client.close(MOVED)

    async def move(self, client: Client, text: str) -> None:
        """A person's move: checked by the table, then told to everyone; the computer answers."""
        await self._change(client, lambda seat: self.table.play(seat, text), "a spectator cannot move")

    async def claim(self, client: Client, absent: int) -> None:
        """A person claims the game from one who has left (:func:`deckhand.web.endings.claim`)."""

        def change(seat: int) -> None:
            left = self.grace_left(absent)
            if left is None or absent == seat:
                claim(self.table, seat, absent)  # refuses what is not a claim at all, each with its reason
                raise IllegalActionError("this table keeps an absent person's seat for good: it cannot be claimed")
            name = self.table.seats[absent].name
            if absent in self.present():
                raise IllegalActionError(f"{name} is at the table")
            if left > 0:
                raise IllegalActionError(f"{name} may still come back: {left:.0f} s more")
            claim(self.table, seat, absent)

        await self._change(client, change, "a spectator cannot claim the game", seats=True)

    def grace(self) -> float | None:
        """Seconds an absent person keeps their seat before the game may be claimed (``None``: for good)."""
        table = self.table
        return None if table.clock is not None or not table.away else table.away

    def grace_left(self, seat: int) -> float | None:
        """Seconds before the game may be claimed from the person at ``seat``: 0 once it may; ``None`` if never."""
        grace = self.grace()
        if grace is None or not 0 <= seat < len(self.table.seats) or self.table.seats[seat].kind != "human":
            return None
        if seat in self.present():
            return grace
        since = self.away_since.get(seat)
        return grace if since is None else max(0.0, since + grace - time.monotonic())

    async def end(self, client: Client, how: Callable[[Table, int], None]) -> None:
        """A person resigns or aborts (:mod:`deckhand.web.endings`): with three sides or more, the stand-in plays on."""
        await self._change(client, lambda seat: how(self.table, seat), "a spectator cannot end the game", seats=True)

    async def _change(
        self, client: Client, change: Callable[[int], None], spectator: str, *, seats: bool = False
    ) -> None:
        """A person's change to the table: refused with its reason, or stored, told to everyone, and answered."""
        if client.seat is None:
            self.refuse(client, spectator)
            return
        async with self.lock:
            await self.flag()  # a time that is up ends the game before anything after it counts
            try:
                change(client.seat)
            except DeckhandError as exc:
                self.refuse(client, str(exc))
                return
            if not await self.save():
                return
            self.broadcast()
            if seats:
                self.tell_seats()
        self.wake()

    def wake(self) -> None:
        """Start the computer's turns if a computer is to move and nobody is playing them yet."""
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self._computers())

    async def _computers(self) -> None:
        """Play every computer turn until a person is to move or the game ends."""
        while True:
            async with self.lock:
                turn = self.table.computer_turn()
            if turn is None:
                return
            try:
                explanation = await self.thinking.decide(self.table.id, turn.spec, turn.view, turn.rng)
            except SearchCancelled:  # the server is stopping: the table goes on from the store next time
                return
            except Exception:  # an agent's bug must not take the table down: it is logged, the game waits
                log.exception("table %s: the computer at seat %d failed", self.table.id, turn.seat)
                return
            async with self.lock:
                if not self.table.apply_computer(turn, explanation):
                    continue  # the game moved on, or its person came back: nothing to tell
                if not await self.save():
                    return
                self.broadcast()

    async def save(self) -> bool:
        """Commit the table's new actions (and the finished game) before anyone is told of them.

        Called under the room's lock. If the store fails, the actions stay in
        the table's journal and go with the next change. False if another
        process has taken the table over: nothing was stored, and the room
        is closed. If the store fails, nobody is told either: the room is
        closed and the next request deals the table again from what was stored.
        """
        try:
            await self.ledger.write(taken(self.table))
            if not self.finished and self.table.over:
                self.finished = True
                if self.metrics is not None:
                    self.metrics.games_finished.labels(game=self.table.game.name).inc()
        except TableLost:
            self.lose(taken=True)
            return False
        except Exception:  # nobody is told of what was not stored: the table is dealt again from the store
            log.exception("table %s: its last actions could not be stored", self.table.id)
            self.lose()
            return False
        return True


def _away(kind: str, since: float | None, here: bool, now: float) -> float | None:
    """Seconds a person's seat has had nobody connected (``None``: connected, or not a person's seat)."""
    if kind != "human" or here or since is None:
        return None
    return round(now - since, 1)
