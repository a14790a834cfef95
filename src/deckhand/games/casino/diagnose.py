"""Why a move is illegal: the message names the rule it breaks (the slow path of ``apply_action``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckhand.core.cards import CARDS, CODES
from deckhand.games.casino.moves import capture_cards
from deckhand.games.casino.notation import action_to_string, build_text

if TYPE_CHECKING:
    from deckhand.games.casino.state import CasinoState


def _name(card: int) -> str:
    return CARDS[card].name


def why_illegal(state: CasinoState, action: Any) -> str:
    from deckhand.games.casino.state import CALL, COIN, DEAL, PLAY, SIDES

    try:
        text = action_to_string(action)
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
        return f"{text}: the tournament is over"
    if not isinstance(action, tuple) or action[0] not in ("trail", "capture", "build", "increase"):
        return f"{text}: a player's move is trail, capture, build or increase"
    del SIDES
    p = state.to_move
    g = state.game
    card = action[1]
    hand = state.hands[p]
    if card not in hand:
        return f"{text}: the {_name(card)} is not in the hand of seat {p}"
    owned = [b for b in state.builds if b[1] == p]
    kind = action[0]
    # the keep rule: the last card of an owned build's value must capture it
    for value, _, parts in owned:
        others = [d for d in hand if d != card and value in g.vals[d]]
        captured = kind == "capture" and parts in action[4]
        if not others and value in g.vals[card] and not captured:
            return (
                f"{text}: you must keep the {_name(card)} to capture your build {build_text(parts)} "
                f"of {value} (a build's owner holds its capture card until it is captured or taken over)"
            )
    if kind == "trail":
        if owned:
            return f"{text}: a build owner may not trail (you own {build_text(owned[0][2])})"
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
        singles = [c for c in state.loose if g.rank[c] == g.rank[card]]
        left = [c for c in singles if c not in taken]
        if left:
            return (
                f"{text}: a capture with the {_name(card)} must take every loose card that matches it "
                f"({' '.join(CODES[c] for c in left)})"
            )
        for parts in action[4]:
            values = [b[0] for b in state.builds if b[2] == parts]
            if values and values[0] not in g.vals[card]:
                return f"{text}: the build {build_text(parts)} is worth {values[0]}, not {max(g.vals[card])}"
        for group in action[3]:
            sums = {0}
            for c in group:
                sums = {s + x for s in sums for x in g.vals[c]}
            if not sums & set(g.vals[card]):
                return f"{text}: the set {{{' '.join(CODES[c] for c in group)}}} does not add up to the played card"
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
