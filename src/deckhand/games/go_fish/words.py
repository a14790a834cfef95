"""What the table hears: a question in words, and what came of it.

Only cards everyone sees are named: cards handed over, a drawn card of the
rank asked for (it is shown), and books. Another card drawn is "a card".
Ranks are said as plurals ("7s", "aces") so that a sentence never reads as
naming one particular card. A seat is named as the table names it, and a
verb agrees with it: "You draw", "Computer draws".
"""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.core.cards import CARDS
from deckhand.core.words import agree, and_list, does, names_list, object_name, spelled
from deckhand.games.go_fish.state import (
    DEAL,
    FISH,
    LONE,
    OVER,
    PLURALS,
    REFILL,
    GoFishState,
    ask_parts,
    book_cards,
    rank_of,
)


def describe_action(state: GoFishState, action: int) -> str:
    """``asks seat 2 for 7s`` (seats counted from one): a question without the names of a table."""
    parts = ask_parts(action)
    if parts is None:
        return "a card is drawn"
    return f"asks seat {parts[0] + 1} for {PLURALS[parts[1]]}"


def tell_move(state: GoFishState, action: int, names: Sequence[str]) -> str:
    """``You ask Computer for 7s.``, ``Computer asks you for jacks.``"""
    parts = ask_parts(action)
    if parts is None:
        return "A card is drawn."
    return f"{does(names[state.player], 'asks')} {object_name(names[parts[0]])} for {PLURALS[parts[1]]}."


def is_quiet(state: GoFishState, action: int) -> bool:
    """Every question is worth telling."""
    return False


def _cards(cards: Sequence[int]) -> str:
    return " ".join(CARDS[c].pretty for c in sorted(cards))


def _handed(cards: Sequence[int], rank: int) -> str:
    """``the 6♠``, ``three 6s: 6♠, 6♥ and 6♣``: cards handed over, counted and named."""
    named = [CARDS[c].pretty for c in sorted(cards)]
    if len(named) == 1:
        return f"the {named[0]}"
    return f"{spelled(len(named))} {PLURALS[rank]}: {and_list(named)}"


def announce(state: GoFishState, action: int, names: Sequence[str]) -> list[str]:
    """What every seat is told happens because of ``action`` (called before it is played)."""
    if state.illegal(action) is not None:
        return []
    after = state.clone()
    after.apply_action(action)
    p = state.player
    lines = []
    parts = ask_parts(action)
    if parts is not None:
        q, r = parts
        given = [c for c in state.hands[q] if rank_of(c) == r]
        if given:
            lines.append(f"{does(names[q], 'hands')} over {_handed(given, r)}.")
        elif after.phase == FISH:
            lines.append(f"{does(names[q], 'has')} no {PLURALS[r]}: go fish!")
        else:
            lines.append(f"{does(names[q], 'has')} no {PLURALS[r]}, and the stock is empty.")
    elif state.phase == DEAL:
        if after.phase == DEAL:
            return _books(state, after, names)
        lines.append(f"{state.game.hand_size} cards each are dealt.")
    else:
        assert isinstance(action, int)
        if state.phase == FISH and rank_of(action) == state.asking:
            shows = agree(names[p], "shows")
            lines.append(f"{does(names[p], 'draws')} {CARDS[action].pretty}, the rank asked for, and {shows} it.")
        elif state.phase == REFILL:
            lines.append(f"{does(names[p], 'has')} no cards and {agree(names[p], 'draws')} one from the stock.")
        elif state.phase == LONE:
            lines.append(f"Nobody else holds a card: {does(names[p], 'draws')} one from the stock.")
        else:
            lines.append(f"{does(names[p], 'draws')} a card from the stock.")
    lines += _books(state, after, names)
    lines += _next(state, after, names)
    return lines


def _books(state: GoFishState, after: GoFishState, names: Sequence[str]) -> list[str]:
    """The books laid down by the move."""
    out = []
    for seat, (old, new) in enumerate(zip(state.books, after.books, strict=True)):
        for r in new[len(old) :]:
            out.append(f"{does(names[seat], 'lays')} down a book of {PLURALS[r]}: {_cards(book_cards(r))}.")
    return out


def _next(state: GoFishState, after: GoFishState, names: Sequence[str]) -> list[str]:
    """Whose turn it is now, or who won."""
    if after.phase == OVER:
        return [_result(after, names)]
    if after.phase in (FISH, DEAL) or state.phase == REFILL:
        return []
    name = names[after.player]
    if state.phase == DEAL:
        return [f"{does(name, 'plays')} first."]
    if after.player == state.player:
        return [f"{does(name, 'goes')} on."]
    return [f"The turn passes to {object_name(name)}."]


def _result(state: GoFishState, names: Sequence[str]) -> str:
    books = [len(b) for b in state.books]
    best = max(books)
    winners = [names[seat] for seat, n in enumerate(books) if n == best]
    tally = ", ".join(f"{names[seat]}: {n}" for seat, n in enumerate(books))
    if len(winners) == 1:
        return f"All 13 books are down ({tally}): {does(winners[0], 'wins')}."
    return f"All 13 books are down ({tally}): {names_list(winners)} share the win."
