"""Three Trios rules (docs/games/three_trios.md): place cards on a grid, win battles, flip the opponent's cards.

The state is a few flat int lists so that search can clone and play it fast:
``board[cell]`` is a card id (its line in the card file, from 0), ``EMPTY``
or ``HOLE``; ``owner[cell]`` is the seat owning it (or -1). An action is
``card_id * cells + cell`` with ``cell = row * cols + col``: it names the card
and not its place in the hand, so it stays the same move however the hand
is ordered and is unique across both hands.
"""

from __future__ import annotations

import random
from operator import itemgetter

from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.protocol import JSON, State
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.games.three_trios.options import EMPTY, HOLE, SEATS, ThreeTriosSetup


def place(
    game: ThreeTriosSetup, board: list[int], owner: list[int], cell: int, card: int, me: int, *, combos: bool = True
) -> list[int]:
    """Put ``card`` on ``cell`` for seat ``me`` and fight its battles; the cells flipped, in order.

    Mutates ``board`` and ``owner``. The special rule (same/plus) looks at
    every occupied neighbour; the comparison and the combo flip opponent cards only.
    """
    board[cell] = card
    owner[cell] = me
    nbrs = game.nbrs
    base = card * 4
    flipped: list[int] = []
    special = game.special
    if special:
        vals = game.vals
        matches: list[int] = []
        if special == 1:
            for n, d, od in nbrs[cell]:
                other = board[n]
                if other >= 0 and vals[base + d] == vals[other * 4 + od]:
                    matches.append(n)
        else:
            groups: dict[int, list[int]] = {}
            for n, d, od in nbrs[cell]:
                other = board[n]
                if other >= 0:
                    groups.setdefault(vals[base + d] + vals[other * 4 + od], []).append(n)
            matches = [n for group in groups.values() if len(group) >= 2 for n in group]
        if len(matches) >= 2:
            for n in matches:
                if owner[n] != me:
                    owner[n] = me
                    flipped.append(n)
    wins = game.wins
    for n, d, _ in nbrs[cell]:
        other = board[n]
        if other >= 0 and owner[n] != me and wins[base + d][other]:
            owner[n] = me
            flipped.append(n)
    if combos and flipped:
        combo(game, board, owner, flipped, me)
    return flipped


def combo(game: ThreeTriosSetup, board: list[int], owner: list[int], flipped: list[int], me: int) -> None:
    """Every card in ``flipped`` battles its neighbours by the comparison rule, and so on: appends the flips."""
    nbrs = game.nbrs
    wins = game.wins
    i = 0
    while i < len(flipped):
        src = board[flipped[i]] * 4
        for n, d, _ in nbrs[flipped[i]]:
            other = board[n]
            if other >= 0 and owner[n] != me and wins[src + d][other]:
                owner[n] = me
                flipped.append(n)
        i += 1


def actions_of(game: ThreeTriosSetup, hand: list[int], empty: list[int]) -> list[int]:
    """Each card of ``hand`` on each cell of ``empty``, card by card: the legal actions."""
    rows = game.action_rows
    actions: list[int] = []
    if len(empty) == 1:  # an itemgetter of one item gives the item, not a tuple
        cell = empty[0]
        actions += [rows[card][cell] for card in hand]
        return actions
    pick = itemgetter(*empty)  # picks a card's actions on the empty cells out of its row, in C
    for card in hand:
        actions += pick(rows[card])
    return actions


MOVES_CACHE_LIMIT = 20_000
"""Legal-action lists a game keeps (by hand and empty cells) before it starts afresh."""


