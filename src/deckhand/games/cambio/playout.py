"""A cheap playout policy that plays Cambio sensibly: a handful of int operations a move.

Every decision uses only what the seat to move knows (its bits in
``known``), so the policy is fair in a sampled world and may also be played
as an agent. A card the seat has not seen counts ``UNKNOWN_VALUE`` (about
the deck's average); an opponent's card that the opponent has seen but this
seat has not counts ``KEPT_VALUE``: players keep their good cards, so a card
somebody looked at and left in place is likely low.

* Start of turn: cambio when the seat's estimate is at most ``CAMBIO_AT``, or
  ``CAMBIO_MARGIN`` below every opponent's, or the game has run long; take
  the top discard when it improves the hand by ``TAKE_GAIN``; else draw.
* A drawn card replaces the worst card when it is lower by ``SWAP_GAIN``
  (an unseen card counts as average), else it is discarded for its power.
* Peeks look at a card the seat has not seen; a switch gives away the seat's
  worst card for the opponent card it reckons lowest, if ``SWITCH_GAIN`` lower.
* Stick windows: stick a card known to match (never an own card worth 0 or less,
  which would not lower the total), else pass; give the worst card.

:func:`play_out` is the search playouts' loop: the policy's moves and the
sampled cards are legal, so it skips the checks.
"""

from __future__ import annotations

import random

from deckhand.core.deck import pile_sample
from deckhand.games.cambio.actions import (
    A_CAMBIO,
    A_DISCARD,
    A_DRAW,
    A_KEEP,
    A_PASS,
    A_SKIP,
    A_TAKE,
    Kind,
    pos_action,
    slot_action,
    switch_action,
)
from deckhand.games.cambio.options import CambioSetup
from deckhand.games.cambio.phases import (
    CHANCE_PHASES,
    EMPTY,
    END,
    GIVE,
    HOLD,
    KING_PEEK,
    KING_SWITCH,
    PEEK_OTHER_P,
    PEEK_OWN_P,
    START,
    STICK,
    SWITCH_P,
)
from deckhand.games.cambio.state import CambioState

UNKNOWN_VALUE = 6
"""An unseen card: about the deck's average."""
KEPT_VALUE = 3
"""An opponent's card that the opponent has seen and kept."""
CAMBIO_AT = 6
"""Call cambio once the seat's own estimate is this low..."""
CAMBIO_MARGIN = 9
"""...or this far below every opponent's estimate..."""
CAMBIO_BY_ROUND = 20
"""...or, to keep playouts short, from this round on."""
TAKE_GAIN = 4
SWAP_GAIN = 1
SWITCH_GAIN = 1
SWAP_SLOT = tuple(slot_action(Kind.SWAP, s) for s in range(16))
"""``swap S`` by slot for the usual slots, built once: the commonest move of a playout."""


def worth(state: CambioState, seat: int, slot: int, me: int) -> int:
    """What the card at ``seat.slot`` is worth to seat ``me``'s reckoning."""
    card = state.hands[seat][slot]
    mask = state.known[seat][slot]
    if mask >> me & 1:
        return state.game.value[card]
    if seat != me and mask >> seat & 1:
        return KEPT_VALUE
    return UNKNOWN_VALUE


def estimate(state: CambioState, seat: int, me: int) -> int:
    """Seat ``me``'s estimate of the total of ``seat``'s hand."""
    value = state.game.value
    mine = 1 << me
    theirs = 0 if seat == me else 1 << seat
    known = state.known[seat]
    total = 0
    s = 0  # an index kept by hand: faster here than zip() or enumerate()
    for c in state.hands[seat]:
        if c != EMPTY:
            m = known[s]
            total += value[c] if m & mine else KEPT_VALUE if m & theirs else UNKNOWN_VALUE
        s += 1  # noqa: SIM113 - measured: enumerate() and zip() cost 2.5x here
    return total


def worst_slot(state: CambioState, me: int) -> tuple[int, int]:
    """(slot, worth) of ``me``'s worst card by its own reckoning; (-1, -99) with no cards."""
    best, best_slot = -99, -1
    value = state.game.value
    bit = 1 << me
    known = state.known[me]
    s = 0
    for c in state.hands[me]:
        if c != EMPTY:
            v = value[c] if known[s] & bit else UNKNOWN_VALUE
            if v > best:
                best, best_slot = v, s
        s += 1  # noqa: SIM113 - as above
    return best_slot, best


def worth_sticking(game: CambioSetup, seat: int, card: int, me: int) -> bool:
    """Whether ``me`` gains by sticking ``card`` from ``seat``: one's own only when worth more than 0."""
    return seat != me or game.value[card] > 0


