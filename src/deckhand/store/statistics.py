"""Statistics from the store: per game and level, per agent, and per person (by display name).

The Cambio app report's *computer victory statistics* is ``computerWin / (computerWin +
playerWin)`` over the games between people and the computer at one level; a
shared win (draw) counts for neither side.

A game dealt from a seed or a stacked deck that someone chose is practice:
whoever chose it may have known the cards. Such games are counted apart
(``practice``), never in a level's or a person's results.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from deckhand.store.db import get_engine
from deckhand.store.models import GameRow


def computer_victory(computer_wins: int, player_wins: int) -> float | None:
    """computerWin / (computerWin + playerWin); ``None`` before any decided game."""
    decided = computer_wins + player_wins
    return computer_wins / decided if decided else None


@dataclass
class LevelStats:
    """Games between people and the computer at one level."""

    game: str
    level: str
    played: int = 0
    computer_wins: int = 0
    player_wins: int = 0
    draws: int = 0
    practice: int = 0
    """Games dealt from a chosen seed or deck: left out of the figures above."""

    @property
    def computer_victory(self) -> float | None:
        return computer_victory(self.computer_wins, self.player_wins)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "computer_victory": self.computer_victory}


@dataclass
class AgentStats:
    """One agent's games in one game, wherever they were played."""

    game: str
    agent: str
    played: int = 0
    wins: float = 0.0
    """Sum of returns: a shared win by k counts 1/k."""

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.played if self.played else None

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "win_rate": self.win_rate}


def winner_side(seats: list[tuple[bool, float]]) -> str:
    """``player``, ``computer`` or ``draw`` from ``(human, result)`` per seat."""
    best = max(result for _, result in seats)
    winners = {human for human, result in seats if result == best and result > 0}
    if winners == {True}:
        return "player"
    if winners == {False}:
        return "computer"
    return "draw"


def statistics(*, game: str | None = None, url: str | None = None) -> tuple[list[LevelStats], list[AgentStats]]:
    """Per (game, level) results against people, and per (game, agent) results overall."""
    query = select(GameRow).options(selectinload(GameRow.seats)).order_by(GameRow.id)
    if game is not None:
        query = query.where(GameRow.game == game)
    levels: dict[tuple[str, str], LevelStats] = {}
    agents: dict[tuple[str, str], AgentStats] = {}
    with Session(get_engine(url)) as session:
        for row in session.scalars(query):
            seats = [(s.human, s.result) for s in row.seats]
            if not seats:
                continue
            if row.chosen_deal and row.source == "play":  # practice: neither the level's nor the agents' result
                if row.level is not None:
                    levels.setdefault((row.game, row.level), LevelStats(row.game, row.level)).practice += 1
                continue
            if row.level is not None:
                entry = levels.setdefault((row.game, row.level), LevelStats(row.game, row.level))
                entry.played += 1
                side = winner_side(seats)
                if side == "player":
                    entry.player_wins += 1
                elif side == "computer":
                    entry.computer_wins += 1
                else:
                    entry.draws += 1
            for seat in row.seats:
                if seat.human:
                    continue
                agent = agents.setdefault((row.game, seat.player), AgentStats(row.game, seat.player))
                agent.played += 1
                agent.wins += seat.result
    return sorted(levels.values(), key=_level_key), sorted(agents.values(), key=lambda a: (a.game, a.agent))


@dataclass
class PersonStats:
    """One person's games in one game, by the name they played under (named human seats only)."""

    game: str
    name: str
    played: int = 0
    wins: float = 0.0
    """Sum of returns: a shared win by k counts 1/k."""
    against_people: int = 0
    """Games where every other seat was a person."""
    against_computer: int = 0
    """Games with a computer at the table."""
    practice: int = 0
    """Games dealt from a chosen seed or deck: left out of the figures above."""

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.played if self.played else None

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "win_rate": self.win_rate}


def people(*, game: str | None = None, url: str | None = None) -> list[PersonStats]:
    """Per (game, name) results of people who played under a name (unnamed seats are left out)."""
    query = select(GameRow).options(selectinload(GameRow.seats)).order_by(GameRow.id)
    if game is not None:
        query = query.where(GameRow.game == game)
    found: dict[tuple[str, str], PersonStats] = {}
    with Session(get_engine(url)) as session:
        for row in session.scalars(query):
            with_computer = not all(s.human for s in row.seats)
            for seat in row.seats:
                if not seat.human or not seat.name:
                    continue
                person = found.setdefault((row.game, seat.name), PersonStats(row.game, seat.name))
                if row.chosen_deal:
                    person.practice += 1
                    continue
                person.played += 1
                person.wins += seat.result
                if with_computer:
                    person.against_computer += 1
                else:
                    person.against_people += 1
    return sorted(found.values(), key=lambda p: (p.game, p.name))


_LEVEL_ORDER = {"easy": 0, "medium": 1, "hard": 2, "expert": 3}


def _level_key(entry: LevelStats) -> tuple[str, int, str]:
    return (entry.game, _LEVEL_ORDER.get(entry.level, 9), entry.level)


@dataclass
class StoredGame:
    """A finished game as a list of recent games shows it."""

    id: int
    game: str
    finished_at: str
    source: str
    level: str | None
    moves: int
    seats: list[dict[str, Any]]
    """Per seat: ``player`` (``human`` or an agent spec), ``human``, ``result``, ``score``, ``name``.

    ``name`` is the name a person played under, ``None`` for a computer or when it was not kept.
    """

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def recent_games(*, limit: int = 20, game: str | None = None, url: str | None = None) -> list[StoredGame]:
    """The last ``limit`` finished games, newest first (of one game, if named)."""
    query = select(GameRow).options(selectinload(GameRow.seats)).order_by(GameRow.id.desc()).limit(limit)
    if game is not None:
        query = query.where(GameRow.game == game)
    with Session(get_engine(url)) as session:
        return [
            StoredGame(
                id=row.id,
                game=row.game,
                finished_at=row.finished_at.isoformat(timespec="seconds"),
                source=row.source,
                level=row.level,
                moves=row.num_actions,
                seats=[
                    {"player": s.player, "human": s.human, "result": s.result, "score": s.score, "name": s.name}
                    for s in row.seats
                ],
            )
            for row in session.scalars(query)
        ]
