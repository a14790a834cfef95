"""Basra's rules as a state machine: deals as chance nodes, plays, scoring, decks.

Cards are ints (``Card.index``); hands and the table are kept sorted by
rank so that equal positions give equal states. Undealt cards are the
unordered pile of ``core/deck.py``: each deal draws the next card, which is
how ``deck=`` stacks the first deck.

At four seats partners sit opposite, so a seat's side is ``seat & 1``:
``piles`` and ``totals`` are kept per side (at two seats a side is a seat),
``hands`` and ``basras`` per seat.

The rules only: notation, words, views and playouts are later files,
reached through the hooks that ``game.py`` wires.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any

from deckhand.core.cards import CODES
from deckhand.core.deck import pile_allows, pile_outcomes, pile_sample
from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.protocol import JSON, State
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.games.basra.captures import BasraAction, Move, hand_moves, is_basra, move_to_string, why_illegal
from deckhand.games.basra.cards import ORDER, codes
from deckhand.games.basra.options import BasraSetup

_KEY = ORDER.__getitem__


class BasraState(State[BasraAction]):
    """A game of Basra for two seats, or four in partnerships, over as many decks as it takes."""

    __slots__ = (
        "_moves",
        "basras",
        "buried",
        "deal_hand",
        "deal_left",
        "deal_table",
        "dealer",
        "deck_no",
        "drawn",
        "game",
        "hands",
        "hist",
        "last",
        "pile",
        "piles",
        "table",
        "to_move",
        "totals",
    )

    game: BasraSetup

    def __init__(self, game: BasraSetup, source: BasraState | None = None) -> None:
        """A new game's state, or a copy of ``source`` (what ``clone`` makes; compiled classes need ``__init__``)."""
        self.game = game
        if source is not None:
            self._copy(source)
            return
        self.pile: list[int] = list(game.deck_cards)
        self.drawn = 0
        players = game.players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.table: list[int] = []
        self.piles: list[list[int]] = [[], []]
        """The cards each side has won this deck."""
        self.totals = [0, 0]
        """Each side's points."""
        self.basras = [0] * players
        self.dealer = players - 1
        self.to_move = CHANCE
        self.deal_left = 0
        self.deal_hand = 0
        self.deal_table = 0
        self.buried: list[int] = []
        self.last = -1
        self.deck_no = 1
        self.hist: list[BasraAction] = []
        self._moves: list[Move] | None = None
        self._start_deal(with_table=True)

    # -- whose turn ---------------------------------------------------------
    def current_player(self) -> int:
        return self.to_move

    def is_chance_node(self) -> bool:
        return self.to_move == CHANCE

    def is_terminal(self) -> bool:
        return self.to_move == TERMINAL

    def legal_actions(self) -> list[BasraAction]:
        player = self.to_move
        if player >= 0:
            moves = self._moves
            if moves is None:
                moves = self._moves = hand_moves(self.hands[player], self.table, self.game.seven_diamonds)
            return list(moves)
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def moves(self) -> list[Move]:
        """The moves of the seat to move, typed; cached until the next action, so not to be changed."""
        moves = self._moves
        if moves is None:
            moves = self._moves = hand_moves(self.hands[self.to_move], self.table, self.game.seven_diamonds)
        return moves

    def chance_outcomes(self) -> list[tuple[BasraAction, float]]:
        if self.to_move != CHANCE:
            raise IllegalActionError("not a chance node: a player is to move")
        return list(pile_outcomes(self.pile, self.game.stack, self.drawn))

    def sample_chance_outcome(self, rng: random.Random) -> BasraAction:
        stack = self.game.stack
        if stack:
            return pile_sample(self.pile, stack, self.drawn, rng)
        pile = self.pile
        return pile[int(rng.random() * len(pile))]

    # -- applying -----------------------------------------------------------
    def apply_action(self, action: BasraAction) -> None:
        player = self.to_move
        if player >= 0:
            moves = self._moves
            if action not in (moves if moves is not None else self.moves()):
                action = self._checked_move(action)
            self.hist.append(action)
            self.play_unchecked(action)
        elif player == CHANCE:
            stack = self.game.stack
            if type(action) is int and (not stack or pile_allows(self.pile, stack, self.drawn, action)):
                try:
                    at = self.pile.index(action)
                except ValueError:
                    pass
                else:
                    self.hist.append(action)
                    self.deal_at(action, at)
                    return
            raise IllegalActionError(f"{self._describe(action)} cannot be dealt now")
        else:
            raise IllegalActionError("the game is over")

    def apply_legal(self, action: BasraAction) -> None:
        self.hist.append(action)
        if isinstance(action, int):  # a legal int is a card dealt
            self.deal_unchecked(action)
        else:
            self.play_unchecked(action)

    def _describe(self, action: BasraAction) -> str:
        if type(action) is int and 0 <= action < 52:
            return CODES[action]
        return repr(action)

    def _checked_move(self, action: BasraAction) -> Move:
        """The legal move ``action`` means (another grouping of the same capture), or raise."""
        if type(action) is int:
            raise IllegalActionError(f"{self._describe(action)}: it is seat {self.to_move}'s turn to play, not a deal")
        if isinstance(action, int) or not is_move(action):
            raise IllegalActionError(f"{quote(action, 40)} is not a Basra move (expected (card, groups))")
        card, groups = action
        text = move_to_string((card, groups))
        reason = why_illegal(card, groups, self.hands[self.to_move], self.table, self.game.seven_diamonds)
        if reason is not None:
            raise IllegalActionError(f"{text}: {reason}")
        wanted = sorted(c for g in groups for c in g)
        for move in self.moves():
            if move[0] == card and sorted(c for g in move[1] for c in g) == wanted:
                return move
        raise IllegalActionError(f"{text}: not a legal move here")

    def deal_unchecked(self, card: int) -> None:
        """Deal ``card`` (a legal chance outcome, unrecorded) without the checks: the playout loop's way."""
        self.deal_at(card, self.pile.index(card))

    def deal_at(self, card: int, at: int) -> None:
        """Deal ``card``, at index ``at`` of the (unordered) pile, unrecorded and unchecked."""
        pile = self.pile
        pile[at] = pile[-1]
        pile.pop()
        self.drawn += 1
        game = self.game
        left = self.deal_left
        if left > self.deal_table:
            # Each seat gets its whole hand in turn, starting after the dealer; the table's cards come last.
            players = game.players
            hand = self.deal_hand
            pos = players * hand - (left - self.deal_table)
            insort(self.hands[(self.dealer + 1 + pos // hand) % players], card, key=_KEY)
        elif game.buriable[card]:
            self.buried.append(card)  # set aside; the slot still needs a card
            return
        else:
            insort(self.table, card, key=_KEY)
        self.deal_left = left = left - 1
        if not left:
            if self.buried:
                self.pile.extend(self.buried)
                self.buried = []
            self.to_move = game.next_seat[self.dealer]
            self._moves = None

    def deal_hands(self, rng: random.Random) -> bool:
        """Deal the whole of a later deal at once, as its chance nodes would one card at a time; recorded.

        A playout's way: each card is drawn with one ``rng.random()``, as
        ``sample_chance_outcome`` draws it, and goes where ``apply_action``
        would put it. Only at the start of a deal of hands alone (no table,
        no stacked card left); returns False, dealing nothing, elsewhere.
        """
        game = self.game
        players = game.players
        size = self.deal_hand
        if self.deal_table or self.deal_left != players * size or self.drawn < len(game.stack):
            return False
        pile = self.pile
        hist = self.hist
        draw = rng.random
        seat = self.dealer
        for _ in range(players):
            seat = game.next_seat[seat]
            hand = self.hands[seat]  # empty: a deal starts when every hand is
            for _ in range(size):
                at = int(draw() * len(pile))
                card = pile[at]
                pile[at] = pile[-1]
                pile.pop()
                hist.append(card)
                hand.append(card)
            hand.sort(key=_KEY)
        self.drawn += players * size
        self.deal_left = 0
        self.to_move = game.next_seat[self.dealer]
        self._moves = None
        return True

    def play_unchecked(self, move: Move) -> None:
        """Play ``move`` (a legal move, unrecorded) without the checks: the playout loop's way."""
        game = self.game
        player = self.to_move
        card, groups = move
        hands = self.hands
        hand = hands[player]
        hand.remove(card)
        table = self.table
        if game.sweeper[card]:
            basra = is_basra(move, table, game.seven_diamonds)
            got = table[:]
            table.clear()
        elif groups:
            got = []
            for g in groups:
                got += g
            basra = len(got) == len(table)  # a numeral or a face card clears the table
            self.table = [c for c in table if c not in got]
        else:
            got = []
            basra = False
        if got:
            points = game.points
            gain = points[card]
            for c in got:
                gain += points[c]
            if basra:
                gain += game.bonus[card]
                self.basras[player] += 1
            side = player & 1
            self.totals[side] += gain
            pile = self.piles[side]
            pile += got
            pile.append(card)
            self.last = player
        else:
            insort(table, card, key=_KEY)
        self.to_move = game.next_seat[player]
        self._moves = None
        if not hand:
            for other in hands:
                if other:
                    return
            self._end_deal()

    def _end_deal(self) -> None:
        game = self.game
        if self.pile:
            if self._decided():
                self.to_move = TERMINAL
            else:
                self._start_deal(with_table=False)
            return
        if self.table and self.last >= 0:
            self.totals[self.last & 1] += sum(game.points[c] for c in self.table)
            self.piles[self.last & 1].extend(self.table)
            self.table = []
        if game.most_cards:
            won = len(self.piles[0]) - len(self.piles[1])
            if won:
                self.totals[0 if won > 0 else 1] += game.most_cards
        if self._decided() or self.deck_no >= game.max_decks:
            self.to_move = TERMINAL
            return
        self.pile = list(game.deck_cards)
        self.table = []
        self.piles = [[], []]
        self.dealer = game.next_seat[self.dealer]
        self.deck_no += 1
        self.last = -1
        self._start_deal(with_table=True)

    def _decided(self) -> bool:
        a, b = self.totals
        return a != b and max(a, b) >= self.game.target

    def _start_deal(self, *, with_table: bool) -> None:
        table = 4 if with_table else 0
        self.deal_table = table
        players = self.game.players
        # A last deal short of cards shares what is left equally: 40 or 48 cards split evenly.
        self.deal_hand = min(self.game.hand_size, (len(self.pile) - table) // players)
        self.deal_left = players * self.deal_hand + table
        self.to_move = CHANCE

    # -- bookkeeping --------------------------------------------------------
    def clone(self) -> BasraState:
        return BasraState(self.game, self)

    def _copy(self, source: BasraState) -> None:
        self.pile = source.pile[:]
        self.drawn = source.drawn
        self.hands = [hand[:] for hand in source.hands]
        self.table = source.table[:]
        self.piles = [source.piles[0][:], source.piles[1][:]]
        self.totals = source.totals[:]
        self.basras = source.basras[:]
        self.dealer = source.dealer
        self.to_move = source.to_move
        self.deal_left = source.deal_left
        self.deal_hand = source.deal_hand
        self.deal_table = source.deal_table
        self.buried = source.buried[:]
        self.last = source.last
        self.deck_no = source.deck_no
        self.hist = source.hist[:]
        self._moves = source._moves

    def history(self) -> list[BasraAction]:
        return list(self.hist)

    def history_strings(self) -> list[str]:
        # Basra's notation does not depend on the position, so no replay is needed.
        write = self.game.action_to_string
        return [write(self, a) for a in self.hist]

    def returns(self) -> list[float]:
        """The winning side's seats share its win: 1 at two seats, 1/2 to each partner at four."""
        players = self.game.players
        if self.to_move != TERMINAL:
            return [0.0] * players
        a, b = self.totals
        if a == b:
            return [1.0 / players] * players
        won = 0 if a > b else 1
        share = 2.0 / players
        return [share if seat & 1 == won else 0.0 for seat in range(players)]

    def scores(self) -> list[float]:
        """Each seat's side's points: partners show the same total."""
        return [float(self.totals[seat & 1]) for seat in range(self.game.players)]

    def cards(self) -> list[str]:
        every = self.pile + self.table + self.piles[0] + self.piles[1] + self.buried
        for hand in self.hands:
            every += hand
        return codes(every)

    def to_json(self) -> JSON:
        data = super().to_json()
        data.update(public_json(self, len(self.pile)))
        data["hands"] = [codes(hand) for hand in self.hands]
        return data


def public_json(state: BasraState, deck: int) -> dict[str, Any]:
    """What every seat sees: table, piles, basras, dealer, the number of undealt cards.

    ``piles`` has one list per seat; partners share theirs, so both show the same cards.
    """
    players = state.game.players
    data: dict[str, Any] = {
        "table": codes(state.table),
        "piles": [codes(state.piles[seat & 1]) for seat in range(players)],
        "basras": list(state.basras),
        "dealer": state.dealer,
        "deck_number": state.deck_no,
        "deck": deck,
        "set_aside": codes(state.buried),
        "last_capturer": None if state.last < 0 else state.last,
    }
    if players == 4:
        data["teams"] = [[0, 2], [1, 3]]
    return data


def is_move(action: object) -> bool:
    """Whether ``action`` has the shape of a move, ``(card, groups)`` of card indices."""
    if not (isinstance(action, tuple) and len(action) == 2):
        return False
    card, groups = action
    return (
        type(card) is int
        and 0 <= card < 52
        and isinstance(groups, tuple)
        and all(isinstance(g, tuple) and all(type(c) is int and 0 <= c < 52 for c in g) for g in groups)
    )
