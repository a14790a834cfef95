"""Cambio's own computer player, ``policy`` (the level ``hard``), and what a hint says of a move.

The app report's players, the levels ``easy`` and ``medium``, are in
:mod:`deckhand.games.cambio.app_players`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.cards import CARDS
from deckhand.core.protocol import Game, View, view_as
from deckhand.games.cambio.actions import (
    A_CAMBIO,
    BASE,
    Kind,
    decode,
    switch_positions,
)
from deckhand.games.cambio.app_players import as_table, card_name, explained, listed
from deckhand.games.cambio.options import NO_POWER
from deckhand.games.cambio.phases import (
    EMPTY,
)
from deckhand.games.cambio.playout import (
    CAMBIO_AT,
    CAMBIO_MARGIN,
    KEPT_VALUE,
    TAKE_GAIN,
    estimate,
    rollout_action,
    worst_slot,
    worth,
    worth_sticking,
)
from deckhand.games.cambio.playout import UNKNOWN_VALUE as POLICY_UNKNOWN_VALUE
from deckhand.games.cambio.state import CambioState
from deckhand.games.cambio.view import CambioView


class PolicyAgent(Agent):
    """The playout policy (:mod:`deckhand.games.cambio.playout`) played from a seat's view.

    The policy reads only what the seat to move knows, so any world sampled
    from the view gives the same move. It is the level ``hard``: measured
    against ``seed-hard`` it is stronger than every search over it measured.
    """

    name = "policy"
    rule = True

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def step(self, view: View, rng: random.Random) -> int:
        """The move :meth:`explain` gives, without the words (the arena's way)."""
        return rollout_action(as_table(view).sample_world(rng), rng)

    def explain(self, view: View, rng: random.Random) -> Explanation:
        world = as_table(view).sample_world(rng)
        action = rollout_action(world, rng)
        legal = view.legal_actions()
        candidates = [Candidate(view.action_to_string(a)) for a in legal[:40]]
        return explained(view, action, _policy_reason(world, action), candidates)


def _policy_reason(state: CambioState, action: int) -> str:
    """Why the playout policy chose ``action``, in the numbers it used, said to the seat that chooses.

    ``state`` is a world dealt from that seat's view: the words read only
    what the seat knows of it (its estimates, its known cards, the drawn
    card, the discard pile).
    """
    p = state.mover
    kind, payload = decode(action)
    mine = estimate(state, p, p)
    others = [estimate(state, q, p) for q in range(state.game.players) if q != p]
    slot, worst = worst_slot(state, p)
    your_worst = _worst_said(state, p, slot, worst)
    if kind == Kind.CAMBIO:
        counting = f"a card you have not seen counts {POLICY_UNKNOWN_VALUE}, one another seat has kept {KEPT_VALUE}"
        if mine <= CAMBIO_AT:
            return f"your hand is worth about {mine}, low enough to call ({counting})"
        if min(others) >= mine + CAMBIO_MARGIN:
            return f"your hand, about {mine}, is well below the others' (about {listed(others)}; {counting})"
        return "the game has gone on long enough: it is time to call"
    if kind == Kind.DRAW:
        call = f"your hand, about {mine}, is not low enough to call cambio, and "
        if A_CAMBIO not in state.legal_actions():  # cambio is called already: calling is no choice now
            call = ""
        if not state.game.take_discard:
            return f"{call}the discard pile cannot be taken" if call else "the discard pile cannot be taken: you draw"
        if not state.discard:
            return f"{call}there is no discard to take"
        return f"{call}{card_name(state.discard[-1])} does not beat {your_worst} by {TAKE_GAIN} or more"
    if kind == Kind.TAKE:
        return f"it beats {your_worst} by {TAKE_GAIN} or more"
    if kind == Kind.SWAP:
        return f"that is {your_worst}"
    if kind == Kind.DISCARD:
        if state.game.power[state.drawn] != NO_POWER:
            return f"to use its power: it would not lower your hand enough in place of {your_worst}"
        return f"it does not beat {your_worst}"
    if kind == Kind.PEEK:
        return "you have not seen that card"
    if kind == Kind.SWITCH:
        sa, ta, sb, tb = switch_positions(payload)
        q, t = (sb, tb) if sa == p else (sa, ta)
        return f"yours is {your_worst}; theirs is worth about {worth(state, q, t, p)} to your reckoning"
    if kind == Kind.SKIP:
        return "no use of this power gains enough"
    if kind == Kind.STICK:
        return f"you know it matches {card_name(state.discard[-1])}"
    if kind == Kind.GIVE:
        return f"that is {your_worst}"
    if kind == Kind.PASS:
        rank, top = state.game.rank, state.discard[-1]
        for c, m in zip(state.hands[p], state.known[p], strict=True):
            if c != EMPTY and m >> p & 1 and rank[c] == rank[top] and not worth_sticking(state.game, p, c, p):
                return f"your {CARDS[c].pretty} matches, but it is worth only {state.game.value[c]}: better kept"
        return "you know no card that matches"
    return "you have no card to give"


def _worst_said(state: CambioState, p: int, slot: int, worst: int) -> str:
    """``your worst card, the 9♣``; ``your worst card, one you have not seen (counted 6)``."""
    if slot < 0:
        return "your worst card"
    if state.known[p][slot] >> p & 1:
        return f"your worst card, {card_name(state.hands[p][slot])}"
    return f"your worst card, one you have not seen (counted {worst})"


# -- a move said to the seat that would make it -------------------------------------------------


def suggest(view: View, action: int, names: Sequence[str]) -> str:
    """``Swap the 3♥ for your card 3``, ``Look at Computer's card 1``: a move said to its player (cards counted
    from one in each hand, as the board shows them)."""
    table = view_as(view, CambioView)
    if type(action) is not int or action < BASE:
        return f"Play {view.action_to_string(action)}"
    p = view.player
    kind, payload = decode(action)
    drawn = card_name(table.drawn) if table.drawn >= 0 else "the drawn card"

    def card_at(q: int, s: int) -> str:
        whose = "your" if q == p else f"{names[q]}'s"
        return f"{whose} card {s + 1}"

    if kind == Kind.CAMBIO:
        return "Call cambio"
    if kind == Kind.DRAW:
        return "Draw a card from the deck"
    if kind == Kind.TAKE:
        return f"Take {card_name(table.discard[-1])} from the discard pile"
    if kind == Kind.SWAP:
        return f"Swap {drawn} for {card_at(p, payload)}"
    if kind == Kind.DISCARD:
        return f"Discard {drawn}"
    if kind == Kind.PEEK:
        return f"Look at {card_at(payload & 7, payload >> 3)}"
    if kind == Kind.SWITCH:
        sa, ta, sb, tb = switch_positions(payload)
        if sb == p:  # the player's own card first
            sa, ta, sb, tb = sb, tb, sa, ta
        return f"Switch {card_at(sa, ta)} with {card_at(sb, tb)}"
    if kind == Kind.SKIP:
        return "Leave the power unused"
    if kind == Kind.STICK:
        top = card_name(table.discard[-1]) if table.discard else "the discard pile"
        return f"Stick {card_at(payload & 7, payload >> 3)} on {top}"
    if kind == Kind.PASS:
        return "Pass"
    if kind == Kind.GIVE:
        q = table.give_to & 7
        return f"Give {card_at(p, payload)} to {names[q]}"
    return "Keep your cards"
