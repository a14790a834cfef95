"""The Cambio app report's computer players: ``seed-easy`` (computerTurnRandom) and ``seed-hard`` (computerTurn).

They are the levels ``easy`` and ``medium``. Both decide from their own view
only. ``seed-hard`` reproduces the app report's configuration-value
algorithm: the configuration value of a hand is the sum of its cards' values
with every card it does not know counted as 6, and a swap is made when it
lowers that value. Where the app's own code looked at true card values (its
unknown cards), we use what the view knows.
"""

from __future__ import annotations

import random
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
    worth_sticking,
)
from deckhand.games.cambio.view import CambioView
from deckhand.games.cambio.words import place

UNKNOWN_VALUE = 6
"""The app report's value of an unknown card: the average."""


def as_table(view: View) -> CambioView:
    """``view`` as a Cambio view of the seat to move."""
    table = view_as(view, CambioView)
    if view.current_player() != view.player:
        raise IllegalActionError(f"seat {view.player} is not to move")
    return table


def card_name(card: int) -> str:
    """How a sentence names a card, as the table draws it: ``the 3♥``, ``the K♠``, ``the Joker``."""
    return f"the {CARDS[card].pretty}"


def at_place(seat: int, slot: int) -> str:
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

    def step(self, view: View, rng: random.Random) -> int:
        return self._choose(view, rng)[0]

    def explain(self, view: View, rng: random.Random) -> Explanation:
        action, reason = self._choose(view, rng)
        candidates = [Candidate(view.action_to_string(a)) for a in view.legal_actions()]
        return _random(view, action, reason, candidates)

    def _choose(self, view: View, rng: random.Random) -> tuple[int, str]:
        legal = view.legal_actions()
        phase = as_table(view).phase
        if phase == START:
            if A_CAMBIO in legal and rng.random() < self.cambio_chance:
                return A_CAMBIO, "picked at random"
            options = [a for a in legal if a != A_CAMBIO]
            return options[int(rng.random() * len(options))], "picked at random"
        if phase == STICK:
            return A_PASS, "a stick at random is nearly always wrong"
        return legal[int(rng.random() * len(legal))], "picked at random"


def _random(view: View, action: int, reason: str, candidates: list[Candidate]) -> Explanation:
    """A random choice: its reason names no card and no person, so every seat may read it."""
    return explained(view, action, reason, candidates, public=reason)


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
        return _Hard(view, as_table(view), self.cambio_at, quiet=True).decide().action

    def explain(self, view: View, rng: random.Random) -> Explanation:
        r = as_table(view)
        return _Hard(view, r, self.cambio_at).decide()


def explained(
    view: View,
    action: int,
    reason: str,
    candidates: list[Candidate],
    data: dict[str, Any] | None = None,
    public: str | None = None,
) -> Explanation:
    if public is None:
        public = public_reason(as_table(view), action)
    return Explanation(action, view.action_to_string(action), reason, candidates, data or {}, public)


def public_reason(table: CambioView, action: int) -> str:
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

    def done(self, action: int, reason: str, candidates: list[Candidate] | None = None, **data: Any) -> Explanation:
        if action not in self.legal:  # never happens by construction; keep the promise anyway
            action = A_SKIP if A_SKIP in self.legal else self.legal[-1]
        if self.quiet:
            return Explanation(action, "", "")
        if candidates is None:
            candidates = [Candidate(self.view.action_to_string(a)) for a in self.legal[:40]]
        data.setdefault("configuration_value", self.config(self.p))
        return explained(self.view, action, reason, candidates, data)

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
                    f"({listed(others.values())}; a card you do not know counts {UNKNOWN_VALUE})",
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

    def switch(self, q: int, t: int, s: int) -> int:
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
                    f"you give your highest card (worth {mv}) for {card_name(self.r.hand(q)[t])}, which you know",
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
        what = f"{card_name(r.hand(q)[t])}, {at_place(q, t)},"
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
                return self.done(action, f"you know it is {card_name(c)}, a match for {card_name(top)}")
        if kept is not None:
            worth = self.value[kept]
            return self.done(A_PASS, f"your {CARDS[kept].pretty} matches, but it is worth only {worth}: better kept")
        return self.done(A_PASS, f"you know no card that matches {card_name(top)}")

    def give(self) -> Explanation:
        mine = self.my_highest()
        if mine is not None:
            mine_worth = self.cv(self.r.hand(self.p)[mine])
            if mine_worth > 0:
                return self.done(slot_action(Kind.GIVE, mine), f"it is your highest card (worth {mine_worth})")
        return self.done(A_KEEP, "none of your cards is worth more than 0")


def listed(values: Any) -> str:
    """Numbers in a sentence: ``12, 9``."""
    return ", ".join(str(v) for v in values)
