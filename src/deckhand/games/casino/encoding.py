"""Casino for learning environments: a move as a few tokens of fixed meaning, and a seat's table as a tensor.

Tokens (cards are indices 0..51, ``suit * 13 + rank``; a build is named by
the lowest card index among its cards, which no other build holds):

============  =============  ===============================================
tokens        meaning        in a move
============  =============  ===============================================
0 .. 51       trail c        ``trail c``: the whole move
52 .. 103     capture c      a capture with c, first
104 .. 155    build c        a build with c, first
156 .. 207    increase c     an increase with c, first
208 .. 259    card t         a loose table card in a set or a build
260 .. 311    build of t     the build holding card t: taken, or increased
312 .. 326    = v            the value a build or an increase declares (0..14)
327           end            closes a capture or a build
328, 329      heads, tails   the call of the coin
============  =============  ===============================================

* ``capture c {sets} [builds]`` is ``[capture c, card t..., build of b..., end]``:
  the cards of the sets in card order, then the builds taken, by the card
  naming them. The loose cards of c's rank need no token: every capture
  with c takes them all. Two captures with one card take different cards,
  so their sequences differ; ``end`` keeps them prefix-free.
* ``build c {loose} = v`` is ``[build c, = v, card t..., end]``.
* ``increase c [build] = v`` is ``[increase c, build of b, = v]`` (always three).
* the coin call is one token; chance outcomes are the card indices 0..51
  and the coin's fall, heads 52 and tails 53 (``max_chance_outcomes = 54``).

``num_tokens = 330``, ``max_tokens = 54`` (a bound).

Observation, flat, seats counted from the viewer (a spectator counts from seat 0):

* the viewer's seat one-hot (2; zero for a spectator);
* card planes of 52: the viewer's hand, the loose table cards, cards in
  the viewer's builds, cards in the opponent's, cards in a multiple build,
  the value of the build each card is in / 14, the viewer's pile this
  round, the opponent's;
* build values one-hot (15 each): the viewer owns a build of that value,
  the opponent does;
* the opponent's hand size / 4 (a spectator: both hands / 8), cards to
  deal / 52, both tallies / target (the viewer's first), the round / the
  most rounds (each at most 1);
* the call (heads, tails), the phase one-hot (5, ``phases.PHASE_NAMES``),
  the seat to move, the round's leader and the last capturer (one-hot, 2 each).

``observation_shape = (2 + 8 * 52 + 30 + 5 + 2 + 5 + 6,) = (466,)``.
"""

from __future__ import annotations

from typing import cast

from deckhand.core.cards import CODES
from deckhand.core.encoding import Encoding, one_hot, ratio, relative_seat
from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.protocol import Action, View
from deckhand.games.casino.moves import Parts
from deckhand.games.casino.options import CasinoSetup
from deckhand.games.casino.phases import PHASE_NAMES
from deckhand.games.casino.view import CasinoView

CARDS = 52
TRAIL, CAPTURE, BUILD, INCREASE, CARD, BUILD_OF = (k * CARDS for k in range(6))
VALUE = 6 * CARDS
VALUES = 15
END = VALUE + VALUES
HEADS = END + 1
FIRST = {"trail": TRAIL, "capture": CAPTURE, "build": BUILD, "increase": INCREASE}


def marks(cards: tuple[int, ...] | list[int]) -> list[float]:
    """A card plane: one at each card index."""
    out = [0.0] * CARDS
    for c in cards:
        out[c] = 1.0
    return out


def build_name(parts: Parts) -> int:
    """The card that names a build: the lowest index among its cards."""
    return min(c for part in parts for c in part)


