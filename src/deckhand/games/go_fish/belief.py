"""What a seat can know of the cards it cannot see, and worlds dealt to agree with all of it.

A card that enters a hand unseen takes that hand's next *slot*: its first,
second, ... unseen arrival (a card dealt, or drawn and not shown). The
public history says a good deal about the card in each slot:

* a card still held arrived after the last time the table learned that its
  holder held none of its rank (it said "go fish" to it, or handed its rank
  over), so four cards of a rank are never all in one hand;
* a card that left (handed over, or laid down in a book) was held until
  then: if it arrived unseen, its slot lies between the last "none of that
  rank" before it left and the moment it left;
* a draw after "go fish" that was not shown is not of the rank asked for;
  an unseen draw that completed a book is of the book's rank;
* a seat that asked for a rank held one: some slot since its last "none of
  that rank" holds one, unless it held one the table had seen.

A world gives every slot of the other seats a card and the rest to the
stock, keeping all of these: each slot is one draw of the history, so a world
is a whole history, and the world's history replays to the world. Worlds are
drawn by a chain of random swaps, each kept only if every fact still holds:
its stationary distribution is uniform over the histories the table's facts
allow (it does not weigh how players choose their questions). With a stacked deck
(``deck=``) a world keeps which cards were dealt, not the stack's order.

>>> import random
>>> from deckhand import load_game
>>> game = load_game("go_fish")
>>> state = game.new_initial_state()
>>> rng = random.Random(3)
>>> while state.is_chance_node():
...     state.apply_action(state.sample_chance_outcome(rng))
>>> facts = read_facts(state, 0)
>>> len(facts.slot_seat), facts.stock      # seat 1's seven cards, the 38 left
(7, 38)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from deckhand.games.go_fish.options import DECK_SIZE, RANK_COUNT
from deckhand.games.go_fish.state import ASK_BASE, HIDDEN, GoFishState, book_cards, note_ask, note_draw

MIXING = 6
"""Swap proposals per place (slot or stock card) from the chain's start to a world."""
BURN_IN = 10
"""Swap proposals per place from the first assignment found to the chain's start."""
RESTARTS = 20
"""Fresh starts before the facts are declared impossible (a true history always allows one)."""


@dataclass
class Facts:
    """Everything a seat knows of the unseen cards: slots, their constraints, the cards to place."""

    slot_seat: list[int] = field(default_factory=list)
    slot_arrival: list[int] = field(default_factory=list)
    """The slot's place among its seat's unseen arrivals, from 1."""
    slot_action: list[int] = field(default_factory=list)
    """The index of its draw in the history, or -1 (a hand set up without a history)."""
    slot_forbid: list[int] = field(default_factory=list)
    """The rank it is not (a draw after "go fish" for it, not shown), or -1."""
    slot_book: list[int] = field(default_factory=list)
    """The rank it is (a draw that completed a book of it), or -1."""
    none_since: dict[int, list[int]] = field(default_factory=dict)
    """Per seat and rank: its unseen arrivals when it was last known to hold none of the rank (it only grows)."""
    cards: list[int] = field(default_factory=list)
    """Cards that left an unseen slot (first), then the cards nobody has seen (free)."""
    card_seat: list[int] = field(default_factory=list)
    """For a card that left a slot, the seat; -1 for a free card."""
    card_window: list[tuple[int, int]] = field(default_factory=list)
    """For a card that left a slot: its slot's arrival lies in (lo, hi]."""
    asked: list[tuple[int, int, int, int]] = field(default_factory=list)
    """(seat, rank, lo, hi): the seat asked for the rank, so one of its slots with arrival in (lo, hi] held one."""
    room: dict[int, list[int]] = field(default_factory=dict)
    """Per seat and rank: how many unseen cards of it the hand may hold (three, less those seen in it)."""
    stock: int = 0


def masked_history(state: GoFishState, player: int) -> list[int]:
    """The history as ``player`` saw it: every draw it did not see is ``HIDDEN``."""
    out = []
    for action, note in zip(state.actions, state.notes, strict=True):
        if action < ASK_BASE:
            drawer, shown, _ = note_draw(note)
            if drawer != player and not shown:
                action = HIDDEN
        out.append(action)
    return out


