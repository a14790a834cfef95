"""The score of a Casino round as it ends, pile by pile, for a table to draw with the cards themselves.

The announcements tell the end of a round in words; a table page shows it
as a picture: each side's pile, the cards that scored, the round's points
and the match's totals. By then every card in the piles is public.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.core.cards import CODES
from deckhand.core.tally import Tally, TallySide
from deckhand.games.casino.moves import CasinoAction
from deckhand.games.casino.phases import PLAY
from deckhand.games.casino.state import ACES, DIAMOND_TEN, SPADE_TWO, CasinoState


def round_tally(state: CasinoState, action: CasinoAction, names: Sequence[str]) -> Tally | None:
    """The tally of the round that ``action`` (a move, about to be played) ends; None if it ends none."""
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
                feat="",
                points=after.last_points[seat],
                total=after.tally[seat],
            )
        )
    over = after.is_terminal()
    title = f"Round {state.round} is over" + (": the game is over" if over else "")
    return Tally(title=title, sides=sides, over=over)