class CasinoEncoding(Encoding):
    """Casino's moves as token sequences and a seat's view as card planes (see the module docstring)."""

    def __init__(self, game: CasinoSetup) -> None:
        self.game = game
        self.num_tokens = HEADS + 2
        self.max_chance_outcomes = CARDS + 2
        self.max_tokens = CARDS + 2
        self.observation_shape = (2 + 8 * CARDS + 2 * VALUES + 5 + 2 + len(PHASE_NAMES) + 6,)
        self.most_rounds = game.max_rounds()

    def chance_index(self, action: Action) -> int:
        if isinstance(action, tuple) and len(action) == 2 and action[0] == "coin" and action[1] in (0, 1):
            return CARDS + int(action[1])
        return super().chance_index(action)

    def tokens(self, action: Action) -> tuple[int, ...]:
        try:
            return self._tokens(action)
        except (TypeError, ValueError, IndexError, KeyError):
            raise IllegalActionError(f"{quote(action, 40)} is not a Casino move") from None

    def _tokens(self, action: Action) -> tuple[int, ...]:
        if not isinstance(action, tuple) or not action:
            raise ValueError
        kind = action[0]
        if kind == "call" and action[1] in (0, 1):
            return (HEADS + int(action[1]),)
        first = FIRST[kind] + _card(action[1])
        if kind == "trail":
            return (first,)
        if kind == "capture":
            loose = sorted(_card(c) for group in action[3] for c in group)
            builds = sorted(build_name(parts) for parts in action[4])
            return (first, *(CARD + c for c in loose), *(BUILD_OF + b for b in builds), END)
        value = VALUE + _value(action[2])
        if kind == "build":
            return (first, value, *(CARD + c for c in sorted(map(_card, action[3]))), END)
        if kind == "increase":
            return (first, BUILD_OF + build_name(action[3]), value)
        raise ValueError

    def token_name(self, token: int) -> str:
        if not 0 <= token < self.num_tokens:
            raise IllegalActionError(f"token {quote(token)} is not in range({self.num_tokens})")
        if token < VALUE:
            word = ("trail", "capture", "build", "increase", "card", "build of")[token // CARDS]
            return f"{word} {CODES[token % CARDS]}"
        if token < END:
            return f"= {token - VALUE}"
        return ("end", "heads", "tails")[token - END]

    def observation(self, view: View) -> list[float]:
        v = cast(CasinoView, view)
        game = self.game
        me = v.player
        base = max(me, 0)
        out = one_hot(2, me)
        mine: list[int] = []
        theirs: list[int] = []
        multiple: list[int] = []
        worth = [0.0] * CARDS
        owned = [[0.0] * VALUES, [0.0] * VALUES]
        for value, owner, parts in v.builds:
            cards = [c for part in parts for c in part]
            (mine if owner == base else theirs).extend(cards)
            if len(parts) > 1:
                multiple.extend(cards)
            for c in cards:
                worth[c] = value / (VALUES - 1)
            owned[0 if owner == base else 1][value] = 1.0
        piles = v.piles
        out += marks(v.hand) + marks(v.loose) + marks(mine) + marks(theirs) + marks(multiple) + worth
        out += marks(piles[base]) + marks(piles[1 - base])
        out += owned[0] + owned[1]
        tally = v.tally
        out += [ratio(v.hidden_count, 4 if me >= 0 else 8), ratio(v.deck_count, CARDS)]
        out += [ratio(tally[base], game.target), ratio(tally[1 - base], game.target), ratio(v.round, self.most_rounds)]
        out += [float(v.call == 0), float(v.call == 1)]
        out += one_hot(len(PHASE_NAMES), v.phase)
        last = v.last_capturer
        out += one_hot(2, relative_seat(v.current_player(), me, 2))
        out += one_hot(2, relative_seat(v.leader, me, 2))
        out += one_hot(2, relative_seat(-1 if last is None else last, me, 2))
        return out


def _card(c: object) -> int:
    if type(c) is not int or not 0 <= c < CARDS:
        raise ValueError
    return c


def _value(v: object) -> int:
    if type(v) is not int or not 0 <= v < VALUES:
        raise ValueError
    return v
