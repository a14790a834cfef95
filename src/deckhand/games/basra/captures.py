"""Which cards a played card may take: the hot spot of the game, so it is cached.

A numeral takes every table card of its value (compulsory) and, at the
player's choice, any disjoint groups of two or more table numerals that each
sum to its value. Two choices that take the same cards are one action, so
the enumeration yields each distinct *set* of extra cards once, with one
canonical grouping that the notation writes. The enumeration works on the
table's values alone (the cards sorted by rank), so one cache entry serves
every table with the same values whatever their suits.

An action is ``(card, groups)``: ``groups`` is a tuple of sorted card tuples,
the equal cards first as one-card groups, then the sums by size and rank.
A jack (and the 7♦ where it is special) is ``(card, ())``: it takes the whole
table, so there is nothing to choose.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from operator import itemgetter

from deckhand.core.cards import CARDS, CODES
from deckhand.games.basra.cards import JACK, ORDER, SEVEN_OF_DIAMONDS, VALUE, code

Groups = tuple[tuple[int, ...], ...]
Move = tuple[int, Groups]
"""A move: the card played and the groups of table cards it takes (none for a card left on the table)."""
BasraAction = Move | int
"""An action: a seat's move, or a card dealt (chance's outcome)."""

_Positions = tuple[tuple[int, ...], ...]
_CACHE: dict[tuple[int, tuple[int, ...]], tuple[_Positions, ...]] = {}
_CACHE_LIMIT = 200_000
_VALUE = VALUE.__getitem__


def groupings(value: int, values: tuple[int, ...]) -> tuple[_Positions, ...]:
    """Every distinct set of positions in ``values`` (sorted ascending, each below
    ``value``) that disjoint groups summing to ``value`` can cover, one grouping
    each, the empty grouping first.

    >>> groupings(5, (1, 2, 3, 4))
    ((), ((1, 2),), ((0, 3),), ((0, 3), (1, 2)))
    """
    key = (value, values)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    n = len(values)
    found: dict[int, _Positions] = {}

    def sums(start: int, need: int, used: int, chosen: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for j in range(start, n):
            if used >> j & 1:
                continue
            v = values[j]
            if v > need:
                break
            if v == need:
                out.append((*chosen, j))
            else:
                out.extend(sums(j + 1, need - v, used, (*chosen, j)))
        return out

    def grow(i: int, used: int, groups: tuple[tuple[int, ...], ...]) -> None:
        while i < n and used >> i & 1:
            i += 1
        if i >= n or values[i] * 2 > value:
            # The smallest free card is too big to share a group with anything.
            found.setdefault(used, groups)
            return
        grow(i + 1, used, groups)
        for rest in sums(i + 1, value - values[i], used | 1 << i, ()):
            group = (i, *rest)
            mask = used | 1 << i
            for j in rest:
                mask |= 1 << j
            grow(i + 1, mask, (*groups, group))

    grow(0, 0, ())
    result = tuple(tuple(sorted(g, key=lambda grp: (len(grp), grp))) for g in found.values())
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = result
    return result


def sweeps(card: int, seven_diamonds: bool) -> bool:
    """Whether the card takes the whole table (a jack; the 7♦ where it is special)."""
    return VALUE[card] == JACK or (seven_diamonds and card == SEVEN_OF_DIAMONDS)


NO_GROUPINGS: tuple[_Positions, ...] = ((),)
"""The options of a card that cannot add cards up: the empty grouping alone (:func:`card_options`)."""

ALONE: tuple[Move, ...] = tuple((card, ()) for card in range(52))
"""``ALONE[card]``: the move of ``card`` taking nothing, or the whole table if it sweeps; built once."""


def card_options(card: int, values: tuple[int, ...]) -> tuple[int, int, tuple[_Positions, ...]]:
    """What a numeral or a face card (not a sweeper) may take on a table of ``values``, unbuilt.

    ``values`` are the table's card values in its (rank) order. The result is
    ``(low, high, options)``: the cards of its rank are at ``low:high``
    (compulsory); each option is a grouping of positions below ``low`` (see
    :func:`groupings`), the empty one first. :func:`hand_moves` builds the
    moves from it; the search's playout policy scores them without building them.
    """
    value = VALUE[card]
    # The table is in rank order: the lower cards come first, then the equal ones.
    low = bisect_left(values, value)
    high = bisect_right(values, value, low)
    if value > 10 or low < 2:
        return low, high, NO_GROUPINGS
    return low, high, groupings(value, values[:low])


def table_values(table: list[int]) -> tuple[int, ...]:
    """The values of the cards of ``table`` in its order (what :func:`card_options` reads)."""
    return tuple(map(_VALUE, table))


def build_move(card: int, table: list[int], low: int, high: int, option: _Positions) -> Move:
    """The move of ``card`` taking ``table[low:high]`` and the groups of positions ``option`` (:func:`card_options`)."""
    if high == low:
        if not option:
            return ALONE[card]
        equal: Groups = ()
    elif high == low + 1:
        equal = ((table[low],),)
    else:
        equal = tuple([(t,) for t in table[low:high]])
    if not option:
        return (card, equal)
    # Every group has two cards or more, so itemgetter gives a tuple.
    return (card, equal + tuple([itemgetter(*group)(table) for group in option]))


def card_moves(card: int, table: list[int], seven_diamonds: bool) -> list[Move]:
    """The moves open to ``card`` on ``table`` (sorted by rank), canonical groups."""
    return hand_moves([card], table, seven_diamonds)


def hand_moves(hand: list[int], table: list[int], seven_diamonds: bool) -> list[Move]:
    """Every move of a hand: each card with each distinct capture it allows."""
    out: list[Move] = []
    append = out.append
    values = tuple(map(_VALUE, table))
    for card in hand:
        if VALUE[card] == JACK or (seven_diamonds and card == SEVEN_OF_DIAMONDS):
            append(ALONE[card])
            continue
        low, high, options = card_options(card, values)
        if options is NO_GROUPINGS:
            append(ALONE[card] if high == low else build_move(card, table, low, high, ()))
            continue
        for option in options:
            append(build_move(card, table, low, high, option))
    return out


def taken(move: Move, table: list[int], seven_diamonds: bool) -> list[int]:
    """The table cards a legal move takes."""
    card, groups = move
    if sweeps(card, seven_diamonds):
        return list(table)
    return [t for group in groups for t in group]


def is_basra(move: Move, table: list[int], seven_diamonds: bool) -> bool:
    """Whether a legal move is a basra: a non-jack clearing a non-empty table.

    The special 7♦ makes one only when the table held numerals summing to 10 or less.
    """
    card, groups = move
    if not table or VALUE[card] == JACK:
        return False
    if seven_diamonds and card == SEVEN_OF_DIAMONDS:
        return all(VALUE[t] <= 10 for t in table) and sum(VALUE[t] for t in table) <= 10
    return sum(len(g) for g in groups) == len(table)


def canonical(groups: Groups) -> Groups:
    """Groups in canonical order: each by rank, then by size and rank."""
    ordered = [tuple(sorted(g, key=ORDER.__getitem__)) for g in groups]
    return tuple(sorted(ordered, key=lambda g: (len(g), [ORDER[c] for c in g])))


def move_to_string(move: Move) -> str:
    """The canonical notation of a move whose groups are in canonical order (``play H5 {C5}``).

    Here rather than in ``notation.py`` because the rules' error messages write moves too.
    """
    card, groups = move
    parts = ["play", CODES[card]]
    parts.extend("{" + " ".join(CODES[c] for c in group) + "}" for group in groups)
    return " ".join(parts)


def _pretty(card: int) -> str:
    return CARDS[card].pretty


def _pretty_all(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(CARDS[c].pretty for c in cards)


def _a_rank(card: int) -> str:
    """``a 5``, ``an 8``, ``an ace``, ``a king``: the card's rank with its article."""
    rank = CARDS[card].rank
    word = rank.label if 2 <= rank.number <= 10 else rank.word.lower()
    return f"{'an' if word[0] in 'a8' else 'a'} {word}"


