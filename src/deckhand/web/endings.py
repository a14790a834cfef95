"""How a game at a table ends other than by its rules: a person resigns, runs out of time, or aborts.

With two sides (two players, or two partnerships: ``Game.teams``) a resignation,
or a person's time running out (:mod:`deckhand.web.clocks`), ends the game:
that side loses, the other wins. With three sides or more the others play
on: the table's stand-in computer takes the person's seat for the rest of
the game, and for the ratings the person lost.
A person may abort the game while they have not moved yet: it ends with no
result, and nothing is stored among the finished games. When a person has
left (their connection gone longer than the table's grace, at a table
without a clock), the others may claim the game: it ends for the absent
person as a resignation would.

Each of these is a *mark* in the table's log of actions: kept by the store
in order with the moves (its notation starts with ``!``), so that a table
dealt again after a restart ends, or plays on, as it did. A mark counts in
the table's ``seq`` like a move, so every connection is told of it.
"""

from __future__ import annotations

from deckhand.agents.registry import make_agent
from deckhand.core.errors import IllegalActionError
from deckhand.play.seats import default_level
from deckhand.web.entries import Entry
from deckhand.web.table import Table
from deckhand.web.wire import EventOut

RESIGN = "!resign"
ABORT = "!abort"
TIME = "!time"
CLAIM = "!claim"
MARKS = (RESIGN, ABORT, TIME, CLAIM)


def is_mark(notation: str) -> bool:
    """Whether a stored action is a table's mark (a resignation, an abort) rather than a move of the game."""
    return notation.startswith("!")


def resign(table: Table, seat: int) -> None:
    """The person at ``seat`` gives up: ``IllegalActionError`` if the game is over or not begun."""
    _check(table, seat, "resign")
    _mark(table, Entry(table.seq + 1, None, seat, notation=RESIGN))


def abort(table: Table, seat: int) -> None:
    """The person at ``seat`` calls the game off before their first move: ``IllegalActionError`` once they moved."""
    _check(table, seat, "abort")
    if seat in table.moved:
        raise IllegalActionError("a game can be aborted only before your first move: resign instead")
    _mark(table, Entry(table.seq + 1, None, seat, notation=ABORT))


def time_out(table: Table, seat: int) -> None:
    """The time of the person at ``seat`` is up (the table's clock says so): they lose, as by resigning."""
    _mark(table, Entry(table.seq + 1, None, seat, notation=TIME, left=0.0))


def claim(table: Table, seat: int, absent: int) -> None:
    """The person at ``seat`` claims the game from the person at ``absent``, who has left: they lose, as by
    resigning. Whether they have been gone long enough is the room's to judge (it knows the connections)."""
    _check(table, seat, "claim")
    if absent == seat or not 0 <= absent < len(table.seats) or table.seats[absent].kind != "human":
        raise IllegalActionError("only another person's seat can be claimed")
    if absent in table.resigned:
        raise IllegalActionError("that seat has been given up already: the computer plays it to the end")
    if table.clock is not None:
        raise IllegalActionError("at a table with a clock, time decides: an absent person's clock runs")
    _mark(table, Entry(table.seq + 1, None, absent, notation=CLAIM))


def restore_mark(table: Table, entry: Entry) -> None:
    """A stored mark applied again to a table dealt from the store."""
    if entry.notation not in MARKS or entry.seat is None:
        raise ValueError(f"not a table's mark: {entry.notation!r}")
    _mark(table, entry, journal=False)


def _returns(table: Table, seat: int) -> list[float]:
    """Every seat's return when ``seat`` resigns (or runs out of time in) a two-sided game: the others win."""
    losing = next(team for team in table.game.teams() if seat in team)
    winners = [other for other in range(len(table.seats)) if other not in losing]
    return [1.0 / len(winners) if other in winners else 0.0 for other in range(len(table.seats))]


def _check(table: Table, seat: int, what: str) -> None:
    if table.over:
        raise IllegalActionError("the game is over")
    if table.waiting_for_people:
        raise IllegalActionError(f"the game has not begun: there is nothing to {what} yet")
    if table.seats[seat].kind != "human":
        raise IllegalActionError(f"only a person can {what}")
    if seat in table.resigned:
        raise IllegalActionError("you have left this game: the computer plays your seat to the end")


def _mark(table: Table, entry: Entry, *, journal: bool = True) -> None:
    """Apply a mark: the game ends (two sides, or an abort), or the stand-in takes the seat for good."""
    assert entry.seat is not None
    seat, name = entry.seat, table.seats[entry.seat].name
    how, did = {TIME: ("time", "ran out of time"), CLAIM: ("abandoned", "left the game")}.get(
        entry.notation, ("resigned", "resigned")
    )
    if entry.notation == TIME and table.clock is not None:
        table.clock.out(seat)
    if entry.notation == ABORT:
        said = f"{name} aborted the game: it ends without a result."
        table.ended = {"how": "aborted", "seat": seat, "words": said}
    elif len(table.game.teams()) == 2:
        said = f"{name} {did}: the game is claimed." if entry.notation == CLAIM else f"{name} {did}."
        table.ended = {"how": how, "seat": seat, "words": said, "returns": _returns(table, seat)}
    else:
        table.resigned.append(seat)
        level = table.stand_in or default_level(table.game)
        table.seats[seat].stand_in = make_agent(level, table.game)
        said = f"{name} {did}: the computer ({level}) plays their seat to the end."
    table.marks += 1
    table.events.append(EventOut(seq=entry.seq, seat=seat, move=None, words=said, said=[]))
    if journal:
        table.journal.append(entry)
    table.run_clock()
