"""The score of a Basra deck as it ends, pile by pile, for a table to draw with the cards themselves.

The announcements (``words.announce``) tell the end of a deck in words; a
table page shows it as a picture: each side's pile, the cards that scored,
the deck's points and the match's totals. By then every card in the piles
is public (the words name them all). Built from the state just before the
move that ends the deck, as the announcements are.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.core.cards import CODES
from deckhand.core.tally import Tally, TallySide
from deckhand.games.basra.captures import BasraAction, is_basra, taken
from deckhand.games.basra.state import BasraState, is_move
from deckhand.games.basra.words import side_name


def deck_tally(state: BasraState, action: BasraAction, names: Sequence[str]) -> Tally | None:
    """The tally of the deck that ``action`` (a move, about to be played) ends; None if it ends none.

    A deck ends with the last card of its last deal, or earlier, with the last card of any deal, when the
    match is decided there (the game ends mid-deck): its tally is the one the game's end shows.
    """
    if state.to_move < 0 or not is_move(action):
        return None
    if any(len(hand) > (hand is state.hands[state.to_move]) for hand in state.hands):
        return None  # only the last card of a deal ends a deck
    assert isinstance(action, tuple)
    game = state.game
    after = state.clone()
    after.apply_action(action)
    deck_end = not state.pile
    if not deck_end and not after.is_terminal():
        return None
    player = state.to_move
    piles = [list(state.piles[0]), list(state.piles[1])]
    got = taken(action, state.table, game.seven_diamonds)
    if got:
        piles[player & 1] += [*got, action[0]]
        left = [c for c in state.table if c not in got]
        receiver = player
    else:
        left = [*state.table, action[0]]
        receiver = state.last
    if receiver >= 0 and deck_end:  # a game decided mid-deck leaves the table where it is
        piles[receiver & 1] += left
    bonus = deck_bonus(state)  # a basra's bonus is scored as it is made: the deck's count in its points too
    if is_basra(action, state.table, game.seven_diamonds):
        bonus[player & 1] += game.bonus[action[0]]
    sides = []
    for side in (0, 1):
        pile = piles[side]
        notes = [f"{len(pile)} cards"]
        most = 0
        if deck_end and game.most_cards and len(pile) > len(piles[1 - side]):
            most = game.most_cards
            notes[0] += f": most cards, {most} points"
        if bonus[side]:
            notes.append(f"basras this deck: {bonus[side]} points")
        basras = sum(after.basras[seat] for seat in range(game.players) if seat & 1 == side)
        sides.append(
            TallySide(
                name=side_name(side, names, game.players),
                cards=[CODES[c] for c in pile],
                counted=[CODES[c] for c in pile if game.points[c]],
                notes=notes,
                feat=f"{'★' * min(basras, 10)} {basras} basra{'' if basras == 1 else 's'} so far" if basras else "",
                points=sum(game.points[c] for c in pile) + most + bonus[side],
                total=after.totals[side],
            )
        )
    over = after.is_terminal()
    if deck_end:
        title = f"Deck {state.deck_no} is over" + (": the game is over" if over else "")
    else:  # decided at the end of a deal: the rest of the deck is never dealt
        title = f"The game is over after a deal of deck {state.deck_no} ({len(state.pile)} cards undealt)"
    return Tally(title=title, sides=sides, over=over)


def deck_bonus(state: BasraState) -> list[int]:
    """Each side's basra bonuses in the deck being played: its moves replayed from the game's deal."""
    game = state.game
    replayed = BasraState(game)
    bonus = [0, 0]
    for action in state.history():
        if replayed.deck_no == state.deck_no and is_move(action):
            assert isinstance(action, tuple)
            if is_basra(action, replayed.table, game.seven_diamonds):
                bonus[replayed.to_move & 1] += game.bonus[action[0]]
        replayed.apply_action(action)
    return bonus