def read_facts(state: GoFishState, player: int, history: list[int] | None = None, *, sure_first: bool = False) -> Facts:
    """The facts ``player`` knows, read from ``history`` (masked, ``masked_history``) and ``state``'s notes.

    ``state`` may be a view's copy: only its public parts and the viewer's hand are read.
    A state set up without its whole history (tests' positions) is read from its facts alone.
    ``sure_first`` adds what a sensible player's questions say: one who asks a question the table
    cannot be sure of held none of the ranks the table knew another seat to hold (it would have
    asked for those first), except where its own questions already showed otherwise.
    """
    if history is None:
        history = masked_history(state, player)
    n = len(state.hands)
    others = [q for q in range(n) if q != player]
    hidden_now = {q: sum(1 for c in state.hands[q] if c < 0 or not state.seen[q] >> c & 1) for q in others}
    draws = sum(1 for a in history if a < ASK_BASE)
    facts = _from_history(state, player, history, others, sure_first) if draws == state.drawn else None
    if facts is None or any(
        sum(1 for s in facts.slot_seat if s == q) - sum(1 for s in facts.card_seat if s == q) != hidden_now[q]
        for q in others
    ):
        facts = _from_position(state, others, hidden_now)
    narrowest: dict[tuple[int, int, int], int] = {}
    for seat, rank, lo, hi in facts.asked:  # a card in the narrowest window meets the wider ones of its span
        key = (seat, rank, lo)
        narrowest[key] = min(hi, narrowest.get(key, hi))
    facts.asked = [(seat, rank, lo, hi) for (seat, rank, lo), hi in narrowest.items()]
    _add_free(facts, state, player)
    return facts


def _from_history(state: GoFishState, player: int, history: list[int], others: list[int], sure_first: bool) -> Facts:
    n = len(state.hands)
    # per seat, each unseen arrival: (action index, the rank it is not, the rank of the book it completed)
    slots: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    none_since = [[0] * RANK_COUNT for _ in range(n)]
    seen: list[set[int]] = [set() for _ in range(n)]
    asked = [0] * n  # ranks each seat asked for and has not handed over since
    size = [0] * n
    facts = Facts()
    fishing = (-1, -1)
    for i, (action, note) in enumerate(zip(history, state.notes, strict=True)):
        if action >= ASK_BASE:
            p, booked, given = note_ask(note)
            q, r = divmod(action - ASK_BASE, RANK_COUNT)
            if p != player and not any(c % RANK_COUNT == r for c in seen[p]):
                facts.asked.append((p, r, none_since[p][r], len(slots[p])))
            if sure_first and p != player:
                known = [asked[t] | sum(1 << c % RANK_COUNT for c in seen[t]) for t in range(n)]
                if not known[q] >> r & 1:  # a question the table could not be sure of
                    for t in range(n):
                        if t != p and size[t]:
                            for rank in range(RANK_COUNT):
                                if known[t] >> rank & 1 and not known[p] >> rank & 1:
                                    none_since[p][rank] = len(slots[p])
            asked[p] |= 1 << r
            asked[q] &= ~(1 << r)
            size[q] -= len(given)
            size[p] += len(given)
            _leave(facts, q, r, given, player, seen, none_since, slots)
            seen[p].update(given)
            if booked:
                _booked(facts, p, r, player, seen, none_since, slots, asked, size)
            fishing = (p, r) if not given else (-1, -1)
            continue
        drawer, shown, book = note_draw(note)
        size[drawer] += 1
        if shown:
            seen[drawer].add(action)
        elif action == HIDDEN:
            forbid = fishing[1] if fishing[0] == drawer else -1
            slots[drawer].append((i, forbid, book))
        if book >= 0:
            _booked(facts, drawer, book, player, seen, none_since, slots, asked, size)
        fishing = (-1, -1)
    for q in others:
        for arrival, (index, forbid, book) in enumerate(slots[q], 1):
            _slot(facts, q, arrival, index, forbid, book)
        facts.none_since[q] = none_since[q]
    return facts


def _left(facts: Facts, card: int, seat: int, lo: int, hi: int) -> None:
    """``card`` left ``seat``'s hand from an unseen slot with arrival in (lo, hi]."""
    facts.cards.append(card)
    facts.card_seat.append(seat)
    facts.card_window.append((lo, hi))


def _booked(
    facts: Facts,
    seat: int,
    rank: int,
    player: int,
    seen: list[set[int]],
    none_since: list[list[int]],
    slots: list[list[tuple[int, int, int]]],
    asked: list[int],
    size: list[int],
) -> None:
    size[seat] -= 4
    for t in range(len(asked)):
        asked[t] &= ~(1 << rank)
    _leave(facts, seat, rank, book_cards(rank), player, seen, none_since, slots)


