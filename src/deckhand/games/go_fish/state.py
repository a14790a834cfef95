"""The rules of Go Fish: asking, handing over, fishing, books; every draw is a chance node.

The state is plain ints so that ``clone()`` stays cheap for searches: a card
is its deck index (suit * 13 + rank), a rank is 0 (ace) to 12 (king), an ask
is one int. What the table has learned is kept beside the cards (``seen``,
``holds``, ``lacks``) because it is part of the rules: views show it, and once
the stock is empty nobody may repeat a question whose answer the table knows
(so that every game ends).
"""

from __future__ import annotations

import random

from deckhand.core.cards import CODES, Rank
from deckhand.core.deck import pile_allows, pile_outcomes, pile_sample
from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.protocol import JSON, State
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.core.words import RANK_PLURALS
from deckhand.games.go_fish.options import DECK_SIZE, RANK_COUNT, GoFishSetup

HIDDEN = -1
"""A card a view cannot see (in a view's private copy of the state)."""

DEAL, ASK, FISH, REFILL, LONE, OVER = range(6)
PHASES = ("deal", "ask", "fish", "draw", "draw-and-pass", "over")
"""The phases: dealing, a seat to ask, its go-fish draw, an empty hand's draw, a draw with nobody to ask, the end."""

RANKS = "A23456789XJQK"
"""Rank letters as card codes write them (X is ten)."""

PLURALS: tuple[str, ...] = tuple(RANK_PLURALS[rank] for rank in list(Rank)[:RANK_COUNT])
"""Ranks in sentences, as players say them: "asks seat 1 for 7s" (aces, 2s … 10s, jacks) names no one card."""

ASK_BASE = 64
"""Asks are ``ASK_BASE + 13 * seat + rank``; chance outcomes are card indices 0-51."""


def rank_of(card: int) -> int:
    return card % RANK_COUNT


def ask_action(seat: int, rank: int) -> int:
    """The action "ask ``seat`` for ``rank``"."""
    return ASK_BASE + RANK_COUNT * seat + rank


def ask_parts(action: object) -> tuple[int, int] | None:
    """``(seat, rank)`` of an ask, or None when ``action`` is not one."""
    if type(action) is not int or action < ASK_BASE:
        return None
    return divmod(action - ASK_BASE, RANK_COUNT)


def by_rank(cards: list[int]) -> list[int]:
    """Cards sorted as a player holds them: by rank, then suit."""
    return sorted(cards, key=lambda c: (c % RANK_COUNT, c))


def book_cards(rank: int) -> list[int]:
    """The four cards of a rank, spades first."""
    return [suit * RANK_COUNT + rank for suit in range(4)]


