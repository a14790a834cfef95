"""Why a Casino move is illegal, and why the cards a player picked make no move, in the game's words.

A player who picks a card (and table cards) by clicking, or types a card
alone, means "play this": when no legal move does, the message says which
rule stops it (a build's owner may not trail; a card takes cards of its
rank, sets adding up to its value and builds of that value), not only that
nothing matched. It names the picked cards and the player's own builds, all
of which the player sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from deckhand.core.cards import CARDS, Card
from deckhand.core.errors import NotationError
from deckhand.games.casino.moves import Build, action_text, build_words, capture_cards, cards_words, owned_words
from deckhand.games.casino.options import CasinoSetup
from deckhand.games.casino.phases import CALL, COIN, DEAL, PLAY


class Position(Protocol):
    """What the explanations read of a Casino state; the state calls them, so they do not import it."""

    game: CasinoSetup
    phase: int
    to_move: int
    hands: list[list[int]]
    loose: list[int]
    builds: list[Build]

    def legal_actions(self) -> list[Any]: ...


def why_card_has_no_move(state: Position, card: int) -> str:
    """Why ``card`` (in the hand of the seat to move) has no legal move: it may not be trailed, and takes nothing."""
    p = state.to_move
    pretty = CARDS[card].pretty
    if card not in state.hands[p]:
        return f"you do not hold the {pretty}"
    owned = [b for b in state.builds if b[1] == p]
    if owned:
        return (
            f"the {pretty} has no move: it cannot be trailed while you own a build ({owned_words(owned)}), "
            "and it captures nothing and makes no build here: play another card"
        )
    return f"the {pretty} has no move here: it captures nothing, makes no build and may not be trailed"


def why_no_move(state: Position, cards: Sequence[str]) -> str:
    """Why no legal move plays ``cards`` (codes: a hand card, then table cards): the rule that stops it."""
    if state.phase != PLAY or not cards:
        return ""
    try:
        picked = [Card.parse(code).index for code in cards]
    except NotationError:
        return ""
    card, taken = picked[0], picked[1:]
    plays: list[Any] = state.legal_actions()  # in the play phase, every action is a play (kind, card, ...)
    if not any(a[1] == card for a in plays):
        return why_card_has_no_move(state, card)
    if not taken:
        return ""
    values = "/".join(str(v) for v in state.game.vals[card])
    return (
        f"the {CARDS[card].pretty} makes no move with {cards_words(taken)}: it captures cards of its rank, "
        f"sets of loose cards adding up to {values} and builds worth {values}, and it builds only a value "
        "you hold another card of"
    )


def _name(card: int) -> str:
    return CARDS[card].name


def _a_rank(card: int) -> str:
    """``a 4``, ``an 8``, ``an ace``, ``a king``: the card's rank with its article."""
    rank = CARDS[card].rank
    word = rank.label if 2 <= rank.number <= 10 else rank.word.lower()
    return f"{'an' if word[0] in 'a8' else 'a'} {word}"


def why_illegal(state: Position, action: Any) -> str:
    """Why ``action`` is illegal in ``state``: the message names the rule it breaks (``apply_action``'s slow path)."""
    try:
        text = action_text(action)
    except ValueError:
        return f"not a casino action: {action!r}"
    phase = state.phase
    if phase == DEAL:
        if isinstance(action, int):
            return f"{text} cannot be dealt now (it is not the next card of the deck)"
        return f"{text}: the cards are being dealt"
    if phase == CALL:
        return f"{text}: the coin is to be called first (heads or tails)"
    if phase == COIN:
        return f"{text}: the coin is in the air"
    if phase != PLAY:
        return f"{text}: the game is over"
    if not isinstance(action, tuple) or action[0] not in ("trail", "capture", "build", "increase"):
        return f"{text}: a player's move is trail, capture, build or increase"
    p = state.to_move
    g = state.game
    card = action[1]
    hand = state.hands[p]
    if card not in hand:
        return f"{text}: you do not hold the {_name(card)}"
    owned = [b for b in state.builds if b[1] == p]
    kind = action[0]
    # the keep rule: the last card of an owned build's value must capture it
    for value, _, parts in owned:
        others = [d for d in hand if d != card and value in g.vals[d]]
        captured = kind == "capture" and parts in action[4]
        if not others and value in g.vals[card] and not captured:
            return (
                f"{text}: you must keep the {_name(card)} to capture your build of {value} ({build_words(parts)}): "
                "a build's owner holds its capture card until the build is captured or taken over"
            )
    if kind == "trail":
        if owned:
            return (
                f"{text}: the {_name(card)} cannot be trailed while you own a build ({owned_words(owned)}): "
                "a build's owner may not trail until the build is captured or taken over"
            )
        match = [c for c in state.loose if g.rank[c] == g.rank[card]]
        if match:
            return (
                f"{text}: the {_name(card)} matches the loose {_name(match[0])}, "
                "so it must capture it and may not be trailed"
            )
        return f"{text}: not a legal move here"
    if kind == "capture":
        taken = capture_cards(action)
        table = set(state.loose) | {c for b in state.builds for p2 in b[2] for c in p2}
        missing = [c for c in taken if c not in table]
        if missing:
            return f"{text}: the {_name(missing[0])} is not on the table"
        other = [c for c in action[2] if g.rank[c] != g.rank[card]]
        if other:
            return (
                f"{text}: the {_name(other[0])} is not {_a_rank(card)}: the {_name(card)} captures loose cards "
                "of its own rank, and others only in a set that adds up to its value"
            )
        singles = [c for c in state.loose if g.rank[c] == g.rank[card]]
        left = [c for c in singles if c not in taken]
        if left:
            return (
                f"{text}: a capture with the {_name(card)} must take every loose card that matches it "
                f"({cards_words(left)})"
            )
        for parts in action[4]:
            values = [b[0] for b in state.builds if b[2] == parts]
            if values and values[0] not in g.vals[card]:
                return f"{text}: the build of {build_words(parts)} is worth {values[0]}, not {max(g.vals[card])}"
        for group in action[3]:
            sums = {0}
            for c in group:
                sums = {s + x for s in sums for x in g.vals[c]}
            if not sums & set(g.vals[card]):
                return f"{text}: the set of {cards_words(group)} does not add up to the {_name(card)}"
        if not taken:
            return f"{text}: the {_name(card)} captures nothing"
        return f"{text}: not a legal capture here (a card may be taken only once; builds go whole)"
    value = action[2]
    if not isinstance(value, int) or value > g.maxv or value < 2:
        return f"{text}: a build is worth 2 to {g.maxv}"
    if not [d for d in hand if d != card and value in g.vals[d]]:
        return f"{text}: to build {value} you must hold another card worth {value} to capture the build later"
    if kind == "increase":
        target = [b for b in state.builds if b[2] == action[3]]
        if not target:
            return f"{text}: there is no such build on the table"
        v, owner, parts = target[0]
        if owner == p:
            return f"{text}: a player may not increase their own build"
        if len(parts) > 1:
            return f"{text}: a multiple build may not be increased"
        return f"{text}: {v} and the {_name(card)} do not make {value}"
    extra = action[3]
    absent = [c for c in extra if c not in state.loose]
    if absent:
        return f"{text}: the {_name(absent[0])} is not a loose card on the table"
    if not extra and value in g.vals[card]:
        return f"{text}: a card of the build's value joins a build only when you already own a build of {value}"
    return f"{text}: the cards do not add up to {value}"