def _leave(
    facts: Facts,
    seat: int,
    rank: int,
    cards: list[int],
    player: int,
    seen: list[set[int]],
    none_since: list[list[int]],
    slots: list[list[tuple[int, int, int]]],
) -> None:
    """Every card of ``rank`` leaves ``seat`` (handed over, or laid down): those it took unseen left its slots
    since it last held none, and from now it holds none."""
    if seat != player:
        for c in cards:
            if c not in seen[seat]:
                _left(facts, c, seat, none_since[seat][rank], len(slots[seat]))
    seen[seat].difference_update(cards)
    none_since[seat][rank] = len(slots[seat])


def _slot(facts: Facts, seat: int, arrival: int, index: int, forbid: int, book: int) -> None:
    facts.slot_seat.append(seat)
    facts.slot_arrival.append(arrival)
    facts.slot_action.append(index)
    facts.slot_forbid.append(forbid)
    facts.slot_book.append(book)


def _from_position(state: GoFishState, others: list[int], hidden_now: dict[int, int]) -> Facts:
    """Facts of a position without its history: its hands' unseen cards, what it lacks and holds."""
    facts = Facts()
    for q in others:
        count = hidden_now[q]
        for arrival in range(1, count + 1):
            _slot(facts, q, arrival, -1, -1, -1)
        facts.none_since[q] = [count if state.lacks[q] >> r & 1 else 0 for r in range(RANK_COUNT)]
        shown = {c % RANK_COUNT for c in state.hands[q] if c >= 0 and state.seen[q] >> c & 1}
        facts.asked += [(q, r, 0, count) for r in range(RANK_COUNT) if state.holds[q] >> r & 1 and r not in shown]
    return facts


def _add_free(facts: Facts, state: GoFishState, player: int) -> None:
    """The cards nobody has seen (the viewer's own are seen), the room for them and the size of the stock."""
    for q in facts.none_since:
        room = [3] * RANK_COUNT  # four of a rank would have been laid down
        for c in state.hands[q]:
            if c >= 0 and state.seen[q] >> c & 1:
                room[c % RANK_COUNT] -= 1
        facts.room[q] = room
    known = {
        c for q, hand in enumerate(state.hands) for c in hand if c >= 0 and (q == player or state.seen[q] >> c & 1)
    }
    known.update(c for books in state.books for r in books for c in book_cards(r))
    for c in range(DECK_SIZE):
        if c not in known:
            facts.cards.append(c)
            facts.card_seat.append(-1)
            facts.card_window.append((0, 0))
    facts.stock = len(state.stock)