class GoFishState(State[int]):
    """A game of Go Fish in progress; its rules are in rules.md beside it."""

    game: GoFishSetup

    def __init__(self, game: GoFishSetup) -> None:
        n = game.num_players
        self.game = game
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = list(range(DECK_SIZE))
        self.drawn = 0
        self.books: list[list[int]] = [[] for _ in range(n)]
        """Ranks of each seat's books, in the order they were laid down."""
        self.booked = 0
        self.seen: list[int] = [0] * n
        """Per seat, a bit per card: the cards in its hand the whole table has seen."""
        self.holds: list[int] = [0] * n
        """Per seat, a bit per rank: it asked for the rank, so it holds at least one."""
        self.lacks: list[int] = [0] * n
        """Per seat, a bit per rank: it holds none (it said "go fish" or gave them away) since its last unseen draw."""
        self.player = 0
        self.phase = DEAL
        self.asking = -1
        self.actions: list[int] = []
        self.notes: list[int] = []
        """Per action, what the whole table saw of it (``note_ask``, ``note_draw``): what seat
        views and their worlds read the history from, since a draw's card is not public."""
        self._legal: list[int] | None = None
        """The asks open now, kept until the next action (``legal_actions``, ``apply_action``)."""

    # -- whose turn ------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == ASK:
            return self.player
        return TERMINAL if self.phase == OVER else CHANCE

    def is_chance_node(self) -> bool:
        return self.phase != ASK and self.phase != OVER

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        if self.phase == ASK:
            legal = self._legal
            if legal is None:
                legal = self._legal = self.asks()
            return list(legal)
        if self.phase == OVER:
            return []
        return [card for card, _ in self.chance_outcomes()]

    def asks(self) -> list[int]:
        """The asks open to the seat to move: another seat holding cards, a rank it holds."""
        p = self.player
        ranks = sorted({c % RANK_COUNT for c in self.hands[p]})
        strict = not self.stock
        out: list[int] = []
        for q, hand in enumerate(self.hands):
            if q == p or not hand:
                continue
            base = ASK_BASE + RANK_COUNT * q
            lacks = self.lacks[q]
            if strict and lacks:
                out += [base + r for r in ranks if not lacks >> r & 1]
            else:
                out += [base + r for r in ranks]
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase in (ASK, OVER):
            raise IllegalActionError("not a chance node")
        return list(pile_outcomes(self.stock, self.game.stack, self.drawn))

    def sample_chance_outcome(self, rng: random.Random) -> int:
        stack = self.game.stack
        if stack:
            return pile_sample(self.stock, stack, self.drawn, rng)
        stock = self.stock
        return stock[int(rng.random() * len(stock))]

    # -- moves -------------------------------------------------------------
    def illegal(self, action: object) -> str | None:
        """Why ``action`` may not be played now (naming the rule), or None when it may."""
        if type(action) is not int:
            return f"{quote(action, 40)} is not a Go Fish action"
        if self.phase == OVER:
            return "the game is over"
        if self.phase != ASK:
            if not 0 <= action < DECK_SIZE:
                return "a card is drawn from the stock now: the action is a card code"
            if not pile_allows(self.stock, self.game.stack, self.drawn, action):
                return f"{CODES[action]} cannot be drawn: it is not in the stock (or not the next stacked card)"
            return None
        parts = ask_parts(action)
        if parts is None:
            return f"seat {self.player} is to ask a seat for a rank, not to draw"
        q, r = parts
        p = self.player
        if q >= len(self.hands):
            return f"there is no seat {q}: seats are 0 to {len(self.hands) - 1}"
        if q == p:
            return "you ask another seat, not yourself"
        if not self.hands[q]:
            return f"seat {q} has no cards to ask for"
        if all(rank_of(c) != r for c in self.hands[p]):
            return f"you may only ask for a rank you hold, and you hold no {PLURALS[r]}"
        if not self.stock and self.lacks[q] >> r & 1:
            return f"seat {q} is known to hold no {PLURALS[r]}; with the stock empty that question is not allowed"
        return None

    def apply_action(self, action: int) -> None:
        if type(action) is int:
            phase = self.phase
            if phase == ASK:
                legal = self._legal
                if (action in legal) if legal is not None else self.illegal(action) is None:
                    self.actions.append(action)
                    q, r = divmod(action - ASK_BASE, RANK_COUNT)
                    self._ask(q, r)
                    return
            elif phase != OVER and 0 <= action < DECK_SIZE:
                stack = self.game.stack
                if not stack or pile_allows(self.stock, stack, self.drawn, action):
                    try:
                        at = self.stock.index(action)
                    except ValueError:
                        pass
                    else:
                        self.actions.append(action)
                        self._draw(action, at)
                        return
        raise IllegalActionError(self.illegal(action) or f"{quote(action, 40)} is not allowed here")

    def apply_legal(self, action: int) -> None:
        if self.phase == ASK:
            self.ask(action)
        else:
            self.draw(action)

    def ask(self, action: int) -> None:
        """Play an ask known to be legal, unchecked (playouts)."""
        self.actions.append(action)
        q, r = divmod(action - ASK_BASE, RANK_COUNT)
        self._ask(q, r)

    def draw(self, card: int) -> None:
        """Draw a card known to be a chance outcome, unchecked (playouts)."""
        self.actions.append(card)
        self._draw(card, self.stock.index(card))

    def _ask(self, q: int, r: int) -> None:
        self._legal = None
        p = self.player
        bit = 1 << r
        self.holds[p] |= bit
        self.lacks[q] |= bit
        given = [c for c in self.hands[q] if c % RANK_COUNT == r]
        if not given:
            self.notes.append(p)
            if self.stock:
                self.phase, self.asking = FISH, r
            else:
                self._next_turn(p + 1)
            return
        self.hands[q] = [c for c in self.hands[q] if c % RANK_COUNT != r]
        self.hands[p] += given
        mask = sum(1 << c for c in given)
        self.seen[q] &= ~mask
        self.seen[p] |= mask
        self.holds[q] &= ~bit
        self.notes.append(p | self._book(p, r) << 3 | mask << 4)
        self._next_turn(p)

    def _draw(self, card: int, at: int) -> None:
        """Draw ``card``, at index ``at`` of the (unordered) stock."""
        self._legal = None
        stock = self.stock
        stock[at] = stock[-1]
        stock.pop()
        self.drawn += 1
        r = card % RANK_COUNT
        if self.phase == DEAL:
            seat = (self.drawn - 1) // self.game.hand_size
            self.hands[seat].append(card)
            self.notes.append(seat | (r + 1 if self._book(seat, r) else 0) << 4)
            if self.drawn == self.game.num_players * self.game.hand_size:
                self._next_turn(0)
            return
        p = self.player
        self.hands[p].append(card)
        if self.phase == FISH and r == self.asking:  # the card asked for: shown, and the turn goes on
            self.seen[p] |= 1 << card
            self.asking = -1
            self.notes.append(p | 8 | (r + 1 if self._book(p, r) else 0) << 4)
            self._next_turn(p)
            return
        if self._book(p, r):
            self.notes.append(p | (r + 1) << 4)
        else:
            self.notes.append(p)
            self.lacks[p] = 0  # an unseen card: it could be any rank
        self.asking = -1
        self._next_turn(p if self.phase == REFILL else p + 1)

    def _book(self, seat: int, r: int) -> bool:
        """Lay down the four cards of rank ``r`` if ``seat`` holds them all."""
        hand = self.hands[seat]
        # A hand holds each card once: four of a rank are its four suits.
        if r not in hand or r + 13 not in hand or r + 26 not in hand or r + 39 not in hand:
            return False
        self.hands[seat] = [c for c in hand if c % RANK_COUNT != r]
        self.seen[seat] &= ~sum(1 << c for c in book_cards(r))
        keep = ~(1 << r)
        for q in range(len(self.hands)):
            self.holds[q] &= keep
            self.lacks[q] &= keep
        self.books[seat].append(r)
        self.booked += 1
        return True

    def _next_turn(self, seat: int) -> None:
        """Give the turn to ``seat`` (or the next seat round the table that can play), or end the game."""
        hands = self.hands
        n = len(hands)
        if self.booked < RANK_COUNT:
            for step in range(n):
                p = (seat + step) % n
                if not hands[p]:
                    if self.stock:  # an empty hand draws first
                        self.player, self.phase = p, REFILL
                        return
                    continue  # out of cards with the stock empty: out of the game
                self.player = p
                for q in range(n):
                    if q != p and hands[q]:
                        self.phase = ASK
                        return
                if self.stock:  # nobody else holds a card: draw, and the turn passes
                    self.phase = LONE
                    return
        self.phase = OVER

    # -- bookkeeping -------------------------------------------------------
    def clone(self) -> GoFishState:
        new = object.__new__(GoFishState)
        new.game = self.game
        new.hands = [h[:] for h in self.hands]
        new.stock = self.stock[:]
        new.drawn = self.drawn
        new.books = [b[:] for b in self.books]
        new.booked = self.booked
        new.seen = self.seen[:]
        new.holds = self.holds[:]
        new.lacks = self.lacks[:]
        new.player = self.player
        new.phase = self.phase
        new.asking = self.asking
        new.actions = self.actions[:]
        new.notes = self.notes[:]
        new._legal = None  # views edit the hands of their copies
        return new

    def history(self) -> list[int]:
        return list(self.actions)

    def scores(self) -> list[float]:
        return [float(len(b)) for b in self.books]

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * len(self.hands)
        best = max(len(b) for b in self.books)
        winners = sum(1 for b in self.books if len(b) == best)
        return [1.0 / winners if len(b) == best else 0.0 for b in self.books]

    def cards(self) -> list[str]:
        held = [c for hand in self.hands for c in hand] + self.stock
        held += [c for books in self.books for r in books for c in book_cards(r)]
        return [CODES[c] for c in held]

    def seen_cards(self, seat: int) -> list[int]:
        """The cards of ``seat``'s hand the table has seen, by rank."""
        mask = self.seen[seat]
        return by_rank([c for c in self.hands[seat] if c >= 0 and mask >> c & 1])

    def to_json(self) -> JSON:
        """The whole state; each hand lists the cards the table has seen first."""
        data = super().to_json()
        n = len(self.hands)
        hands = []
        for q in range(n):
            shown = self.seen_cards(q)
            hands.append(shown + by_rank([c for c in self.hands[q] if c not in shown]))
        data.update(
            phase=PHASES[self.phase],
            turn=self.player,
            hands=[[CODES[c] for c in hand] for hand in hands],
            **public_json(self),
            stock=[CODES[c] for c in sorted(self.stock)],
        )
        return data


def note_ask(note: int) -> tuple[int, bool, list[int]]:
    """An ask's note: the seat that asked, whether it then laid down a book, the cards handed over."""
    mask = note >> 4
    return note & 7, bool(note & 8), [c for c in range(DECK_SIZE) if mask >> c & 1]


def note_draw(note: int) -> tuple[int, bool, int]:
    """A draw's note: the seat that drew, whether the card was shown, the rank of the book it completed or -1."""
    return note & 7, bool(note & 8), (note >> 4) - 1


def ranks_in(mask: int) -> list[str]:
    """The rank letters of a bit mask of ranks."""
    return [RANKS[r] for r in range(RANK_COUNT) if mask >> r & 1]


def public_json(state: GoFishState) -> JSON:
    """What every seat knows beyond its own hand, as state and views write it."""
    data: JSON = {
        "seen": [[CODES[c] for c in state.seen_cards(q)] for q in range(len(state.hands))],
        "holds": [ranks_in(m) for m in state.holds],
        "has_none_of": [ranks_in(m) for m in state.lacks],
        "books": [[CODES[c] for r in books for c in book_cards(r)] for books in state.books],
    }
    if state.phase == FISH:
        data["fishing_for"] = RANKS[state.asking]
    return data
