"""The Cambio app report's computer players: ``seed-easy`` (computerTurnRandom) and ``seed-hard`` (computerTurn).

They are the levels ``easy`` and ``medium``; the level ``hard`` is the search.

Both decide from their own view only. ``hard`` reproduces the app report's
configuration-value algorithm: the configuration value of a hand is the sum
of its cards' values with every card it does not know counted as 6, and a
swap is made when it lowers that value. Where the app's own code looked at true
card values (its unknown cards), we use what the view knows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.cards import CARDS
from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import Action, Game, View, view_as
from deckhand.games.cambio.actions import (
    A_CAMBIO,
    A_DISCARD,
    A_DRAW,
    A_KEEP,
    A_PASS,
    A_SKIP,
    A_TAKE,
    BASE,
    Kind,
    decode,
    pos_action,
    slot_action,
    switch_action,
    switch_positions,
)
from deckhand.games.cambio.options import NO_POWER
from deckhand.games.cambio.phases import (
    EMPTY,
    GIVE,
    HOLD,
    KING_PEEK,
    KING_SWITCH,
    PEEK_OTHER_P,
    PEEK_OWN_P,
    START,
    STICK,
    SWITCH_P,
    UNKNOWN,
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
from deckhand.games.cambio.words import place

UNKNOWN_VALUE = 6
"""The app report's value of an unknown card: the average."""


def _table(view: View) -> CambioView:
    """``view`` as a Cambio view of the seat to move."""
    table = view_as(view, CambioView)
    if view.current_player() != view.player:
        raise IllegalActionError(f"seat {view.player} is not to move")
    return table


def _name(card: int) -> str:
    """How a sentence names a card, as the table draws it: ``the 3♥``, ``the K♠``, ``the Joker``."""
    return f"the {CARDS[card].pretty}"


def _at(seat: int, slot: int) -> str:
    """A place as people count it, from one: ``card 3 of seat 2``."""
    return place(seat, slot)


class EasyAgent(Agent):
    """The app report's easy level: random moves, in the spirit of ``computerTurnRandom()``.

    At the start of a turn it calls cambio with probability ``cambio_chance``
    (otherwise it draws or takes at random); every later choice (swap or
    discard, a power's target or skip, give or keep) is uniform. It never
    tries to stick: a random stick is nearly always wrong.
    """

    name = "seed-easy"
    rule = True

    def __init__(self, game: Game | None = None, cambio_chance: float = 0.1) -> None:
        if not 0.0 <= cambio_chance <= 1.0:
            raise ValueError("cambio_chance must be from 0 to 1")
        self.game = game
        self.cambio_chance = cambio_chance

    def spec(self) -> str:
        return self.name if self.cambio_chance == 0.1 else f"seed-easy:cambio_chance={self.cambio_chance}"

    def step(self, view: View, rng: random.Random) -> Action:
        return self._choose(view, rng)[0]

    def explain(self, view: View, rng: random.Random) -> Explanation:
        action, reason = self._choose(view, rng)
        candidates = [Candidate(view.action_to_string(a)) for a in view.legal_actions()]
        return _random(view, action, reason, candidates)

    def _choose(self, view: View, rng: random.Random) -> tuple[Action, str]:
        legal = view.legal_actions()
        phase = _table(view).phase
        if phase == START:
            if A_CAMBIO in legal and rng.random() < self.cambio_chance:
                return A_CAMBIO, "picked at random"
            options = [a for a in legal if a != A_CAMBIO]
            return options[int(rng.random() * len(options))], "picked at random"
        if phase == STICK:
            return A_PASS, "a stick at random is nearly always wrong"
        return legal[int(rng.random() * len(legal))], "picked at random"


def _random(view: View, action: Action, reason: str, candidates: list[Candidate]) -> Explanation:
    """A random choice: its reason names no card and no person, so every seat may read it."""
    return _explained(view, action, reason, candidates, public=reason)