def why_illegal(card: int, groups: Groups, hand: list[int], table: list[int], seven_diamonds: bool) -> str | None:
    """Why ``(card, groups)`` is not a legal capture, or ``None`` if the groups are sound."""
    name = _pretty(card)
    if card not in hand:
        return f"{name} is not in your hand"
    if sweeps(card, seven_diamonds):
        if groups:
            return f"{name} takes the whole table by itself; write just 'play {code(card)}'"
        return None
    value = VALUE[card]
    seen: set[int] = set()
    for group in groups:
        if not group:
            return "an empty group {} takes nothing"
        for t in group:
            if t not in table:
                return f"{_pretty(t)} is not on the table"
            if t in seen:
                return f"{_pretty(t)} is taken twice"
            seen.add(t)
        label = _pretty_all(group)
        if len(group) == 1:
            if VALUE[group[0]] != value:
                return f"{label} is not {_a_rank(card)}, so {name} cannot take it alone"
        elif value > 10:
            return f"{name} takes only cards of its own rank, not {label}"
        elif any(VALUE[t] > 10 for t in group):
            return f"{label}: only numerals (ace to 10) can be added up"
        elif sum(VALUE[t] for t in group) != value:
            return f"{label} add up to {sum(VALUE[t] for t in group)}, not {value}"
    missed = [t for t in table if VALUE[t] == value and t not in seen]
    if missed:
        return f"{name} must also take {_pretty(missed[0])}: equal cards are compulsory"
    return None


def why_no_move(card: int, taken: list[int], hand: list[int], table: list[int], seven_diamonds: bool) -> str:
    """Why ``card`` takes no move that includes the table cards ``taken``: the rule of what it may take."""
    name = _pretty(card)
    if card not in hand:
        return f"{name} is not in your hand"
    picked = _pretty_all(taken)
    if sweeps(card, seven_diamonds):
        return f"{name} takes the whole table by itself: pick it alone, without {picked}"
    absent = [t for t in taken if t not in table]
    if absent:
        return f"{_pretty(absent[0])} is not on the table"
    if VALUE[card] > 10:
        return f"{name} takes only cards of its own rank, not {picked}"
    return (
        f"{name} cannot take {picked}: it takes the table cards of its value, {VALUE[card]}, and any groups "
        f"of numerals that each add up to {VALUE[card]}"
    )
