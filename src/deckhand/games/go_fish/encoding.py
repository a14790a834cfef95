"""Go Fish for learning environments: one token per ask, and a seat's knowledge of the table as a tensor.

Tokens: ``ask q r`` ("seat q, your r's?") is token ``13 * q + r`` (seats
absolute, ranks ace 0 .. king 12), so ``num_tokens = 13 * players``. Chance outcomes
are card indices ``suit * 13 + rank`` (``max_chance_outcomes = 52``).

Observation, flat, seats counted from the viewer (a spectator counts from seat 0):

* the viewer's seat one-hot (``players``; all zero for a spectator), to
  read the absolute seats of the tokens;
* the viewer's hand: one mark per card (52);
* per seat (``players`` blocks of 93): its hand size / 52, the cards of its
  hand the table has seen (52), the ranks it is known to hold (13) and to
  lack (13), its books by rank (13), its book count / 13;
* the stock size / 52, the phase one-hot (6, ``state.PHASES``), the seat to
  move and the seat whose turn it is (one-hot each, ``players``), the rank
  a go-fish draw is for (13).

``observation_shape = (3 * players + 52 + 93 * players + 1 + 6 + 13,)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from deckhand.core.encoding import Encoding, one_hot, relative_seat
from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.protocol import Action, View
from deckhand.games.go_fish.options import DECK_SIZE, RANK_COUNT, GoFishSetup
from deckhand.games.go_fish.state import PHASES, RANKS, ask_parts
from deckhand.games.go_fish.view import GoFishView

SEAT_BLOCK = 1 + DECK_SIZE + 3 * RANK_COUNT + 1


def marks(size: int, items: Iterable[int]) -> list[float]:
    """``size`` zeros with a one at each index in ``items``."""
    out = [0.0] * size
    for i in items:
        out[i] = 1.0
    return out


class GoFishEncoding(Encoding):
    """One token per (seat, rank) ask; the viewer's hand and the table's public knowledge as a tensor."""

    def __init__(self, game: GoFishSetup) -> None:
        self.game = game
        n = self.players = game.players
        self.num_tokens = RANK_COUNT * n
        self.max_chance_outcomes = DECK_SIZE
        self.observation_shape = (3 * n + DECK_SIZE + SEAT_BLOCK * n + 1 + len(PHASES) + RANK_COUNT,)

    def tokens(self, action: Action) -> tuple[int, ...]:
        parts = ask_parts(action)
        if parts is None or parts[0] >= self.players:
            raise IllegalActionError(f"{quote(action, 40)} is not a Go Fish ask")
        return (RANK_COUNT * parts[0] + parts[1],)

    def token_name(self, token: int) -> str:
        if not 0 <= token < self.num_tokens:
            raise IllegalActionError(f"token {quote(token)} is not in range({self.num_tokens})")
        seat, rank = divmod(token, RANK_COUNT)
        return f"ask {seat} {RANKS[rank]}"

    def observation(self, view: View) -> list[float]:
        v = cast(GoFishView, view)
        n = self.players
        me = v.player
        out = one_hot(n, me)
        out += marks(DECK_SIZE, v.hand())
        sizes = v.hand_sizes()
        for r in range(n):
            seat = (r + max(me, 0)) % n
            books = v.book_ranks(seat)
            out.append(sizes[seat] / DECK_SIZE)
            out += marks(DECK_SIZE, v.seen_in(seat))
            out += marks(RANK_COUNT, v.known_ranks(seat))
            out += marks(RANK_COUNT, v.lacks(seat))
            out += marks(RANK_COUNT, books)
            out.append(len(books) / RANK_COUNT)
        out.append(v.stock_size() / DECK_SIZE)
        out += one_hot(len(PHASES), v.phase)
        out += one_hot(n, relative_seat(v.current_player(), me, n))
        out += one_hot(n, relative_seat(v.turn, me, n))
        out += one_hot(RANK_COUNT, v.fishing_for)
        return out
