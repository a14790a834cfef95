"""Casino moves in words every seat may read: the card played and what it takes or builds, face up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckhand.core.cards import CARDS
from deckhand.core.protocol import Action

if TYPE_CHECKING:
    from deckhand.games.casino.state import CasinoState


def card_name(card: int) -> str:
    """``9 of Clubs``."""
    return CARDS[card].name


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _group(cards: tuple[int, ...] | list[int]) -> str:
    return _and([card_name(c) for c in cards])


def describe(action: Action, state: CasinoState) -> str:
    """The move in words: ``play a 9 of Clubs to capture the 9 of Diamonds and the set of …``."""
    if not isinstance(action, tuple) or action[0] not in ("trail", "capture", "build", "increase"):
        return f"play {action!r}"
    kind, card = action[0], action[1]
    head = f"play a {card_name(card)}" if not card_name(card).startswith(("Ace", "8")) else f"play an {card_name(card)}"
    if kind == "trail":
        return f"{head} as a trail"
    if kind == "capture":
        things = [f"the {card_name(c)}" for c in action[2]]
        things += [f"the set of {_group(g)}" for g in action[3]]
        for parts in action[4]:
            if len(parts) == 1:
                things.append(f"the build of {_group(parts[0])}")
            else:
                things.append("the multiple build of " + _and([f"[{_group(p)}]" for p in parts]))
        return f"{head} to capture {_and(things)}"
    value = action[2]
    if kind == "increase":
        return f"{head} to increase the opponent's build of {_group(action[3][0])} to {value}, taking it over"
    extra = action[3]
    mine = state.owner_of(value, state.to_move) is not None
    if value in state.game.vals[card]:
        if extra:
            return f"{head} and the {_group(extra)} as a multiple build of {value}"
        return f"{head} to add to its multiple build of {value}"
    with_ = f" with the {_group(extra)}" if extra else ""
    if mine:
        return f"{head}{with_} to make another build of {value}, adding to its multiple build"
    return f"{head}{with_} to make a build of {value}"
