"""What a played card may take (docs/games/basra.md, rules decisions), as a table of situations per preset."""

from __future__ import annotations

import itertools
import random

import pytest

from deckhand.games.basra.captures import groupings
from tests.basra.helpers import arrange, moves_of

# preset, table, card played, every legal move of that card (as a set)
CASES = [
    # Equal cards are compulsory; a card that matches nothing trails.
    ("bazzi", "C5 D9", "H5", {"play H5 {C5}"}),
    ("bazzi", "C6 D9", "H5", {"play H5"}),
    ("bazzi", "S5 C5 D9", "H5", {"play H5 {S5} {C5}"}),
    # Sums are optional, and may sit beside the compulsory equal cards.
    ("bazzi", "C5 S2 D3", "H5", {"play H5 {C5}", "play H5 {C5} {S2 D3}"}),
    ("bazzi", "S2 D3 H9", "H5", {"play H5", "play H5 {S2 D3}"}),
    # Several disjoint groups, taken in any combination.
    ("bazzi", "SA H4 S2 D3", "C5", {"play C5", "play C5 {SA H4}", "play C5 {S2 D3}", "play C5 {SA H4} {S2 D3}"}),
    # Groups of any size: the design document's Ace, Deuce and Four make a Seven; four cards make a ten.
    ("bazzi", "SA S2 S4 H9", "C7", {"play C7", "play C7 {SA S2 S4}"}),
    ("bazzi", "SA S2 S3 S4", "HX", {"play HX", "play HX {SA S2 S3 S4}"}),
    # The design document: four deuces are taken by a four (two pairs) or an eight (all four).
    ("bazzi", "S2 H2 D2 C2", "C8", {"play C8", "play C8 {S2 H2 D2 C2}"}),
    # One set of cards is one move, however it could be grouped.
    (
        "bazzi",
        "SA HA S2 H2",
        "C3",
        {
            "play C3",
            "play C3 {SA S2}",
            "play C3 {SA H2}",
            "play C3 {HA S2}",
            "play C3 {HA H2}",
            "play C3 {SA S2} {HA H2}",
        },
    ),
    # A group must add up exactly; cards above the value never join one.
    ("bazzi", "S4 H4 D9", "C5", {"play C5"}),
    ("bazzi", "S6 HA D9", "C7", {"play C7", "play C7 {HA S6}"}),
    # The jack takes the whole table, jacks included, and has nothing to choose.
    ("bazzi", "S2 H9 DJ", "SJ", {"play SJ"}),
    ("bazzi", "", "SJ", {"play SJ"}),
    # Jacks on the table are no numerals: no group may hold one.
    ("bazzi", "SJ HA", "DX", {"play DX"}),
    # Egyptian: queens and kings take only their own rank.
    ("egyptian", "HQ S2 SX", "SQ", {"play SQ {HQ}"}),
    ("egyptian", "HK S2 SX", "SQ", {"play SQ"}),
    ("egyptian", "S5 H7", "CQ", {"play CQ"}),
    # Egyptian: the 7♦ takes the whole table; in bazzi it is an ordinary seven.
    ("egyptian", "S2 H3 CK", "D7", {"play D7"}),
    ("bazzi", "S2 H5 C7", "D7", {"play D7 {C7}", "play D7 {C7} {S2 H5}"}),
]


@pytest.mark.parametrize(("preset", "table", "card", "expected"), CASES)
def test_capture_table(preset: str, table: str, card: str, expected: set[str]) -> None:
    state = arrange(preset, hand=card, table=table)
    found = moves_of(state, card)
    assert len(found) == len(set(found))
    assert set(found) == expected


# preset, table, move, basra?
BASRAS = [
    ("bazzi", "C5", "play H5 {C5}", True),
    ("bazzi", "S2 D3", "play H5 {S2 D3}", True),
    ("bazzi", "C5 S2 D3", "play H5 {C5} {S2 D3}", True),
    ("bazzi", "C5 S2 D3", "play H5 {C5}", False),
    ("bazzi", "S2 H2 D2 C2", "play C4 {S2 H2} {D2 C2}", True),
    ("bazzi", "S2 H9", "play SJ", False),
    ("bazzi", "", "play H5", False),
    ("egyptian", "HQ", "play SQ {HQ}", True),
    ("egyptian", "SA H2 C3", "play D7", True),
    ("egyptian", "S4 H6", "play D7", True),  # the 7♦'s limit: numerals summing to 10 ...
    ("egyptian", "SX", "play D7", True),
    ("egyptian", "S5 H6", "play D7", False),  # ... and not 11
    ("egyptian", "S2 HJ", "play D7", False),
]


@pytest.mark.parametrize(("preset", "table", "move", "basra"), BASRAS)
def test_basra_is_clearing_the_table_with_a_non_jack(preset: str, table: str, move: str, basra: bool) -> None:
    card = move.split()[1]
    state = arrange(preset, hand=card, table=table, other="S9")
    state.apply_action(state.string_to_action(move))
    assert state.basras[0] == int(basra)


def _coverable(value: int, values: list[int]) -> bool:
    """Brute force: can these values be split into groups of two or more, each summing to ``value``?"""
    if not values:
        return True
    first, rest = values[0], values[1:]
    for size in range(1, len(rest) + 1):
        for others in itertools.combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in others) == value:
                left = [v for i, v in enumerate(rest) if i not in others]
                if _coverable(value, left):
                    return True
    return False


@pytest.mark.parametrize("seed", range(40))
def test_groupings_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    value = rng.randint(2, 10)
    values = tuple(sorted(rng.randint(1, value - 1) for _ in range(rng.randint(0, 8))))
    expected = {
        mask
        for mask in range(1 << len(values))
        if _coverable(value, [v for i, v in enumerate(values) if mask >> i & 1])
    }
    found = groupings(value, values)
    masks = [sum(1 << p for group in option for p in group) for option in found]
    assert len(masks) == len(set(masks))
    assert set(masks) == expected
    for option in found:
        assert all(len(g) >= 2 and sum(values[p] for p in g) == value for g in option)