class HardAgent(Agent):
    """The app report's hard level: ``computerTurn()``'s configuration-value decision tree.

    * Cambio: called when its configuration value is at most ``cambio_at`` and
      lower than every opponent's (their unknown cards also count 6).
    * Discard pile: takes the top card when it is below 5 and swapping it in
      lowers the configuration value; otherwise draws.
    * A drawn card with a power is discarded to use the power; an ordinary
      card below 5 is swapped in where it lowers the value most; else discarded.
    * 7/8: peek an own unknown card. 9/10: peek an opponent's unknown card.
    * J/Q: if an opponent's known card is good (below 4), switch it with its
      highest card. Black K: a very good card (below 3) goes for an unknown
      card (or the highest); others replace a card at least 3 higher, or an
      unknown card when below 6.
    * Sticking (house rules, not in the app report): sticks a card it knows matches.
    """

    name = "seed-hard"
    rule = True

    def __init__(self, game: Game | None = None, cambio_at: int = 10) -> None:
        self.game = game
        self.cambio_at = int(cambio_at)

    def spec(self) -> str:
        return self.name if self.cambio_at == 10 else f"seed-hard:cambio_at={self.cambio_at}"

    def step(self, view: View, rng: random.Random) -> Action:
        """The move :meth:`explain` gives, without its candidates and notation (the arena's way)."""
        return _Hard(view, _table(view), self.cambio_at, quiet=True).decide().action

    def explain(self, view: View, rng: random.Random) -> Explanation:
        r = _table(view)
        return _Hard(view, r, self.cambio_at).decide()


def _explained(
    view: View,
    action: Action,
    reason: str,
    candidates: list[Candidate],
    data: dict[str, Any] | None = None,
    public: str | None = None,
) -> Explanation:
    if public is None:
        public = public_reason(_table(view), action)
    return Explanation(action, view.action_to_string(action), reason, candidates, data or {}, public)


def public_reason(table: CambioView, action: Action) -> str:
    """Why, in words that tell the other seats nothing about the cards: what the kind of move is for.

    The private reasons name the drawn card and the hand's worth; another
    seat reads this beside the move's public words (``describe_action``).
    """
    if not isinstance(action, int) or action < BASE:
        return ""
    kind, payload = decode(action)
    if kind == Kind.DRAW and not table.game.take_discard:
        return "the discard pile cannot be taken, so it draws"
    if kind == Kind.DISCARD:
        drawn = table.drawn
        if drawn >= 0 and table.game.power[drawn] != NO_POWER:
            return "it wants the card's power"
        return "the card is not worth keeping"
    if kind == Kind.PEEK:
        return "it looks at its own card" if payload & 7 == table.player else "it looks at another seat's card"
    return PUBLIC_REASONS.get(kind, "")


PUBLIC_REASONS: dict[int, str] = {
    Kind.CAMBIO: "it reckons its hand is the lowest",
    Kind.DRAW: "nothing on the discard pile tempts it",
    Kind.TAKE: "the card beats one of its own",
    Kind.SWAP: "the card beats the one it replaces",
    Kind.SWITCH: "it reckons the trade lowers its hand",
    Kind.SKIP: "no use of the power is worth it",
    Kind.STICK: "it believes the card matches",
    Kind.PASS: "it knows no card worth sticking",
    Kind.GIVE: "it gives away the card it thinks worst",
    Kind.KEEP: "it has no card to give",
}
"""Why a seat makes each kind of move, in the third person and without its cards (discards and peeks
say more: :func:`public_reason`)."""


