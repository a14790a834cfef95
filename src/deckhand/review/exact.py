"""Exact results where the seat knows every card: a two-player position with no chance left, searched to the end.

In a last deal of Casino or Basra (the deck dealt out, two players) the
seat sees its hand, the table and every card played, so the other hand is
the rest: one world agrees with the view (``View.is_determined``). Its
result with best play on both sides is then a fact, not an estimate, and
the review says so. The search is minimax with alpha-beta pruning over the
players' returns (win 1, draw ½, loss 0), bounded by a number of positions:
past the bound, or at a chance node (another deal to come), it gives up and
the review estimates as elsewhere.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence

from deckhand.agents.base import Agent
from deckhand.agents.search import CANCEL, SearchCancelled
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import Action, State, View

NODES = 200_000
"""Positions one decision's exact search may visit before it gives up (a few seconds at most)."""


class Unsolved(Exception):
    """The position is not solved within the bound, or has chance or more than two sides in it."""


def exact_results(view: View, *, nodes: int = NODES) -> dict[Action, float] | None:
    """Each legal move's result for the viewer with best play on both sides, or None where it cannot be exact.

    Only ``view`` is read: the one world that agrees with it is dealt from
    it. A search called off (``CANCEL``) raises ``SearchCancelled`` within
    a thousand positions.
    """
    if not view.is_determined() or view.game.num_players != 2 or view.current_player() != view.player:
        return None
    world = view.sample_world(random.Random(0))  # the only world there is: the seed changes nothing
    search = _Search(view.player, nodes, CANCEL.get())
    try:
        return {action: search.value(world.child(action), 0.0, 1.0) for action in world.legal_actions()}
    except Unsolved:
        return None


def best_line(view: View, played: Action, names: Sequence[str], *, moves: int = 3, nodes: int = NODES) -> list[str]:
    """What follows ``played`` with best play on both sides, as the table would tell it: up to ``moves`` moves.

    Why a move in a solved last deal cost what it did, from the line the
    exact search follows ("Computer takes the 9♠ and the 3♥ with the
    queen"). The seat knows every card here, so the line names nothing it
    could not see. Empty where the position is not solved.
    """
    if not view.is_determined() or view.game.num_players != 2:
        return []
    state = view.sample_world(random.Random(0)).child(played)
    search = _Search(view.player, nodes, CANCEL.get())
    said: list[str] = []
    try:
        while len(said) < moves and not state.is_terminal() and not state.is_chance_node():
            mine = state.current_player() == view.player
            results = {action: search.value(state.child(action), 0.0, 1.0) for action in state.legal_actions()}
            target = max(results.values()) if mine else min(results.values())
            action = next(a for a in state.legal_actions() if results[a] == target)
            said.append(presentation_of(state.game).tell_move(state, action, names))
            state.apply_action(action)
    except Unsolved:
        return []
    return said


def solver_line(
    view: View, played: Action, engine: Agent, names: Sequence[str], rng: random.Random, *, moves: int = 3
) -> list[str]:
    """What follows ``played`` with best play on both sides in a game with nothing hidden, by the exact solver.

    Up to ``moves`` moves, each side playing the solver's move, as the table
    would tell them; empty where the solver gives no exact answer.
    """
    if not view.game.perfect_information:
        return []
    state = view.sample_world(rng).child(played)  # nothing is hidden: the world is the position
    said: list[str] = []
    while len(said) < moves and not state.is_terminal() and not state.is_chance_node():
        answer = engine.explain(state.view(state.current_player()), rng)
        if not answer.data.get("exact"):
            return []
        said.append(presentation_of(state.game).tell_move(state, answer.action, names))
        state.apply_action(answer.action)
    return said


class _Search:
    """Minimax over ``seat``'s return; the other side's return is one minus it (checked at every end)."""

    def __init__(self, seat: int, nodes: int, cancel: threading.Event | None) -> None:
        self.seat = seat
        self.nodes = nodes
        self.left = nodes
        self.cancel = cancel

    def value(self, state: State, alpha: float, beta: float) -> float:
        """The seat's result with best play from ``state``, exact inside (alpha, beta), a bound outside it."""
        self.left -= 1
        if self.left < 0:
            raise Unsolved(f"more than {self.nodes} positions")
        if self.cancel is not None and (self.nodes - self.left) % 1024 == 1 and self.cancel.is_set():
            raise SearchCancelled("the exact search was called off")
        if state.is_terminal():
            returns = state.returns()
            if abs(sum(returns) - 1.0) > 1e-9:
                raise Unsolved("the results are not one side's gain against the other's")
            return returns[self.seat]
        if state.is_chance_node():
            raise Unsolved("a deal is still to come")
        actions = state.legal_actions()
        if not actions:  # neither over nor dealt, and no move: nothing here is exact
            raise Unsolved("a position with no move")
        mine = state.current_player() == self.seat
        best = 0.0 if mine else 1.0
        for action in actions:
            result = self.value(state.child(action), alpha, beta)
            if mine:
                best = max(best, result)
                alpha = max(alpha, result)
            else:
                best = min(best, result)
                beta = min(beta, result)
            if alpha >= beta:
                break
        return best
