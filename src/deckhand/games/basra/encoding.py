"""Basra for learning environments: a move as a few card tokens, and a seat's table as a tensor.

Tokens (card indices 0..51 whatever the deck, ``suit * 13 + rank``):

=========  ==============  =========================================================
tokens     meaning         in a move
=========  ==============  =========================================================
0 .. 51    play c          the card played, first
52 .. 103  take c          a table card taken in a sum (not one of the equal cards)
104        end             closes the move
=========  ==============  =========================================================

A move ``play H5 {C5} {S2 D3}`` is ``[play H5, take S2, take D3, end]``: the
cards taken in sums in card-index order, and no token for the cards of the
played card's rank, which every capture with it must take. Two moves of
one card take different sets of cards in sums (``captures.py``), so the
sequences are distinct, and ``end`` keeps them prefix-free. A card that
never has a choice is the one token ``[play c]``: a jack (and the special
7♦ under ``seven_diamonds``) takes the whole table, a queen or a king only
its equals. ``num_tokens = 105``; ``max_tokens = 53`` bounds a move's length (play,
the other cards, end). Chance outcomes are card indices (``max_chance_outcomes = 52``).

Observation, flat, seats counted from the viewer (a spectator counts from
seat 0; at four seats, seat 2 from the viewer is its partner):

* the viewer's seat one-hot (``players``; all zero for a spectator);
* card planes of 52: the viewer's hand, the table, the cards the viewer's
  side won this deck, the other side's, the cards set aside (``bury``);
* per seat: its hand size / hand size, its basras / 10 (at most 1);
* both sides' points / target (the viewer's first, at most 1), cards still to deal /
  deck size, the deck number / ``max_decks``;
* one-hot per seat (``players`` each): the dealer, the seat to move, the
  last seat to take cards; then dealing (chance) and game over.

``observation_shape = (6 * players + 5 * 52 + 6,)``.
"""

from __future__ import annotations

from typing import cast

from deckhand.core.cards import CODES
from deckhand.core.encoding import Encoding, one_hot, ratio, relative_seat
from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.protocol import Action, View
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.games.basra.cards import VALUE
from deckhand.games.basra.options import BasraSetup
from deckhand.games.basra.state import is_move
from deckhand.games.basra.view import BasraView

CARDS = 52
PLAY, TAKE, END = 0, CARDS, 2 * CARDS


def marks(cards: tuple[int, ...] | list[int]) -> list[float]:
    """A card plane: one at each card index."""
    out = [0.0] * CARDS
    for c in cards:
        out[c] = 1.0
    return out


class BasraEncoding(Encoding):
    """``[play c, take t..., end]`` per move; card planes and counts per view (see the module docstring)."""

    def __init__(self, game: BasraSetup) -> None:
        self.game = game
        self.players = game.players
        self.num_tokens = 2 * CARDS + 1
        self.max_chance_outcomes = CARDS
        self.max_tokens = CARDS + 1
        self.observation_shape = (6 * self.players + 5 * CARDS + 6,)
        self.alone = tuple(game.sweeper[c] or VALUE[c] > 10 for c in range(CARDS))
        """Cards whose every move is the one token ``play c``: nothing to choose."""

    def tokens(self, action: Action) -> tuple[int, ...]:
        if not is_move(action):
            raise IllegalActionError(f"{quote(action, 40)} is not a Basra move")
        card, groups = cast(tuple[int, tuple[tuple[int, ...], ...]], action)
        if self.alone[card]:
            return (PLAY + card,)
        summed = sorted(c for group in groups if len(group) > 1 for c in group)
        return (PLAY + card, *(TAKE + c for c in summed), END)

    def token_name(self, token: int) -> str:
        if token == END:
            return "end"
        if not 0 <= token < END:
            raise IllegalActionError(f"token {quote(token)} is not in range({self.num_tokens})")
        word = "play" if token < TAKE else "take"
        return f"{word} {CODES[token % CARDS]}"

    def observation(self, view: View) -> list[float]:
        v = cast(BasraView, view)
        game = self.game
        n = self.players
        me = v.player
        base = max(me, 0)
        out = one_hot(n, me)
        piles = v.piles
        out += marks(v.hand) + marks(v.table) + marks(piles[base & 1]) + marks(piles[1 - (base & 1)])
        out += marks(v.set_aside)
        counts, basras = v.counts, v.basras
        for r in range(n):
            seat = (r + base) % n
            out += [ratio(counts[seat], game.hand_size), ratio(basras[seat], 10)]
        totals = v.totals
        out += [ratio(totals[base & 1], game.target), ratio(totals[1 - (base & 1)], game.target)]
        out += [ratio(v.deck_left, len(game.deck_cards)), ratio(v.deck_number, game.max_decks)]
        last = v.last_capturer
        to_move = v.current_player()
        out += one_hot(n, relative_seat(v.dealer, me, n))
        out += one_hot(n, relative_seat(to_move, me, n))
        out += one_hot(n, relative_seat(last, me, n))
        out += [float(to_move == CHANCE), float(to_move == TERMINAL)]
        return out