class _Hard:
    """One decision of the hard player, with the numbers it used."""

    def __init__(self, view: View, r: CambioView, cambio_at: int, quiet: bool = False) -> None:
        self.quiet = quiet
        """Decide only: the explanation carries the action and nothing else."""
        self.view = view
        self.r = r
        self.p = view.player
        self.value = r.game.value
        self.cambio_at = cambio_at
        self.legal = view.legal_actions()

    # -- configuration values -------------------------------------------------
    def cv(self, card: int) -> int:
        """A card's worth to the configuration value: its value, or 6 if unknown."""
        return UNKNOWN_VALUE if card == UNKNOWN else self.value[card]

    def config(self, seat: int) -> int:
        return sum(self.cv(c) for c in self.r.hand(seat) if c != EMPTY)

    def slots(self, seat: int) -> list[int]:
        return [s for s, c in enumerate(self.r.hand(seat)) if c != EMPTY]

    def best_swap(self, card: int) -> tuple[int, int, int]:
        """(slot, before, after): where ``card`` lowers the configuration value most."""
        before = self.config(self.p)
        hand = self.r.hand(self.p)
        slot = max(self.slots(self.p), key=lambda s: (self.cv(hand[s]), s))
        return slot, before, before - self.cv(hand[slot]) + self.value[card]

    def opponents(self) -> list[int]:
        n = self.r.game.players
        return [(self.p + k) % n for k in range(1, n)]

    def swap_candidates(self, card: int) -> list[Candidate]:
        """Each own slot ``card`` could go to, valued by the configuration value after the swap."""
        before = self.config(self.p)
        hand = self.r.hand(self.p)
        return [
            Candidate(
                f"swap {s}", value=float(before - self.cv(hand[s]) + self.value[card]), note="configuration value after"
            )
            for s in self.slots(self.p)
        ]

    def done(self, action: Action, reason: str, candidates: list[Candidate] | None = None, **data: Any) -> Explanation:
        if action not in self.legal:  # never happens by construction; keep the promise anyway
            action = A_SKIP if A_SKIP in self.legal else self.legal[-1]
        if self.quiet:
            return Explanation(action, "", "")
        if candidates is None:
            candidates = [Candidate(self.view.action_to_string(a)) for a in self.legal[:40]]
        data.setdefault("configuration_value", self.config(self.p))
        return _explained(self.view, action, reason, candidates, data)

    # -- the decision tree ----------------------------------------------------
    def decide(self) -> Explanation:
        phase = self.r.phase
        if phase == START:
            return self.start()
        if phase == HOLD:
            return self.hold()
        if phase == PEEK_OWN_P:
            return self.peek([self.p], "the 7 or 8 lets you look at one of your cards")
        if phase == PEEK_OTHER_P:
            return self.peek(self.opponents(), "the 9 or 10 lets you look at another seat's card")
        if phase == SWITCH_P:
            return self.jack_queen()
        if phase == KING_PEEK:
            seats = self.opponents() if self.r.game.king_peeked else [*self.opponents(), self.p]
            return self.peek(seats, "the black king lets you look at a card")
        if phase == KING_SWITCH:
            return self.king()
        if phase == STICK:
            return self.stick()
        if phase == GIVE:
            return self.give()
        raise IllegalActionError("nothing to decide")

    def start(self) -> Explanation:
        mine = self.config(self.p)
        if A_CAMBIO in self.legal:
            others = {q: self.config(q) for q in self.opponents()}
            if mine <= self.cambio_at and all(mine < v for v in others.values()):
                return self.done(
                    A_CAMBIO,
                    f"your hand's value, {mine}, is {self.cambio_at} or less and below every other hand's "
                    f"({_list(others.values())}; a card you do not know counts {UNKNOWN_VALUE})",
                    opponents=others,
                )
        if A_TAKE in self.legal and self.slots(self.p):
            top = self.r.discard[-1]
            slot, before, after = self.best_swap(top)
            if self.value[top] < 5 and after < before:
                return self.done(
                    A_TAKE,
                    f"swapped in, it lowers your hand's value from {before} to {after}",
                    self.swap_candidates(top),
                    slot=slot,
                    before=before,
                    after=after,
                )
        if not self.r.game.take_discard:
            if A_CAMBIO not in self.legal:  # cambio is called already: drawing is all there is
                return self.done(A_DRAW, f"your hand's value is {mine}, and the discard pile cannot be taken")
            return self.done(A_DRAW, f"your hand's value is {mine}, too high to call cambio")
        why = "nothing on the discard pile would lower it" if A_TAKE in self.legal else "there is no discard to take"
        return self.done(A_DRAW, f"your hand's value is {mine}, and {why}")

    def hold(self) -> Explanation:
        card = self.r.drawn
        if not self.slots(self.p):
            return self.done(A_DISCARD, "you have no cards left to swap")
        slot, before, after = self.best_swap(card)
        options = self.swap_candidates(card)
        options.append(Candidate("discard", value=float(before), note=f"your hand's value stays {before}"))
        if self.r.took:
            return self.done(
                slot_action(Kind.SWAP, slot),
                f"it lowers your hand's value from {before} to {after}",
                options[:-1],
                before=before,
                after=after,
            )
        if self.r.game.power[card] != NO_POWER:
            return self.done(A_DISCARD, "to use its power")
        if self.value[card] < 5 and after < before:
            return self.done(
                slot_action(Kind.SWAP, slot),
                f"it lowers your hand's value from {before} to {after}",
                options,
                before=before,
                after=after,
            )
        why = "it is worth 5 or more" if self.value[card] >= 5 else "no swap lowers your hand's value"
        return self.done(A_DISCARD, why, options)

    def peek(self, seats: list[int], rule: str) -> Explanation:
        for q in seats:
            for s in self.slots(q):
                action = pos_action(Kind.PEEK, q, s)
                if self.r.hand(q)[s] == UNKNOWN and action in self.legal:
                    return self.done(action, f"{rule}, and you do not know this one")
        return self.done(A_SKIP, f"{rule}, but you know every card it could show")

    def my_highest(self, *, unknown_first: bool = False) -> int | None:
        slots = self.slots(self.p)
        if not slots:
            return None
        hand = self.r.hand(self.p)
        if unknown_first:
            unknown = [s for s in slots if hand[s] == UNKNOWN]
            if unknown:
                return unknown[0]
        return max(slots, key=lambda s: (self.cv(hand[s]), -s))

    def switch(self, q: int, t: int, s: int) -> Action:
        return switch_action(self.p, s, q, t)

    def jack_queen(self) -> Explanation:
        best = self.known_opponent_cards()
        mine = self.my_highest()
        if best and mine is not None:
            v, q, t = best[0]
            mv = self.cv(self.r.hand(self.p)[mine])
            action = self.switch(q, t, mine)
            if v < 4 and mv > v and action in self.legal:
                return self.done(
                    action,
                    f"you give your highest card (worth {mv}) for {_name(self.r.hand(q)[t])}, which you know",
                )
        return self.done(A_SKIP, "you know no other seat's card below 4 worth switching for")

    def known_opponent_cards(self) -> list[tuple[int, int, int]]:
        """(value, seat, slot) of the opponents' cards this seat knows, lowest first, that may be switched."""
        out = []
        for q in self.opponents():
            if self.r.locked(q):
                continue
            for t in self.slots(q):
                c = self.r.hand(q)[t]
                if c != UNKNOWN:
                    out.append((self.value[c], q, t))
        return sorted(out)

    def king(self) -> Explanation:
        r = self.r
        if r.game.king_peeked:
            q, t = r.peeked & 7, r.peeked >> 3
            c = r.hand(q)[t]
            targets = [] if c in (EMPTY, UNKNOWN) or r.locked(q) else [(self.value[c], q, t)]
        else:
            targets = self.known_opponent_cards()
        if not targets or not self.slots(self.p):
            return self.done(A_SKIP, "you know no other seat's card that can be switched")
        v, q, t = targets[0]
        what = f"{_name(r.hand(q)[t])}, {_at(q, t)},"
        if v < 3:
            mine = self.my_highest(unknown_first=True)
            assert mine is not None
            return self.done(self.switch(q, t, mine), f"{what} is very good (below 3)")
        hand = r.hand(self.p)
        known = [s for s in self.slots(self.p) if hand[s] != UNKNOWN]
        high = max(known, key=lambda s: (self.value[hand[s]], -s)) if known else None
        if high is not None and self.value[hand[high]] >= v + 3:
            return self.done(
                self.switch(q, t, high),
                f"{what} is {self.value[hand[high]] - v} lower than your {CARDS[hand[high]].pretty}",
            )
        unknown = [s for s in self.slots(self.p) if hand[s] == UNKNOWN]
        if unknown and v < UNKNOWN_VALUE:
            return self.done(
                self.switch(q, t, unknown[0]),
                f"{what} is below {UNKNOWN_VALUE}, what a card you do not know counts",
            )
        return self.done(A_SKIP, f"{what} would not lower your hand's value")

    def stick(self) -> Explanation:
        r = self.r
        top = r.discard[-1]
        rank = r.game.rank
        kept = None
        for q in [self.p, *self.opponents()]:
            for t in self.slots(q):
                c = r.hand(q)[t]
                action = pos_action(Kind.STICK, q, t)
                if c == UNKNOWN or rank[c] != rank[top] or action not in self.legal:
                    continue
                if not worth_sticking(r.game, q, c, self.p):
                    kept = c  # losing it would not lower its total
                    continue
                return self.done(action, f"you know it is {_name(c)}, a match for {_name(top)}")
        if kept is not None:
            worth = self.value[kept]
            return self.done(A_PASS, f"your {CARDS[kept].pretty} matches, but it is worth only {worth}: better kept")
        return self.done(A_PASS, f"you know no card that matches {_name(top)}")

    def give(self) -> Explanation:
        mine = self.my_highest()
        if mine is not None:
            mine_worth = self.cv(self.r.hand(self.p)[mine])
            if mine_worth > 0:
                return self.done(slot_action(Kind.GIVE, mine), f"it is your highest card (worth {mine_worth})")
        return self.done(A_KEEP, "none of your cards is worth more than 0")


