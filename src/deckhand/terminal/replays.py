"""Finished games to replay from the store (``deckhand replay`` with no file): the last, or one from a list.

Every finished game is kept in the store with its whole record, so a player
can watch one again without having saved it.
"""

from __future__ import annotations

from datetime import UTC, datetime

from rich.console import Console

from deckhand.core.registry import game_title
from deckhand.core.words import and_list, object_name
from deckhand.play.records import GameRecord
from deckhand.play.seats import seat_names
from deckhand.store.db import load_record
from deckhand.store.statistics import StoredGame, recent_games
from deckhand.terminal.choose import choose
from deckhand.terminal.reader import Reader

LISTED = 20
"""The newest finished games the list offers."""

NONE_STORED = "No finished games are stored yet. Play one with: deckhand play GAME"


def stored_record(console: Console, reader: Reader, *, last: bool) -> GameRecord | None:
    """The last finished game's record, or the one the player picks from the newest; ``None`` if none is chosen."""
    game_id = stored_game_id(console, reader, last=last, verb="Replay")
    return None if game_id is None else load_record(game_id)


def stored_game_id(console: Console, reader: Reader, *, last: bool, verb: str) -> int | None:
    """The last finished game's id, or the one the player picks from the newest; ``None`` if none is chosen."""
    stored = recent_games(limit=1 if last else LISTED)
    if not stored:
        console.print(NONE_STORED, highlight=False)
        return None
    if last:
        return stored[0].id
    try:
        picked = choose(console, reader, f"{verb} which game? (newest first)", [described(g) for g in stored])
    except EOFError:
        console.print()
        return None
    if picked is None or picked < 0:
        return None
    return stored[picked].id


def described(stored: StoredGame) -> str:
    """A stored game in a line: its stored id (what ``deckhand review ID`` and ``replay ID`` take), its title, when
    it ended, who sat where with their scores, and who won."""
    title = game_title(stored.game)  # a game no longer registered: its id says what it was
    names = seat_names([seat["player"] for seat in stored.seats])
    seats = [
        seat["name"] or (name if seat["human"] else f"{name} ({seat['player']})")
        for name, seat in zip(names, stored.seats, strict=True)
    ]
    scores = ", ".join(f"{who} {_number(seat['score'])}" for who, seat in zip(seats, stored.seats, strict=True))
    best = max((seat["result"] for seat in stored.seats), default=0.0)
    won = [who for who, seat in zip(seats, stored.seats, strict=True) if seat["result"] == best and best > 0]
    shared = f"shared by {and_list([object_name(who) for who in won])}"
    result = {0: "no winner", 1: f"{''.join(won[:1])} won"}.get(len(won), shared)
    when = f"{datetime.fromisoformat(stored.finished_at).replace(tzinfo=UTC).astimezone():%Y-%m-%d %H:%M}"
    return f"game {stored.id}: {title}, {when}: {scores}; {result}"  # no count of actions: deals are not moves


def _number(value: float) -> str:
    return f"{value:g}"