class Worlds:
    """Assignments of ``facts.cards`` to the slots and the stock that keep every fact.

    The chain's start is fixed by the facts alone, and each world is a walk
    from it with the caller's rng: the same rng gives the same world, however
    many were dealt before (an agent's hint and its move agree).
    """

    def __init__(self, facts: Facts, rng: random.Random | None = None) -> None:
        rng = rng or random.Random(len(facts.cards) * 1009 + len(facts.slot_seat))
        self.facts = facts
        self.slots = len(facts.slot_seat)
        self.places = len(facts.cards)
        """Slots, then the stock, then (in a position set up with cards out of play) the cards left out."""
        if self.places < self.slots + facts.stock:
            raise ValueError("the view's facts cannot all hold: the unseen cards do not fill the hands and stock")
        self.rank = [c % RANK_COUNT for c in facts.cards]
        self.free = [seat < 0 for seat in facts.card_seat]
        self.same_rank: list[list[int]] = [[] for _ in range(RANK_COUNT)]
        for k, r in enumerate(self.rank):
            self.same_rank[r].append(k)
        self.asked_of: dict[int, list[int]] = {}
        for k, (seat, _, _, _) in enumerate(facts.asked):
            self.asked_of.setdefault(seat, []).append(k)
        for _ in range(RESTARTS):
            at = self._start(rng)
            if at is None:
                continue
            self.at = at
            if not self._broken():
                self.held = {q: [0] * RANK_COUNT for q in facts.none_since}
                for s in range(self.slots):
                    if self.free[at[s]]:
                        self.held[facts.slot_seat[s]][self.rank[at[s]]] += 1
                self.step(rng, BURN_IN * self.places)
                self.start = (self.at[:], {q: counts[:] for q, counts in self.held.items()})
                return
        raise ValueError("the view's facts cannot all hold: no deal of the unseen cards keeps them")

    def fits(self, k: int, place: int) -> bool:
        """Whether card ``k`` (of ``facts.cards``) may lie at ``place`` (a slot, or the stock past them)."""
        f = self.facts
        if place >= self.slots:
            return f.card_seat[k] < 0
        r = self.rank[k]
        book = f.slot_book[place]
        if r == f.slot_forbid[place] or (book >= 0 and r != book):
            return False
        seat, arrival = f.slot_seat[place], f.slot_arrival[place]
        owner = f.card_seat[k]
        if owner >= 0:
            lo, hi = f.card_window[k]
            return owner == seat and lo < arrival <= hi
        return arrival > f.none_since[seat][r]

    def _start(self, rng: random.Random) -> list[int] | None:
        """Some assignment keeping every fact: each question asked given a card of its rank to lodge in its window,
        cards that must lie in a slot lodged first, then every other slot filled; the rest is the stock."""
        f = self.facts
        cards = range(len(f.cards))
        window: dict[int, tuple[int, int, int]] = {}  # card -> (seat, lo, hi) it must lie in
        for seat, rank, lo, hi in f.asked:
            if lo >= f.none_since[seat][rank]:  # since the seat last held none: a card still held
                options = [k for k in cards if self.free[k] and self.rank[k] == rank and k not in window]
            else:  # an earlier spell: a card that left at its end
                options = [
                    k for k in cards if f.card_seat[k] == seat and self.rank[k] == rank and f.card_window[k][0] == lo
                ]
            if not options:
                return None
            k = rng.choice(options)
            old = window.get(k, (seat, lo, hi))
            window[k] = (seat, lo, min(hi, old[2]))
        held = {q: [0] * RANK_COUNT for q in f.none_since}
        slot_of: dict[int, int] = {}
        card_at: dict[int, int] = {}

        def fits(k: int, slot: int) -> bool:
            if not self.fits(k, slot):
                return False
            seat = f.slot_seat[slot]
            if k in window:
                q, lo, hi = window[k]
                if q != seat or not lo < f.slot_arrival[slot] <= hi:
                    return False
            if self.free[k] and (k not in slot_of or f.slot_seat[slot_of[k]] != seat):
                return held[seat][self.rank[k]] < f.room[seat][self.rank[k]]
            return True

        def move(k: int, slot: int) -> None:
            if self.free[k]:
                if k in slot_of:
                    held[f.slot_seat[slot_of[k]]][self.rank[k]] -= 1
                held[f.slot_seat[slot]][self.rank[k]] += 1
            slot_of[k], card_at[slot] = slot, k

        def place(slot: int, seen: set[int]) -> bool:  # an augmenting path from an unfilled slot
            options = [k for k in cards if k not in seen and fits(k, slot)]
            rng.shuffle(options)
            options.sort(key=lambda k: k in slot_of)  # unplaced cards first
            for k in options:
                seen.add(k)
                if k not in slot_of:
                    move(k, slot)
                    return True
                if place(slot_of[k], seen):  # its old slot took another card: ``k`` moves
                    move(k, slot)
                    return True
            return False

        def lodge(k: int, seen: set[int]) -> bool:  # an augmenting path from a card that must lie in a slot
            options = [s for s in range(self.slots) if s not in seen and fits(k, s)]
            rng.shuffle(options)
            options.sort(key=lambda s: s in card_at)
            for s in options:
                seen.add(s)
                if s not in card_at or lodge(card_at[s], seen):
                    move(k, s)
                    return True
            return False

        for k in [*window, *(k for k in cards if not self.free[k] and k not in window)]:
            if k not in slot_of and not lodge(k, set()):
                return None
        for s in rng.sample(range(self.slots), self.slots):
            if s not in card_at and not place(s, set()):
                return None
        rest = [k for k in cards if k not in slot_of]
        rng.shuffle(rest)
        return [card_at[s] for s in range(self.slots)] + rest

    def _broken(self) -> bool:
        """Whether a fact of more than one card fails: an asked rank missing from its window, a hand over its room."""
        f, at = self.facts, self.at
        for seat, rank, lo, hi in f.asked:
            if not any(
                f.slot_seat[s] == seat and lo < f.slot_arrival[s] <= hi and self.rank[at[s]] == rank
                for s in range(self.slots)
            ):
                return True
        held = {q: [0] * RANK_COUNT for q in f.none_since}
        for s in range(self.slots):
            if self.free[at[s]]:
                held[f.slot_seat[s]][self.rank[at[s]]] += 1
        return any(n > room for q, counts in held.items() for n, room in zip(counts, f.room[q], strict=True))

    def step(self, rng: random.Random, proposals: int) -> None:
        """Random swaps, each kept if every fact still holds: half of any two places, half of two cards
        of one rank (wherever they lie), so that which card of a rank a slot holds mixes fast too."""
        places, slots, at, rank, same = self.places, self.slots, self.at, self.rank, self.same_rank
        where = [0] * places
        for place, k in enumerate(at):
            where[k] = place
        draw = rng.random
        for n in range(proposals):
            i = int(draw() * places)
            if n & 1:
                kin = same[rank[at[i]]]
                if len(kin) < 2:
                    continue
                k = kin[int(draw() * len(kin))]
                j = where[k]
            else:
                j = int(draw() * places)
            if i != j and (i < slots or j < slots) and self._swap(i, j):
                where[at[i]], where[at[j]] = i, j

    def _swap(self, i: int, j: int) -> bool:
        at, f = self.at, self.facts
        x, y = at[i], at[j]
        if not (self.fits(y, i) and self.fits(x, j)):
            return False
        rx, ry = self.rank[x], self.rank[y]
        si = f.slot_seat[i] if i < self.slots else -1
        sj = f.slot_seat[j] if j < self.slots else -1
        moves = si != sj and (self.free[x] or self.free[y]) and (rx != ry or self.free[x] != self.free[y])
        if moves:  # a free card changes hands: each hand keeps its room
            if self.free[y] and si >= 0 and self.held[si][ry] + 1 - (self.free[x] and rx == ry) > f.room[si][ry]:
                return False
            if self.free[x] and sj >= 0 and self.held[sj][rx] + 1 - (self.free[y] and rx == ry) > f.room[sj][rx]:
                return False
        if f.asked and rx != ry:
            change: dict[int, int] = {}
            self._count(change, i, x, y)
            self._count(change, j, y, x)
            if change and not self._still_met(change):
                return False
        if moves:
            for seat, out, into in ((si, x, y), (sj, y, x)):
                if seat >= 0:
                    if self.free[out]:
                        self.held[seat][self.rank[out]] -= 1
                    if self.free[into]:
                        self.held[seat][self.rank[into]] += 1
        at[i], at[j] = y, x
        return True

    def _count(self, change: dict[int, int], place: int, out: int, into: int) -> None:
        """How many cards of each asked rank its window gains when ``out`` at ``place`` becomes ``into``."""
        if place >= self.slots:
            return
        f = self.facts
        arrival = f.slot_arrival[place]
        for k in self.asked_of.get(f.slot_seat[place], ()):
            _, rank, lo, hi = f.asked[k]
            if lo < arrival <= hi:
                delta = (self.rank[into] == rank) - (self.rank[out] == rank)
                if delta:
                    change[k] = change.get(k, 0) + delta

    def _still_met(self, change: dict[int, int]) -> bool:
        f = self.facts
        for k, delta in change.items():
            if delta >= 0:
                continue
            seat, rank, lo, hi = f.asked[k]
            held = sum(
                1
                for s in range(self.slots)
                if f.slot_seat[s] == seat and lo < f.slot_arrival[s] <= hi and self.rank[self.at[s]] == rank
            )
            if held + delta < 1:
                return False
        return True

    def deal(self, rng: random.Random) -> tuple[dict[int, list[int]], list[int], dict[int, int]]:
        """A world: each seat's unseen cards still held, the stock, and the card of each drawn slot."""
        self.at, held = self.start[0][:], self.start[1]
        self.held = {q: counts[:] for q, counts in held.items()}
        self.step(rng, MIXING * self.places)
        f = self.facts
        hands: dict[int, list[int]] = {q: [] for q in f.none_since}
        draws: dict[int, int] = {}
        for s in range(self.slots):
            k = self.at[s]
            card = f.cards[k]
            if self.free[k]:
                hands[f.slot_seat[s]].append(card)
            if f.slot_action[s] >= 0:
                draws[f.slot_action[s]] = card
        return hands, [f.cards[k] for k in self.at[self.slots : self.slots + f.stock]], draws