def _list(values: Any) -> str:
    return ", ".join(str(v) for v in values)


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

    def step(self, view: View, rng: random.Random) -> Action:
        """The move :meth:`explain` gives, without the words (the arena's way)."""
        return rollout_action(_table(view).sample_world(rng), rng)

    def explain(self, view: View, rng: random.Random) -> Explanation:
        world = _table(view).sample_world(rng)
        action = rollout_action(world, rng)
        legal = view.legal_actions()
        candidates = [Candidate(view.action_to_string(a)) for a in legal[:40]]
        return _explained(view, action, _policy_reason(world, action), candidates)


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
            return f"your hand, about {mine}, is well below the others' (about {_list(others)}; {counting})"
        return "the game has gone on long enough: it is time to call"
    if kind == Kind.DRAW:
        call = f"your hand, about {mine}, is not low enough to call cambio, and "
        if A_CAMBIO not in state.legal_actions():  # cambio is called already: calling is no choice now
            call = ""
        if not state.game.take_discard:
            return f"{call}the discard pile cannot be taken" if call else "the discard pile cannot be taken: you draw"
        if not state.discard:
            return f"{call}there is no discard to take"
        return f"{call}{_name(state.discard[-1])} does not beat {your_worst} by {TAKE_GAIN} or more"
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
        return f"you know it matches {_name(state.discard[-1])}"
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
        return f"your worst card, {_name(state.hands[p][slot])}"
    return f"your worst card, one you have not seen (counted {worst})"


