"""What a table keeps of each action (the store keeps the same), and what its log tells of one."""

from __future__ import annotations

from dataclasses import dataclass

from deckhand.core.presentation import Presentation
from deckhand.core.protocol import Action, State
from deckhand.web.wire import EventOut


@dataclass(frozen=True)
class Entry:
    """One action as the table keeps it: chance (``seat`` None) or a seat's move with its public reason.

    ``notation`` is how the store keeps the action (as game records do): read
    back at the same point of the game, it is the same action.
    """

    seq: int
    action: Action | None
    """``None`` for a table's mark (a resignation, an abort: :mod:`deckhand.web.endings`)."""
    seat: int | None
    reason: str = ""
    notation: str = ""
    by: str | None = None
    """The computer level that played the move for its absent person."""
    left: float | None = None
    """At a table with a clock, the mover's seconds left after the move (a person's, increment added)."""


def told(shown: Presentation, state: State, entry: Entry, names: list[str]) -> list[EventOut]:
    """What the log tells of ``entry`` (with its notation) about to be applied: a move, or a deal's announcement."""
    said = shown.announce(state, entry.action, names)
    if entry.seat is None:
        return [EventOut(seq=entry.seq, seat=None, move=None, said=said)] if said else []
    return [
        EventOut(
            seq=entry.seq,
            seat=entry.seat,
            move=entry.notation,
            words=shown.tell_move(state, entry.action, names),
            reason=entry.reason,
            said=said,
            quiet=shown.is_quiet(state, entry.action),
            by=entry.by,
            tally=shown.tally(state, entry.action, names),
        )
    ]
