"""Three Trios notation: ``NAME R,C`` for a move (or ``#I R,C``, the hand index), a card name for a deal.

Card names are matched exactly first, then ignoring case when that is unambiguous.
"""

from __future__ import annotations

import re

from deckhand.core.errors import AmbiguousActionError, IllegalActionError, NotationError, quote
from deckhand.core.numbers import is_whole_number
from deckhand.core.turns import CHANCE
from deckhand.games.three_trios.options import SEATS, ThreeTriosSetup
from deckhand.games.three_trios.state import ThreeTriosState

_MOVE = re.compile(r"(\S+)\s+(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})")


def action_to_string(state: ThreeTriosState, action: int) -> str:
    """``Griffin 1,1`` for a move; the card's name for a card dealt."""
    game = state.game
    if type(action) is not int or action < 0:
        raise NotationError(f"{quote(action, 40)} is not a Three Trios action")
    if state.current_player() == CHANCE:
        if action >= len(game.names):
            raise NotationError(f"{quote(action, 40)} is not a card")
        return game.names[action]
    card, cell = divmod(action, game.ncells)
    if card >= len(game.names):
        raise NotationError(f"{quote(action, 40)} is not a Three Trios move")
    return f"{game.names[card]} {game.cell_name(cell)}"


def string_to_action(state: ThreeTriosState, text: str) -> int:
    """Parse ``NAME R,C`` or ``#I R,C`` (a card dealt: its name); the cell must be on the board."""
    game = state.game
    player = state.current_player()
    wanted = " ".join(str(text).split())
    if player == CHANCE:
        return card_named(game, wanted, text)
    match = _MOVE.fullmatch(wanted)
    if match is None:
        raise NotationError(f"{quote(text, 40)} is not a move; write NAME R,C (or #I R,C), e.g. '{game.names[0]} 0,0'")
    who, row, col = match.group(1), int(match.group(2)), int(match.group(3))
    if who.startswith("#") and who not in game.by_name:
        if not is_whole_number(who[1:]):
            raise NotationError(f"{quote(text, 40)}: {quote(who, 40)} is not a hand index such as #0")
        if player < 0:
            raise IllegalActionError(f"{quote(text, 40)}: nobody is to move")
        hand = state.hand(player)
        index = int(who[1:])
        if index >= len(hand):
            raise IllegalActionError(f"{quote(text, 40)}: {SEATS[player]} has no card #{index} (hand of {len(hand)})")
        card = hand[index]
    else:
        card = card_named(game, who, text)
    if not 0 <= row < game.rows or not 0 <= col < game.cols:
        raise IllegalActionError(f"{quote(text, 40)}: cell {row},{col} is outside the {game.rows}x{game.cols} board")
    return card * game.ncells + row * game.cols + col


def card_named(game: ThreeTriosSetup, name: str, text: str) -> int:
    """The card id called ``name`` (``text`` is the whole input, for the error messages)."""
    if name in game.by_name:
        return game.by_name[name]
    found = game.by_folded.get(name.casefold(), [])
    if len(found) == 1:
        return found[0]
    if found:
        options = ", ".join(game.names[i] for i in found)
        raise AmbiguousActionError(f"{quote(text, 40)}: card name {quote(name, 40)} could be {options}")
    raise NotationError(f"{quote(text, 40)}: no card is named {quote(name, 40)}")