# -- a move said to the seat that would make it -------------------------------------------------


def suggest(view: View, action: Action, names: Sequence[str]) -> str:
    """``Swap the 3♥ for your card 3``, ``Look at Computer's card 1``: a move said to its player (cards counted
    from one in each hand, as the board shows them)."""
    table = view_as(view, CambioView)
    if type(action) is not int or action < BASE:
        return f"Play {view.action_to_string(action)}"
    p = view.player
    kind, payload = decode(action)
    drawn = _name(table.drawn) if table.drawn >= 0 else "the drawn card"

    def card_at(q: int, s: int) -> str:
        whose = "your" if q == p else f"{names[q]}'s"
        return f"{whose} card {s + 1}"

    if kind == Kind.CAMBIO:
        return "Call cambio"
    if kind == Kind.DRAW:
        return "Draw a card from the deck"
    if kind == Kind.TAKE:
        return f"Take {_name(table.discard[-1])} from the discard pile"
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
        top = _name(table.discard[-1]) if table.discard else "the discard pile"
        return f"Stick {card_at(payload & 7, payload >> 3)} on {top}"
    if kind == Kind.PASS:
        return "Pass"
    if kind == Kind.GIVE:
        q = table.give_to & 7
        return f"Give {card_at(p, payload)} to {names[q]}"
    return "Keep your cards"