class ThreeTriosState(State[int]):
    """A Three Trios position: the board, both hands in deal order, and the undealt pile."""

    __slots__ = ("_board", "_dealt", "_empty", "_hands", "_history", "_owner", "_pile", "_player", "game")
    game: ThreeTriosSetup
    _board: list[int]
    _owner: list[int]
    _hands: list[list[int]]
    _empty: list[int]
    _pile: list[int]
    _dealt: int
    _player: int
    _history: list[int]

    def __init__(self, game: ThreeTriosSetup, source: ThreeTriosState | None = None) -> None:
        """A new game's state, or a copy of ``source`` (what ``clone`` makes; compiled classes need ``__init__``)."""
        self.game = game
        if source is not None:
            self._board = source._board[:]
            self._owner = source._owner[:]
            self._hands = [source._hands[0][:], source._hands[1][:]]
            self._empty = source._empty[:]
            self._pile = source._pile[:]
            self._dealt = source._dealt
            self._player = source._player
            self._history = source._history[:]
            return
        self._board = list(game.start_board)
        self._owner = [-1] * game.ncells
        self._empty = list(game.card_cells)
        self._history = []
        red, blue, pile = game.start_hands
        self._hands = [list(red), list(blue)]
        self._pile = list(pile)
        if game.shuffle:
            self._dealt = 0
            self._player = CHANCE
        else:
            self._dealt = 2 * game.hand_size
            self._player = 0

    # -- reading -----------------------------------------------------------
    def current_player(self) -> int:
        return self._player

    def is_chance_node(self) -> bool:
        return self._player == CHANCE

    def is_terminal(self) -> bool:
        return self._player == TERMINAL

    def board(self) -> list[int]:
        """Card id per cell (``EMPTY``/``HOLE`` otherwise); a copy."""
        return list(self._board)

    def owners(self) -> list[int]:
        """Owning seat per cell (-1 where no card lies); a copy."""
        return list(self._owner)

    def hand(self, seat: int) -> list[int]:
        """The card ids in ``seat``'s hand, in deal order; a copy."""
        return list(self._hands[seat])

    def empty_cells(self) -> list[int]:
        """The empty card cells, row by row; a copy."""
        return list(self._empty)

    def flips_if(self, card: int, cell: int, seat: int | None = None) -> list[int]:
        """The cells that ``seat`` (default: the mover) would flip by placing ``card`` on ``cell``.

        Combos included; the state is not changed. The cell must be empty.
        """
        me = self._player if seat is None else seat
        if self._board[cell] != EMPTY:
            raise IllegalActionError(self._why_not_empty(cell))
        return place(self.game, self._board[:], self._owner[:], cell, card, me)

    def legal_actions(self) -> list[int]:
        player = self._player
        if player == CHANCE:
            return list(sorted(self._pile))
        if player < 0:
            return []
        hand = self._hands[player]
        empty = self._empty
        game = self.game
        cache = game.moves_cache
        if cache is not None:
            # A small board: searches meet the same hand and empty cells again and again.
            key = (*hand, -1, *empty)
            known = cache.get(key)
            if known is None:
                if len(cache) >= MOVES_CACHE_LIMIT:
                    cache.clear()
                known = cache[key] = tuple(actions_of(game, hand, empty))
            return list(known)
        return actions_of(game, hand, empty)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._player != CHANCE:
            raise IllegalActionError("not a chance node: the cards have been dealt")
        p = 1.0 / len(self._pile)
        return [(card, p) for card in sorted(self._pile)]

    def sample_chance_outcome(self, rng: random.Random) -> int:
        if self._player != CHANCE:
            raise IllegalActionError("not a chance node: the cards have been dealt")
        return self._pile[int(rng.random() * len(self._pile))]

    # -- playing -----------------------------------------------------------
    def apply_action(self, action: int) -> None:
        player = self._player
        if type(action) is int:
            if player >= 0:
                game = self.game
                card, cell = divmod(action, game.ncells)
                hand = self._hands[player]
                if card in hand and self._board[cell] == EMPTY:
                    # The body of _play, written out: the checked path is the public API's hot spot.
                    hand.remove(card)
                    empty = self._empty
                    empty.remove(cell)
                    place(game, self._board, self._owner, cell, card, player)
                    self._player = 1 - player if empty else TERMINAL
                    self._history.append(action)
                    return
            elif player == CHANCE and action in self._pile:
                self._deal(action)
                return
        raise IllegalActionError(self._why_illegal(action))

    def apply_legal(self, action: int) -> None:
        move = action
        player = self._player
        if player >= 0:
            card, cell = divmod(move, self.game.ncells)
            self._play(move, card, cell, player)
        else:
            self._deal(move)

    def _play(self, action: int, card: int, cell: int, player: int) -> None:
        self._hands[player].remove(card)
        empty = self._empty
        empty.remove(cell)
        place(self.game, self._board, self._owner, cell, card, player)
        self._player = 1 - player if empty else TERMINAL
        self._history.append(action)

    def _deal(self, card: int) -> None:
        self._pile.remove(card)
        self._hands[self._dealt % 2].append(card)
        self._dealt += 1
        if self._dealt == 2 * self.game.hand_size:
            self._player = 0
        self._history.append(card)

    def _why_illegal(self, action: int) -> str:
        player = self._player
        game = self.game
        if player == CHANCE:
            return f"{quote(action, 40)} is not an undealt card here"
        if player == TERMINAL:
            return "the game is over: every card cell is filled"
        if type(action) is not int or not 0 <= action < len(game.names) * game.ncells:
            return f"{quote(action, 40)} is not a Three Trios move"
        card, cell = divmod(action, game.ncells)
        if card not in self._hands[player]:
            return self._why_not_in_hand(card, player)
        return self._why_not_empty(cell)

    def _why_not_in_hand(self, card: int, player: int) -> str:
        name = self.game.names[card]
        if card in self._hands[1 - player]:
            return f"{name} is in {SEATS[1 - player]}'s hand, and it is {SEATS[player]}'s turn"
        if card in self._board:
            return f"{name} is already on the board at {self.game.cell_name(self._board.index(card))}"
        return f"{name} is not in {SEATS[player]}'s hand"

    def _why_not_empty(self, cell: int) -> str:
        where = self.game.cell_name(cell)
        if self._board[cell] == HOLE:
            return f"cell {where} is a hole"
        return f"cell {where} already holds {self.game.names[self._board[cell]]}"

    # -- bookkeeping -------------------------------------------------------
    def clone(self) -> ThreeTriosState:
        return ThreeTriosState(self.game, self)

    def history(self) -> list[int]:
        return list(self._history)

    def scores(self) -> list[float]:
        owner = self._owner
        red = owner.count(0)
        blue = owner.count(1)
        return [float(red + len(self._hands[0])), float(blue + len(self._hands[1]))]

    def returns(self) -> list[float]:
        if self._player != TERMINAL:
            return [0.5, 0.5]
        red, blue = self.scores()
        return [1.0, 0.0] if red > blue else [0.0, 1.0] if blue > red else [0.5, 0.5]

    def cards(self) -> list[str]:
        names = self.game.names
        on_board = [names[c] for c in self._board if c >= 0]
        return on_board + [names[c] for hand in self._hands for c in hand] + [names[c] for c in self._pile]

    def to_json(self) -> JSON:
        game = self.game
        data = super().to_json()
        marks = {EMPTY: ".", HOLE: "_"}
        rows = []
        cells = []
        for r in range(game.rows):
            row = ""
            named: list[str | None] = []
            for c in range(game.cols):
                i = r * game.cols + c
                card = self._board[i]
                row += marks[card] if card < 0 else "RB"[self._owner[i]]
                named.append(game.names[card] if card >= 0 else None)
            rows.append(row)
            cells.append(named)
        data["board"] = rows
        data["cells"] = cells
        data["hands"] = [[game.names[c] for c in hand] for hand in self._hands]
        data["undealt"] = sorted(game.names[c] for c in self._pile)
        data["rules"] = list(game.options["rules"])
        return data

    def __repr__(self) -> str:
        return f"<three_trios {self.to_json()['board']} hands={self.to_json()['hands']}>"
