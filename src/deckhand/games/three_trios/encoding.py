"""Three Trios for learning environments: one token per move, and the open board as a tensor.

Tokens: a move ``card_id * cells + cell`` (the state's own action int) is
its token, so ``num_tokens = cards * cells`` (cards of the card file,
cells of the board, holes included). Chance outcomes (the shuffled deal)
are card ids: ``max_chance_outcomes = cards``.

Observation, flat, seats counted from the viewer (a spectator counts from red):

* the viewer's seat one-hot (red, blue; zero for a spectator);
* per cell, row by row, 8 floats: hole, empty, the viewer's card, the
  opponent's card, then the card's north, south, east, west values / 10;
* per card of the card file, 4 floats: in the viewer's hand, in the
  opponent's hand, on the board, undealt;
* 6 scalars: the viewer to move, the opponent to move, dealing, game over,
  the viewer's score and the opponent's, each / (card cells + 1).

``observation_shape = (2 + 8 * cells + 4 * cards + 6,)``.
"""

from __future__ import annotations

from typing import cast

from deckhand.core.encoding import Encoding, one_hot
from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.protocol import Action, View
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.games.three_trios.options import HOLE, ThreeTriosSetup
from deckhand.games.three_trios.view import ThreeTriosView

CELL_FEATURES = 8
CARD_FEATURES = 4
SCALARS = 6


class ThreeTriosEncoding(Encoding):
    """One token per (card, cell); the board, the hands and the scores as a flat tensor."""

    def __init__(self, game: ThreeTriosSetup) -> None:
        self.game = game
        self.cards = len(game.names)
        self.cells = game.ncells
        self.num_tokens = self.cards * self.cells
        self.max_chance_outcomes = self.cards
        self.observation_shape = (2 + CELL_FEATURES * self.cells + CARD_FEATURES * self.cards + SCALARS,)

    def tokens(self, action: Action) -> tuple[int, ...]:
        if type(action) is not int or not 0 <= action < self.num_tokens:
            raise IllegalActionError(f"{quote(action, 40)} is not a Three Trios move")
        return (action,)

    def token_name(self, token: int) -> str:
        if not 0 <= token < self.num_tokens:
            raise IllegalActionError(f"token {quote(token)} is not in range({self.num_tokens})")
        card, cell = divmod(token, self.cells)
        return f"{self.game.names[card]} {self.game.cell_name(cell)}"

    def observation(self, view: View) -> list[float]:
        v = cast(ThreeTriosView, view)
        game = self.game
        me = max(v.player, 0)
        board, owners = v.board(), v.owners()
        out = one_hot(2, v.player)
        vals = game.vals
        for card, owner in zip(board, owners, strict=True):
            if card >= 0:
                base = card * 4
                out += [0.0, 0.0, float(owner == me), float(owner != me)]
                out += [vals[base] / 10, vals[base + 1] / 10, vals[base + 2] / 10, vals[base + 3] / 10]
            else:
                out += [float(card == HOLE), float(card != HOLE), 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        where = [[0.0, 0.0, 0.0, 1.0] for _ in range(self.cards)]
        for seat in (0, 1):
            for card in v.hand(seat):
                where[card] = [float(seat == me), float(seat != me), 0.0, 0.0]
        for card in board:
            if card >= 0:
                where[card] = [0.0, 0.0, 1.0, 0.0]
        for row in where:
            out += row
        to_move = v.current_player()
        full = len(game.card_cells) + 1
        mine = owners.count(me) + len(v.hand(me))
        theirs = owners.count(1 - me) + len(v.hand(1 - me))
        out += [
            float(to_move == me),
            float(to_move == 1 - me),
            float(to_move == CHANCE),
            float(to_move == TERMINAL),
            mine / full,
            theirs / full,
        ]
        return out
