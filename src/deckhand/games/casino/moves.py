"""Casino moves: their generation (trails, captures, builds, multiple builds, increases) and written form.

Actions are small tuples of card indices:

* ``("trail", c)``
* ``("capture", c, singles, sets, builds)``: ``singles`` the loose cards of
  the played card's rank (all of them, they are compulsory), ``sets`` a
  tuple of loose-card groups each summing to the capture value, ``builds``
  the parts-tuples of the builds taken whole.
* ``("build", c, v, loose)``: the played card with ``loose`` cards makes a
  build of ``v``; when the card is worth ``v`` itself it is a part on its
  own and ``loose`` (if any) is a second part (a multiple build).
* ``("increase", c, v, parts)``: the card goes on an opponent's single build.

A build on the table is ``(value, owner, parts)``; one owner's builds of one
value are a single entry with several parts (the multiple build).

Subsets of the loose cards are the hot spot: they are enumerated once per
position with their sums (pruned at the highest card value) and shared by
every card in the hand.

An action's written form needs no position, so it is here, where the rules'
error messages can use it: ``notation.py`` adds the parser.
"""

from __future__ import annotations

from typing import Any, Final

from deckhand.core.cards import CARDS, CODES
from deckhand.core.errors import NotationError, quote

Parts = tuple[tuple[int, ...], ...]
Build = tuple[int, int, Parts]

