"""Three Trios moves in words: which cards a placement flips, the combo's chain apart.

The game has nothing else to announce and no move goes without saying, so
``announce`` and ``is_quiet`` keep the core defaults.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.core.words import agree, does
from deckhand.games.three_trios.notation import action_to_string
from deckhand.games.three_trios.state import ThreeTriosState, combo, place


def describe_action(state: ThreeTriosState, action: int) -> str:
    """What the move flips: ``flips Kraken at 0,1; combo: Wyvern at 0,0``."""
    player = state.current_player()
    if player < 0 or type(action) is not int:
        return action_to_string(state, action)
    game = state.game
    card, cell = divmod(action, game.ncells)
    before = state.board()
    board, owner = state.board(), state.owners()
    flipped = place(game, board, owner, cell, card, player, combos=False)
    combo_start = len(flipped)
    combo(game, board, owner, flipped, player)  # the chain, appended after the direct flips
    if not flipped:
        return "flips nothing"
    direct = ", ".join(f"{game.names[before[c]]} in {game.cell_words(c)}" for c in flipped[:combo_start])
    text = f"flips {direct}"
    if len(flipped) > combo_start:
        chain = ", ".join(f"{game.names[before[c]]} in {game.cell_words(c)}" for c in flipped[combo_start:])
        text += f"; combo: {chain}"
    return text


def tell_move(state: ThreeTriosState, action: int, names: Sequence[str]) -> str:
    """``You place Griffin at 0,0 and flip Kraken at 0,1.``: the card, its cell, and what it flips."""
    player = state.current_player()
    if player < 0 or type(action) is not int:
        return f"{describe_action(state, action)}."
    who = names[player]
    game = state.game
    card, cell = divmod(action, game.ncells)
    placed = f"{does(who, 'places')} {game.names[card]} in {game.cell_words(cell)}"
    flips = describe_action(state, action)
    if flips == "flips nothing":
        return f"{placed}; it flips nothing."
    return f"{placed} and {agree(who, 'flips')}{flips.removeprefix('flips')}."
