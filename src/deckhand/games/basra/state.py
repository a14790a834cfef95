"""Basra's rules as a state machine: deals as chance nodes, plays, scoring, decks.

Cards are ints (``Card.index``); hands and the table are kept sorted by
rank so that equal positions give equal states. Undealt cards are the
unordered pile of ``core/deck.py``: each deal draws the next card, which is
how ``deck=`` stacks the first deck.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from deckhand.core.cards import CODES
from deckhand.core.deck import pile_allows, pile_outcomes, pile_remove, pile_sample
from deckhand.core.errors import IllegalActionError, NotationError, quote
from deckhand.core.protocol import CHANCE, JSON, TERMINAL, Action, State, View
from deckhand.games.basra.captures import Move, hand_moves, is_basra, sweeps, why_illegal
from deckhand.games.basra.cards import ORDER, codes
from deckhand.games.basra.notation import move_to_string, parse_card, parse_move
from deckhand.games.basra.playout import rollout_move, win_chance
from deckhand.games.basra.words import deck_report, describe_move

if TYPE_CHECKING:
    from deckhand.games.basra.game import BasraGame

_KEY = ORDER.__getitem__


class BasraState(State):
    """A two-seat game of Basra over as many decks as it takes to reach the target."""

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

    game: BasraGame

    def __init__(self, game: BasraGame) -> None:
        self.game = game
        self.pile: list[int] = list(game.deck_cards)
        self.drawn = 0
        self.hands: list[list[int]] = [[], []]
        self.table: list[int] = []
        self.piles: list[list[int]] = [[], []]
        self.totals = [0, 0]
        self.basras = [0, 0]
        self.dealer = 1
        self.to_move = CHANCE
        self.deal_left = 0
        self.deal_hand = 0
        self.deal_table = 0
        self.buried: list[int] = []
        self.last = -1
        self.deck_no = 1
        self.hist: list[Action] = []
        self._moves: list[Move] | None = None
        self._start_deal(with_table=True)

    # -- whose turn ---------------------------------------------------------
    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> list[Action]:
        if self.to_move >= 0:
            return list(self._legal())
        if self.to_move == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def _legal(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            moves = self._moves = hand_moves(self.hands[self.to_move], self.table, self.game.seven_diamonds)
        return moves

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.to_move != CHANCE:
            raise IllegalActionError("not a chance node: a player is to move")
        return list(pile_outcomes(self.pile, self.game.stack, self.drawn))

    def sample_chance_outcome(self, rng: random.Random) -> Action:
        return pile_sample(self.pile, self.game.stack, self.drawn, rng)

    # -- applying -----------------------------------------------------------
    def apply_action(self, action: Action) -> None:
        if self.to_move >= 0:
            if action not in self._legal():
                action = self._checked_move(action)
            self.hist.append(action)
            self._play(action)
        elif self.to_move == CHANCE:
            if type(action) is not int or not pile_allows(self.pile, self.game.stack, self.drawn, action):
                raise IllegalActionError(f"{self._describe(action)} cannot be dealt now")
            self.hist.append(action)
            self._deal(action)
        else:
            raise IllegalActionError("the game is over")

    def _describe(self, action: Action) -> str:
        if type(action) is int and 0 <= action < 52:
            return CODES[action]
        return repr(action)

    def _checked_move(self, action: Action) -> Move:
        """The legal move ``action`` means (another grouping of the same capture), or raise."""
        if type(action) is int:
            raise IllegalActionError(f"{self._describe(action)}: it is seat {self.to_move}'s turn to play, not a deal")
        if not _is_move(action):
            raise IllegalActionError(f"{quote(action, 40)} is not a Basra move (expected (card, groups))")
        card: int
        groups: tuple[tuple[int, ...], ...]
        card, groups = action  # type: ignore[misc]
        text = move_to_string((card, groups))
        reason = why_illegal(card, groups, self.hands[self.to_move], self.table, self.game.seven_diamonds)
        if reason is not None:
            raise IllegalActionError(f"{text}: {reason}")
        wanted = sorted(c for g in groups for c in g)
        for move in self._legal():
            if move[0] == card and sorted(c for g in move[1] for c in g) == wanted:
                return move
        raise IllegalActionError(f"{text}: not a legal move here")

    def _deal(self, card: int) -> None:
        pile_remove(self.pile, card)
        self.drawn += 1
        pos = 2 * self.deal_hand + self.deal_table - self.deal_left
        if pos < self.deal_hand:
            insort(self.hands[1 - self.dealer], card, key=_KEY)
        elif pos < 2 * self.deal_hand:
            insort(self.hands[self.dealer], card, key=_KEY)
        elif self.game.buriable[card]:
            self.buried.append(card)  # set aside; the slot still needs a card
            return
        else:
            insort(self.table, card, key=_KEY)
        self.deal_left -= 1
        if self.deal_left == 0:
            if self.buried:
                self.pile.extend(self.buried)
                self.buried = []
            self.to_move = 1 - self.dealer
            self._moves = None

    def _play(self, move: Move) -> None:
        game = self.game
        player = self.to_move
        card, groups = move
        self.hands[player].remove(card)
        table = self.table
        basra = is_basra(move, table, game.seven_diamonds)
        if sweeps(card, game.seven_diamonds):
            got = table[:]
            table.clear()
        else:
            got = [c for g in groups for c in g]
            if got:
                self.table = [c for c in table if c not in got]
        if got:
            points = game.points
            gain = points[card]
            for c in got:
                gain += points[c]
            if basra:
                gain += game.bonus[card]
                self.basras[player] += 1
            self.totals[player] += gain
            pile = self.piles[player]
            pile.extend(got)
            pile.append(card)
            self.last = player
        else:
            insort(table, card, key=_KEY)
        self.to_move = 1 - player
        self._moves = None
        if not self.hands[player] and not self.hands[1 - player]:
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
            self.totals[self.last] += sum(game.points[c] for c in self.table)
            self.piles[self.last].extend(self.table)
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
        self.dealer = 1 - self.dealer
        self.deck_no += 1
        self.last = -1
        self._start_deal(with_table=True)

    def _decided(self) -> bool:
        a, b = self.totals
        return a != b and max(a, b) >= self.game.target

    def _start_deal(self, *, with_table: bool) -> None:
        table = 4 if with_table else 0
        self.deal_table = table
        self.deal_hand = min(self.game.hand_size, (len(self.pile) - table) // 2)
        self.deal_left = 2 * self.deal_hand + table
        self.to_move = CHANCE

    # -- notation -----------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        return action_to_string(action)

    def announce(self, action: Action, names: Sequence[str]) -> list[str]:
        if (
            self.to_move < 0
            or not _is_move(action)
            or self.pile
            or any(len(h) > (h is self.hands[self.to_move]) for h in self.hands)
        ):
            return []  # only the last card of a deck's last deal ends the deck
        assert isinstance(action, tuple)
        after = self.clone()
        after.apply_action(action)
        return deck_report(self, action, after, names)

    def describe_action(self, action: Action) -> str:
        if self.to_move < 0 or not _is_move(action):
            return "a card is dealt"
        assert isinstance(action, tuple)
        return describe_move(action, self.table, self.game.seven_diamonds)

    def string_to_action(self, text: str) -> Action:
        if self.to_move == CHANCE:
            return parse_card(text.strip())
        if self.to_move == TERMINAL:
            raise IllegalActionError("the game is over")
        return read_move(text, self._legal())

    # -- bookkeeping --------------------------------------------------------
    def clone(self) -> BasraState:
        new = object.__new__(BasraState)
        new.game = self.game
        new.pile = self.pile[:]
        new.drawn = self.drawn
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.table = self.table[:]
        new.piles = [self.piles[0][:], self.piles[1][:]]
        new.totals = self.totals[:]
        new.basras = self.basras[:]
        new.dealer = self.dealer
        new.to_move = self.to_move
        new.deal_left = self.deal_left
        new.deal_hand = self.deal_hand
        new.deal_table = self.deal_table
        new.buried = self.buried[:]
        new.last = self.last
        new.deck_no = self.deck_no
        new.hist = self.hist[:]
        new._moves = self._moves
        return new

    def history(self) -> list[Action]:
        return list(self.hist)

    def history_strings(self) -> list[str]:
        # Basra's notation does not depend on the position, so no replay is needed.
        return [action_to_string(a) for a in self.hist]

    def returns(self) -> list[float]:
        if self.to_move != TERMINAL:
            return [0.0, 0.0]
        a, b = self.totals
        if a == b:
            return [0.5, 0.5]
        return [1.0, 0.0] if a > b else [0.0, 1.0]

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def view(self, player: int) -> View:
        from deckhand.games.basra.view import BasraView

        return BasraView(self, player)

    def information_key(self, player: int) -> Hashable:
        return (
            player,
            self.to_move,
            tuple(self.hands[player]),
            len(self.hands[1 - player]),
            tuple(self.table),
            tuple(self.piles[0]),
            tuple(self.piles[1]),
            tuple(self.totals),
            tuple(self.basras),
            self.dealer,
            self.deck_no,
            len(self.pile),
            self.drawn,
            tuple(self.buried),
            self.last,
        )

    def cards(self) -> list[str]:
        every = self.pile + self.hands[0] + self.hands[1] + self.table + self.piles[0] + self.piles[1] + self.buried
        return codes(every)

    def rollout_action(self, rng: random.Random) -> Action:
        """The playout policy of ``playout.py``: the most points now, no easy basra left behind."""
        if self.to_move == CHANCE:
            return self.sample_chance_outcome(rng)
        if self.to_move == TERMINAL:
            raise IllegalActionError("the game is over")
        return rollout_move(self.game, self._legal(), self.table, rng)

    def playout_estimate(self) -> list[float] | None:
        """At a fresh deck, each seat's chance to win from the totals (``playout.win_chance``).

        A fresh deck is where the points of the last one are all counted and
        the next starts from nothing but the totals; elsewhere, None.
        """
        if self.to_move != CHANCE or len(self.pile) != len(self.game.deck_cards):
            return None
        return self._estimate()

    def _estimate(self) -> list[float]:
        a, b = self.totals
        p = win_chance(a - b, max(a, b), self.game.target, self.deck_no >= self.game.max_decks)
        return [p, 1.0 - p]

    def play_out(self, rng: random.Random) -> list[float]:
        """The playout loop without legality checks: the policy's moves and the drawn cards are legal."""
        game = self.game
        full = len(game.deck_cards)
        stack = game.stack
        seven = game.seven_diamonds
        hist = self.hist
        while True:
            p = self.to_move
            if p >= 0:
                moves = self._moves
                if moves is None:
                    moves = hand_moves(self.hands[p], self.table, seven)
                move = rollout_move(game, moves, self.table, rng)
                hist.append(move)
                self._play(move)
            elif p == CHANCE:
                pile = self.pile
                if len(pile) == full:
                    return self._estimate()
                card = pile_sample(pile, stack, self.drawn, rng)
                hist.append(card)
                self._deal(card)
            else:
                return self.returns()

    def to_json(self) -> JSON:
        data = super().to_json()
        data.update(public_json(self, len(self.pile)))
        data["hands"] = [codes(self.hands[0]), codes(self.hands[1])]
        return data