ORDER: Final = tuple((13 - (i % 13 + 1)) * 4 + i // 13 for i in range(52))
"""Canonical order of cards in notation: higher rank first, then suit (S H D C)."""
Play = tuple[Any, ...]
"""A tagged tuple: a move as above, a seat's call of the coin (``("call", side)``) or its fall (``("coin", side)``)."""
CasinoAction = Play | int
"""An action: a tagged tuple, or a card dealt (an int: chance's outcome while dealing)."""


def subset_sums(loose: list[int], vals: tuple[tuple[int, ...], ...], maxv: int) -> dict[int, list[tuple[int, ...]]]:
    """Every non-empty subset of ``loose`` by the sums it can make (at most ``maxv``), in table order.

    Computed afresh each time: tables are small (rarely over five cards) and a
    cache of them grew large enough to slow the garbage collector down.
    """
    found: list[tuple[int, tuple[int, ...]]] = []
    multi = False
    grown: list[tuple[int, tuple[int, ...]]]
    for card in reversed(loose):
        cvals = vals[card]
        if len(cvals) == 1:
            x = cvals[0]
            room = maxv - x
            grown = [(x, (card,))]
            for total, subset in found:
                if total <= room:
                    grown.append((total + x, (card, *subset)))
            found += grown
        else:
            multi = True
            grown = []
            for x in cvals:
                room = maxv - x
                grown.append((x, (card,)))
                for total, subset in found:
                    if total <= room:
                        grown.append((total + x, (card, *subset)))
            found += grown
    out: dict[int, list[tuple[int, ...]]] = {}
    for total, subset in found:
        if total in out:
            out[total].append(subset)
        else:
            out[total] = [subset]
    if multi and len(found) > 1:  # two aces worth 1 and 14 reach one sum twice
        for key, subsets in out.items():
            out[key] = list(dict.fromkeys(subsets))
    return out


_NO_SUMS: dict[int, list[tuple[int, ...]]] = {}
_NO_UNIONS: list[tuple[tuple[int, ...], ...]] = [()]


def set_unions(groups: list[tuple[int, ...]]) -> list[tuple[tuple[int, ...], ...]]:
    """Each distinct union of pairwise disjoint groups (empty included), as one partition."""
    if len(groups) < 2:
        return [(), *((g,) for g in groups)]
    found: dict[frozenset[int], tuple[tuple[int, ...], ...]] = {frozenset(): ()}
    masks = [frozenset(g) for g in groups]

    def walk(start: int, used: frozenset[int], parts: tuple[tuple[int, ...], ...]) -> None:
        for j in range(start, len(groups)):
            mask = masks[j]
            if used.isdisjoint(mask):
                union = used | mask
                extended = (*parts, groups[j])
                if union not in found:
                    found[union] = extended
                walk(j + 1, union, extended)

    walk(0, frozenset(), ())
    return list(found.values())


def legal_plays(
    hand: list[int],
    loose: list[int],
    builds: list[Build],
    player: int,
    vals: tuple[tuple[int, ...], ...],
    rank: tuple[int, ...],
    maxv: int,
) -> list[Play]:
    """Every legal play of ``player`` holding ``hand`` (docs/games/casino.md, rules decisions).

    The order is part of the rules' behaviour (agents and saves see it): per
    hand card, its trail, its captures, its builds, then its increases.
    """
    owned = [b[0] for b in builds if b[1] == player] if builds else []
    if len(loose) > 1:  # the table keeps the order cards were laid; moves name them canonically
        loose = sorted(loose, key=ORDER.__getitem__)
        sums = subset_sums(loose, vals, maxv)
    elif loose:
        only = loose[0]
        sums = {x: [(only,)] for x in vals[only]}
    else:
        sums = _NO_SUMS
    # how many cards of each value the hand holds
    held: dict[int, int] = {}
    for d in hand:
        for x in vals[d]:
            held[x] = held.get(x, 0) + 1
    held_values = sorted(held)
    if held_values and held_values[0] < 2:  # a build is worth 2 or more; only an ace is worth 1
        del held_values[0]
    by_rank: dict[int, tuple[int, ...]] = {}
    for x in loose:
        r = rank[x]
        by_rank[r] = (*by_rank[r], x) if r in by_rank else (x,)
    unions_by_v: dict[int, list[tuple[tuple[int, ...], ...]]] = {}
    out: list[Play] = []
    append = out.append
    for c in hand:
        cvals = vals[c]
        multi = len(cvals) > 1
        if not builds and not multi:
            # the common case, written out: no builds to keep or take, one value per card
            x = cvals[0]
            singles = by_rank.get(rank[c], ())
            found = unions_by_v.get(x)
            if found is None:
                subsets = sums.get(x)
                groups = [g for g in subsets if len(g) > 1] if subsets else []
                found = unions_by_v[x] = set_unions(groups) if groups else _NO_UNIONS
            if singles:
                for sets in found:
                    append(("capture", c, singles, sets, ()))
            else:
                append(("trail", c))
                if found is not _NO_UNIONS:
                    for sets in found[1:]:  # the first union is the empty one
                        append(("capture", c, singles, sets, ()))
            for v in held_values:
                if v < x or (v == x and held[v] == 1):
                    continue
                subsets = sums.get(v - x if x < v else v)
                if subsets:
                    for subset in subsets:
                        append(("build", c, v, subset))
            continue
        seen: set[frozenset[int]] | None = set() if multi else None  # an ace's two values may take the same cards
        # owned builds whose last capture card is c: c must capture them
        # (a save may show an owner without the card: then there is nothing to keep)
        must = [w for w in owned if w in cvals and held[w] == 1] if owned else owned
        singles = by_rank.get(rank[c], ())
        if not owned and not singles:
            append(("trail", c))
        for v in cvals:
            if must and (len(must) > 1 or must[0] != v):
                continue
            if singles and multi:
                # an ace worth 1 or 14: the matching aces are singles, never part of a set
                groups = [g for g in sums.get(v, ()) if len(g) > 1 and not set(g) & set(singles)]
                unions = set_unions(groups)
            else:
                found = unions_by_v.get(v)
                if found is None:
                    subsets = sums.get(v)
                    groups = [g for g in subsets if len(g) > 1] if subsets else []
                    found = unions_by_v[v] = set_unions(groups) if groups else _NO_UNIONS
                unions = found
            units = [b for b in builds if b[0] == v] if builds else builds
            if not units:
                for sets in unions:
                    if not singles and not sets:
                        continue
                    if seen is not None:
                        key = frozenset([*singles, *(x for g in sets for x in g)])
                        if key in seen:
                            continue
                        seen.add(key)
                    append(("capture", c, singles, sets, ()))
                continue
            forced = [b[2] for b in units if b[1] == player] if must else []
            free = [b for b in units if b[1] != player] if must else units
            for k in range(1 << len(free)):
                taken = tuple(forced) + tuple(b[2] for i, b in enumerate(free) if k >> i & 1)
                for sets in unions:
                    if not singles and not sets and not taken:
                        continue
                    if seen is not None:
                        cards = set(singles)
                        for g in sets:
                            cards.update(g)
                        for parts in taken:
                            for p in parts:
                                cards.update(p)
                        key = frozenset(cards)
                        if key in seen:
                            continue
                        seen.add(key)
                    append(("capture", c, singles, sets, taken))
        if must:
            continue
        # builds and multiple builds: need another card of the build's value
        made: list[Play] = []
        for v in held_values:
            if held[v] - (v in cvals) < 1:
                continue
            for x in cvals:
                if x < v:
                    subsets = sums.get(v - x)
                    if subsets:
                        for subset in subsets:
                            made.append(("build", c, v, subset))
                elif x == v:
                    if v in owned:
                        made.append(("build", c, v, ()))
                    subsets = sums.get(v)
                    if subsets:
                        for subset in subsets:
                            made.append(("build", c, v, subset))
        if made:
            out.extend(sorted(set(made), key=_build_key) if multi else made)
        for value, owner, parts in builds:
            if owner == player or len(parts) != 1:
                continue
            for x in cvals:
                v = value + x
                if v <= maxv and held.get(v, 0) - (v in cvals) >= 1:
                    append(("increase", c, v, parts))
    if not out:
        # only a save file that breaks the keep rule gets here: let any card trail
        out = [("trail", c) for c in hand]
    return out


def _build_key(play: Play) -> tuple[int, int, tuple[int, ...]]:
    return play[2], len(play[3]), play[3]


def capture_cards(play: Play) -> list[int]:
    """The table cards a capture takes."""
    cards = list(play[2])
    for group in play[3]:
        cards.extend(group)
    for parts in play[4]:
        for part in parts:
            cards.extend(part)
    return cards


def build_cards(parts: tuple[tuple[int, ...], ...]) -> list[int]:
    return [c for part in parts for c in part]


def cards_text(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(CODES[c] for c in cards)


def build_text(parts: Parts) -> str:
    """``[C3 S4]`` for a single build, ``[[C6 S3] [S9]]`` for a multiple one."""
    if len(parts) == 1:
        return f"[{cards_text(parts[0])}]"
    return "[" + " ".join(f"[{cards_text(p)}]" for p in parts) + "]"


def build_words(parts: Parts) -> str:
    """A build as a player reads it: ``6♣ 3♠`` for a single build, ``6♣ 3♠ + 9♠`` for a multiple one."""
    return " + ".join(cards_words(part) for part in parts)


def owned_words(owned: list[Build]) -> str:
    """A seat's builds in words: ``your build of 9: 6♣ 3♠ + 9♠``."""
    return "; ".join(f"your build of {value}: {build_words(parts)}" for value, _, parts in owned)


def cards_words(cards: tuple[int, ...] | list[int]) -> str:
    """Cards as a player reads them: ``6♣ 3♠``."""
    return " ".join(CARDS[c].pretty for c in cards)


def action_text(action: Any) -> str:
    """The notation of any Casino action (docs/games/casino.md, rules decisions); it does not depend on the position."""
    if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < 52:
        return CODES[action]
    if not isinstance(action, tuple) or not action:
        raise NotationError(f"not a casino action: {quote(action, 40)}")
    kind = action[0]
    try:
        if kind == "call":
            return ("heads", "tails")[action[1]]
        if kind == "coin":
            return "coin " + ("heads", "tails")[action[1]]
        card = CODES[action[1]]
        if kind == "trail":
            return f"trail {card}"
        if kind == "capture":
            words = [f"capture {card}"]
            if action[2]:
                words.append(cards_text(action[2]))
            words += [f"{{{cards_text(g)}}}" for g in action[3]]
            words += [build_text(parts) for parts in action[4]]
            return " ".join(words)
        if kind == "build":
            middle = f" {{{cards_text(action[3])}}}" if action[3] else ""
            return f"build {card}{middle} = {action[2]}"
        if kind == "increase":
            return f"increase {card} {build_text(action[3])} = {action[2]}"
    except (IndexError, TypeError, KeyError):
        pass
    raise NotationError(f"not a casino action: {quote(action, 40)}")
