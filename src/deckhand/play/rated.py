"""Rated games: OpenSkill's Weng-Lin model (Plackett-Luce), one pool per game and preset, on a familiar scale.

Unlike Elo or Glicko-2, the model rates games of three to six players and
partnerships (four-seat Basra: a side is rated as one) alike. A rating is a
skill ``mu`` and its uncertainty ``sigma``; people see them on the scale of
chess ratings, 1500 for a newcomer, where 400 points between two players
mean ten to one odds (:func:`shown`). A rating stays *provisional* while its
uncertainty is above :data:`PROVISIONAL`.

The computer levels get fixed ratings in a pool once the arena among the
levels has measured them (:data:`LEVELS`): a rated game against them would
move only the people's ratings, so a first rating could come from playing
the computer. Until a pool's levels are measured, its rated games are
between people only.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from deckhand.core.protocol import Game

MODEL = PlackettLuce()
"""OpenSkill's defaults: a newcomer at mu 25, sigma 25/3; beta 25/6."""
CENTRE = 1500
"""The shown rating of a newcomer."""
PER_MU = 400 / math.log(10) / (math.sqrt(2) * MODEL.beta)
"""Shown points per unit of mu: two players ``d`` shown points apart have the odds Elo gives ``d``."""
PROVISIONAL = 110
"""A rating whose shown uncertainty is above this is provisional (lichess's threshold, in its points)."""
LEVEL_SIGMA = 0.5
"""A level's uncertainty: measured over thousands of games, it barely moves the odds."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A skill estimate in the model's units; ``fixed`` for a computer level (never updated)."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    fixed: bool = False

    @property
    def shown(self) -> int:
        return shown(self.mu)

    @property
    def uncertainty(self) -> int:
        return round(self.sigma * PER_MU)

    @property
    def provisional(self) -> bool:
        return self.uncertainty > PROVISIONAL


def shown(mu: float) -> int:
    """A skill on the chess scale."""
    return round(CENTRE + (mu - MODEL.mu) * PER_MU)


def from_shown(points: float, sigma: float = LEVEL_SIGMA) -> Rating:
    """A fixed rating from a figure on the chess scale (a level's)."""
    return Rating(MODEL.mu + (points - CENTRE) / PER_MU, sigma, fixed=True)


def pool(game: Game) -> str:
    """The pool a game is rated in: the game, and its preset where it has presets (they differ in skill)."""
    preset = game.options.get("preset")
    return f"{game.name}/{preset}" if preset else game.name


LEVELS: Mapping[str, Mapping[str, int]] = {
    "basra/bazzi": {"easy": 1023, "medium": 1500, "hard": 1587},
    "basra/egyptian": {"easy": 1102, "medium": 1500, "hard": 1529},
    "cambio/classic": {"easy": 1073, "medium": 1500, "hard": 1565},
    "cambio/house": {"easy": 1114, "medium": 1500, "hard": 1548},
    "casino/ramapo": {"easy": 829, "medium": 1500, "hard": 1795},
    "casino/aces-either": {"easy": 787, "medium": 1500, "hard": 1620},
    "go_fish/standard": {"easy": 1425, "medium": 1500, "hard": 1526},
    "go_fish/family": {"easy": 1344, "medium": 1500, "hard": 1532},
    "three_trios/classic": {"easy": 1474, "medium": 1500, "hard": 2030, "expert": 2093},
    "three_trios/holes": {"easy": 1257, "medium": 1500, "hard": 2046, "expert": 2197},
}
"""Each pool's levels on the chess scale, as the arena among the levels measured them
(``benchmarks/level_ratings.py``); a pool not listed has no rated games against the computer yet."""


def level_rating(pool_name: str, level: str) -> Rating | None:
    """A level's fixed rating in a pool; ``None`` if it has none there (it cannot sit at a rated table)."""
    points = LEVELS.get(pool_name, {}).get(level)
    return None if points is None else from_shown(points)


def rate(game: Game, returns: Sequence[float], seats: Sequence[Rating]) -> list[Rating]:
    """Every seat's rating after a game with these returns; a fixed one comes back unchanged.

    Sides (:meth:`Game.teams`) are ranked by their return, a tie sharing a
    rank; a side is rated as one, each partner moved by their share.
    """
    teams = game.teams()
    before = [[MODEL.create_rating([seats[seat].mu, seats[seat].sigma]) for seat in team] for team in teams]
    side_returns = [max(returns[seat] for seat in team) for team in teams]
    order = sorted(set(side_returns), reverse=True)
    ranks: list[float] = [order.index(value) + 1.0 for value in side_returns]
    after = MODEL.rate(before, ranks=ranks)
    rated = list(seats)
    for team, side in zip(teams, after, strict=True):
        for seat, new in zip(team, side, strict=True):
            if not seats[seat].fixed:
                rated[seat] = Rating(new.mu, new.sigma)
    return rated


def outcome(returns: Sequence[float], seat: int, teams: Sequence[Sequence[int]]) -> str:
    """``win``, ``loss`` or ``draw`` for a seat: its side's return is the best alone, below the best, or shared.

    Sides are :meth:`Game.teams`: partners sharing a win won it together.
    """
    side = [max(returns[other] for other in team) for team in teams]
    mine = next(number for number, team in enumerate(teams) if seat in team)
    best = max(side)
    if side[mine] < best:
        return "loss"
    return "win" if side.count(best) == 1 else "draw"