def public_json(state: BasraState, deck: int) -> dict[str, Any]:
    """What both seats see: table, piles, basras, dealer, the number of undealt cards."""
    return {
        "table": codes(state.table),
        "piles": [codes(state.piles[0]), codes(state.piles[1])],
        "basras": list(state.basras),
        "dealer": state.dealer,
        "deck_number": state.deck_no,
        "deck": deck,
        "set_aside": codes(state.buried),
        "last_capturer": None if state.last < 0 else state.last,
    }


def _is_move(action: object) -> bool:
    if not (isinstance(action, tuple) and len(action) == 2):
        return False
    card, groups = action
    return (
        type(card) is int
        and 0 <= card < 52
        and isinstance(groups, tuple)
        and all(isinstance(g, tuple) and all(type(c) is int and 0 <= c < 52 for c in g) for g in groups)
    )


_STRINGS: dict[Move, str] = {}


def action_to_string(action: Action) -> str:
    """Notation of a deal (a card code) or a move (memoized: records ask for it often)."""
    if type(action) is int and 0 <= action < 52:
        return CODES[action]
    try:
        text: str | None = _STRINGS.get(action)  # type: ignore[call-overload]
    except TypeError:  # unhashable: certainly not a move
        text = None
    if text is not None:
        return text
    if _is_move(action):
        text = move_to_string(action)  # type: ignore[arg-type]
        if len(_STRINGS) > 100_000:
            _STRINGS.clear()
        _STRINGS[action] = text  # type: ignore[index]
        return text
    raise NotationError(f"{quote(action, 40)} is not a Basra action")


def read_move(text: str, legal: list[Move]) -> Move:
    """Parse a move against the legal ones: any grouping of the same capture reads as
    the legal move; ``play H5`` alone means the one move of H5 when there is just one."""
    (card, groups), written = parse_move(text)
    wanted = sorted(c for g in groups for c in g)
    mine = [m for m in legal if m[0] == card]
    for move in mine:
        if sorted(c for g in move[1] for c in g) == wanted:
            return move
    if not written and len(mine) > 1:
        from deckhand.core.errors import AmbiguousActionError

        options = ", ".join(move_to_string(m) for m in mine)
        raise AmbiguousActionError(f"{quote(text.strip(), 40)} could be any of: {options}")
    if not written and len(mine) == 1:
        return mine[0]
    return card, groups
