"""The score of a Basra deck or a Casino round as it ends, drawn by the browser with the cards themselves.

Each game's own announcement (its ``said`` lines) tells the end of a deck or
a round in words; a table page shows it as a picture: each side's pile, the
cards that scored, the points of the deck or round and the match's totals.
By then every card in the piles is public (the words name them all), so the
tally may go to every seat and spectator. It is built from the state just
before the move that ends the deck or round, as the announcements are.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.core.cards import CODES
from deckhand.core.protocol import Action, State
from deckhand.web.wire import Tally, TallySide


def tally(state: State, action: Action, names: Sequence[str]) -> Tally | None:
    """The tally of the deck or round that ``action`` (a move, about to be played) ends; None if it ends none."""
    from deckhand.games.basra.state import BasraState
    from deckhand.games.casino.state import CasinoState

    if isinstance(state, BasraState):
        return _basra(state, action, names)
    if isinstance(state, CasinoState):
        return _casino(state, action, names)
    return None


def _basra(state: object, action: Action, names: Sequence[str]) -> Tally | None:
    from deckhand.games.basra.captures import taken
    from deckhand.games.basra.state import BasraState, is_move
    from deckhand.games.basra.words import side_name

    assert isinstance(state, BasraState)
    if state.to_move < 0 or not is_move(action) or state.pile:
        return None
    if any(len(hand) > (hand is state.hands[state.to_move]) for hand in state.hands):
        return None  # only the last card of the last deal ends a deck
    assert isinstance(action, tuple)
    game = state.game
    after = state.clone()
    after.apply_action(action)
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
    if receiver >= 0:
        piles[receiver & 1] += left
    sides = []
    for side in (0, 1):
        pile = piles[side]
        notes = [f"{len(pile)} cards"]
        bonus = 0
        if game.most_cards and len(pile) > len(piles[1 - side]):
            bonus = game.most_cards
            notes[0] += f": most cards, {bonus} points"
        basras = sum(after.basras[seat] for seat in range(game.players) if seat & 1 == side)
        sides.append(
            TallySide(
                name=side_name(side, names, game.players),
                cards=[CODES[c] for c in pile],
                counted=[CODES[c] for c in pile if game.points[c]],
                notes=notes,
                basras=basras,
                points=sum(game.points[c] for c in pile) + bonus,
                total=after.totals[side],
            )
        )
    over = after.is_terminal()
    title = f"Deck {state.deck_no} is over" + (": the game is over" if over else "")
    return Tally(title=title, sides=sides, over=over)


def _casino(state: object, action: Action, names: Sequence[str]) -> Tally | None:
    from deckhand.games.casino.phases import PLAY
    from deckhand.games.casino.state import ACES, DIAMOND_TEN, SPADE_TWO, CasinoState

    assert isinstance(state, CasinoState)
    if state.phase != PLAY or state.pile or sum(len(hand) for hand in state.hands) != 1:
        return None
    after = state.clone()
    after.apply_action(action)
    if after.last_round is state.last_round or after.last_round is None or after.last_points is None:
        return None
    piles = after.last_round[:2]
    spades = [sum(state.game.spade[c] for c in pile) for pile in piles]
    sides = []
    for seat in (0, 1):
        pile, other = piles[seat], piles[1 - seat]
        notes = [f"{len(pile)} cards" + (": most cards, 3 points" if len(pile) > len(other) else "")]
        notes.append(f"{spades[seat]} spades" + (": most spades, 1 point" if spades[seat] > spades[1 - seat] else ""))
        sides.append(
            TallySide(
                name=names[seat],
                cards=[CODES[c] for c in pile],
                counted=[CODES[c] for c in pile if c in (DIAMOND_TEN, SPADE_TWO) or c in ACES],
                notes=notes,
                basras=0,
                points=after.last_points[seat],
                total=after.tally[seat],
            )
        )
    over = after.is_terminal()
    title = f"Round {state.round} is over" + (": the tournament is over" if over else "")
    return Tally(title=title, sides=sides, over=over)