def rollout_action(state: CambioState, rng: random.Random) -> int:
    """A playout move for the player to move (chance nodes are sampled by the caller)."""
    phase = state.phase
    p = state.mover
    if phase == START:
        return _start(state, p)
    if phase == HOLD:
        slot, worst = worst_slot(state, p)
        if slot >= 0 and (state.took or state.game.value[state.drawn] + SWAP_GAIN <= worst):
            return SWAP_SLOT[slot] if slot < len(SWAP_SLOT) else slot_action(Kind.SWAP, slot)
        return A_DISCARD
    if phase == PEEK_OWN_P:
        return _peek(state, [p], p)
    if phase in (PEEK_OTHER_P, KING_PEEK):
        n = state.game.players
        offset = int(rng.random() * (n - 1)) if n > 2 else 0  # the other seats, from a random one
        return _peek(state, [(p + 1 + (offset + k) % (n - 1)) % n for k in range(n - 1)], p)
    if phase in (SWITCH_P, KING_SWITCH):
        return _switch(state, p)
    if phase == STICK:
        return _stick(state, p)
    if phase == GIVE:
        slot, _ = worst_slot(state, p)
        return slot_action(Kind.GIVE, slot) if slot >= 0 else A_KEEP
    actions = state.legal_actions()
    action = actions[int(rng.random() * len(actions))]
    assert isinstance(action, int)
    return action


def _start(state: CambioState, p: int) -> int:
    if state.caller < 0:
        n = state.game.players
        mine = estimate(state, p, p)
        if mine <= CAMBIO_AT or state.turns >= CAMBIO_BY_ROUND * n:
            return A_CAMBIO
        if state.turns >= n:
            bar = mine + CAMBIO_MARGIN
            for q in range(n):
                if q != p and estimate(state, q, p) < bar:
                    break
            else:
                return A_CAMBIO
    game = state.game
    if game.take_discard and state.discard:
        gain = game.value[state.discard[-1]] + TAKE_GAIN
        # No card is worth more than the top value (or an unseen card's): then nothing to look for.
        if gain <= game.top_value or gain <= UNKNOWN_VALUE:
            _, worst = worst_slot(state, p)
            if gain <= worst:
                return A_TAKE
    return A_DRAW


def _peek(state: CambioState, seats: list[int], p: int) -> int:
    bit = 1 << p
    for q in seats:
        for s, (c, m) in enumerate(zip(state.hands[q], state.known[q], strict=True)):
            if c != EMPTY and not m & bit:
                return pos_action(Kind.PEEK, q, s)
    return A_SKIP


def _switch(state: CambioState, p: int) -> int:
    """Trade ``p``'s worst card for the opponent card ``p`` thinks lowest, if it gains enough.

    An opponent's card ``p`` has not seen counts as the opponent's card is
    likely to be (``worth``): a blind switch of a king for it still pays.
    """
    slot, worst = worst_slot(state, p)
    if slot < 0:
        return A_SKIP
    best, where = 99, (-1, -1)
    if state.phase == KING_SWITCH and state.game.king_peeked:
        q, t = state.peeked & 7, state.peeked >> 3
        if not state.locked(q) and state.hands[q][t] != EMPTY:
            best, where = worth(state, q, t, p), (q, t)
    else:
        for q in range(state.game.players):
            if q == p or state.locked(q):
                continue
            for t, c in enumerate(state.hands[q]):
                if c != EMPTY:
                    v = worth(state, q, t, p)
                    if v < best:
                        best, where = v, (q, t)
    if where[0] >= 0 and best + SWITCH_GAIN <= worst:
        return switch_action(p, slot, where[0], where[1])
    return A_SKIP


def _stick(state: CambioState, p: int) -> int:
    top = state.game.rank[state.discard[-1]]
    rank = state.game.rank
    bit = 1 << p
    for q in range(state.game.players):
        if q == state.caller:
            continue
        for s, (c, m) in enumerate(zip(state.hands[q], state.known[q], strict=True)):
            if c != EMPTY and m & bit and rank[c] == top and worth_sticking(state.game, q, c, p):
                return pos_action(Kind.STICK, q, s)
    return A_PASS


def play_out(state: CambioState, rng: random.Random) -> list[float]:
    """Play ``state`` on in place to the end with the policy; the returns.

    No legality checks: the policy's moves and the sampled cards are legal.
    ``rollout_action`` is read at call time, so a benchmark may swap the policy.
    """
    stack = state.game.stack
    while True:
        phase = state.phase
        if phase == END:
            return state.returns()
        if phase not in CHANCE_PHASES:
            state.apply_unchecked(rollout_action(state, rng))
        elif stack:
            state.apply_unchecked(pile_sample(state.pile, stack, state.ndrawn, rng))
        else:
            state.draw_at(int(rng.random() * len(state.pile)))
