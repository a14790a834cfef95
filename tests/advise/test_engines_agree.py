"""The win figure means the same in every engine: the chance to win the game from here, for this seat.

Before, the tree searches let the other seats decide on the searcher's
information (blind to the cards they draw), and said 92% in a stick window
where flat search said 77%. On each fixed position below, every engine's
figure for flat search's best action lies within the engines' error of flat
search's: four standard errors of the two estimates (each a mean of that
many playouts of a win or a loss), and two points more.
"""

from __future__ import annotations

import math
import random

import pytest

from deckhand.advise.commands import Move, parse_command
from deckhand.advise.tracker import Tracker
from deckhand.agents.ranking import ENGINES, Ranked, rank_actions
from deckhand.agents.registry import available_agents
from deckhand.core.protocol import View

PLAYOUTS = 3000

POSITIONS: dict[str, tuple[int, int, tuple[str, str], list[str]]] = {
    # name: players, the seat that plays first, your two known cards, what happened
    "two seats, stick window after your swap": (2, 0, ("3", "rk"), ["+ 5", "x0 8"]),
    "two seats, stick window after their discard": (2, 0, ("3", "rk"), ["+ 5", "x0 8", "+", "- q", "n"]),
    "two seats, stick window late": (2, 0, ("q", "j"), ["+ rk", "x2 q", "+", "- 4", "+ 2", "x3 j", "+", "x1 7"]),
    "two seats, your turn": (2, 0, ("3", "rk"), ["+ 5", "x0 8", "+", "- q", "n", "+ 9"]),
    "three seats, your turn": (3, 1, ("3", "rk"), ["+", "x0 6", "+", "- q", "n", "+ 5"]),
}


def view_at(name: str) -> View:
    players, first, known, script = POSITIONS[name]
    tracker = Tracker(players=players, first=first, known=list(known))
    for line in script:
        command = parse_command(line)
        assert isinstance(command, Move)
        tracker.apply_move(command, line)
    view, _ = tracker.decision()
    assert view is not None
    return view


def error(a: Ranked, b: Ranked) -> float:
    """Four standard errors of the difference of two win rates (at most 0.5 each), and two points."""
    return 4 * math.sqrt(0.25 / max(a.playouts, 1) + 0.25 / max(b.playouts, 1)) + 0.02


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_engine_gives_the_same_chance_to_win(name: str) -> None:
    view = view_at(name)
    best = rank_actions(view, playouts=PLAYOUTS, rng=random.Random(1), engine="flat")[0]
    for engine in ENGINES:
        if engine == "flat" or engine not in available_agents(view.game):
            continue
        ranked = rank_actions(view, playouts=PLAYOUTS, rng=random.Random(2), engine=engine)
        same = next(r for r in ranked if r.notation == best.notation)
        assert abs(same.win - best.win) <= error(same, best), (engine, best, same)


def test_the_positions_include_stick_windows() -> None:
    assert sum(view_at(name).to_json()["phase"] == "stick" for name in POSITIONS) >= 2
