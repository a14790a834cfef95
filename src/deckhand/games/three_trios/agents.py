"""The Three Trios assignment's four computer strategies, each with the tie-breaks of docs/games/three_trios.md.

Every strategy scores each (hand card, empty cell) pair and keeps the best;
ties go to the uppermost-leftmost cell, then the lowest hand index. Cards
with identical values give identical outcomes, so only the first of each is
scored (it is also the one the tie-break would keep).

The one-move strategies read the view's accessors. Minimax looks a move
ahead, so it plays moves on ``sample_world``: in this open game the one
world consistent with the view is the position itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.errors import ConfigError, IllegalActionError, quote
from deckhand.core.protocol import Action, Game, View, view_as
from deckhand.core.words import Reasons, and_list, count
from deckhand.games.three_trios.hints import flip_hints
from deckhand.games.three_trios.options import EMPTY, SEATS, ThreeTriosSetup
from deckhand.games.three_trios.view import Position, ThreeTriosView

Move = tuple[int, int, int]
"""``(hand index, card id, cell)``."""

Scored = tuple[float, int, int, int]
"""``(value, cell, hand index, card id)``."""


def game_of(game: Game) -> ThreeTriosSetup:
    """Check that an agent was built for Three Trios."""
    if not isinstance(game, ThreeTriosSetup):
        raise ConfigError(f"this agent plays three_trios, not {game.name}")
    return game


def seat_view(view: View) -> ThreeTriosView:
    """``view`` as a Three Trios view, checked to be the turn of its seat."""
    mine = view_as(view, ThreeTriosView)
    if mine.current_player() != mine.player:
        raise IllegalActionError(f"it is not {SEATS[view.player] if view.player in (0, 1) else view.player}'s turn")
    return mine


def distinct_moves(position: Position, seat: int) -> Iterator[Move]:
    """Every (hand index, card, cell) for ``seat``, skipping later copies of identical cards."""
    values = position.game.vals
    seen: set[tuple[int, ...]] = set()
    empty = position.empty_cells()
    for index, card in enumerate(position.hand(seat)):
        key = tuple(values[card * 4 : card * 4 + 4])
        if key in seen:
            continue
        seen.add(key)
        for cell in empty:
            yield index, card, cell


def pick(scored: list[Scored], maximize: bool) -> list[Scored]:
    """``scored`` best first: by value, then uppermost-leftmost cell, then lowest hand index."""
    sign = -1.0 if maximize else 1.0
    return sorted(scored, key=lambda s: (sign * s[0], s[1], s[2]))


def flips_of(position: Position, seat: int) -> list[Scored]:
    """Every distinct move of ``seat`` with the number of cards it flips."""
    return [
        (float(len(position.flips_if(card, cell, seat))), cell, i, card)
        for i, card, cell in distinct_moves(position, seat)
    ]


def corner_scores(position: Position, seat: int) -> list[Scored]:
    """Moves onto open corners, valued by the card's values that face empty card cells."""
    game = position.game
    board = position.board()
    last = game.ncells - 1
    corners = {0, game.cols - 1, last - game.cols + 1, last}
    out: list[Scored] = []
    for i, card, cell in distinct_moves(position, seat):
        if cell in corners:
            guard = sum(game.vals[card * 4 + d] for n, d, _ in game.nbrs[cell] if board[n] == EMPTY)
            out.append((float(guard), cell, i, card))
    return out


def exposure_scores(position: Position, seat: int) -> list[Scored]:
    """Each move valued by how many (opponent card, open side) pairs could flip the placed card."""
    game = position.game
    board = position.board()
    vals, beats = game.vals, game.beats
    theirs = position.hand(1 - seat)
    out: list[Scored] = []
    for i, card, cell in distinct_moves(position, seat):
        exposed = 0
        for n, d, od in game.nbrs[cell]:
            if board[n] == EMPTY:
                mine = vals[card * 4 + d]
                exposed += sum(1 for o in theirs if beats[vals[o * 4 + od] * 11 + mine])
        out.append((float(exposed), cell, i, card))
    return out


class _Strategy(Agent):
    """Shared plumbing: score the moves, keep the best, say why."""

    def __init__(self, game: Game) -> None:
        self.game = game_of(game)

    def step(self, view: View, rng: random.Random) -> Action:
        return self.explain(view, rng).action

    def _explain(self, view: View, ranked: list[Scored], reason: Callable[[Scored], str], unit: str) -> Explanation:
        """The best of ``ranked`` with ``reason``'s words for it: both hands are open, and the words name no
        person, so the table reads the same reason as the seat."""
        game = self.game
        best = ranked[0]
        action = best[3] * game.ncells + best[1]
        notation = view.action_to_string(action)
        candidates = [
            Candidate(view.action_to_string(s[3] * game.ncells + s[1]), value=s[0], note=f"{s[0]:g} {unit}")
            for s in ranked[:5]
        ]
        said = reason(best)
        return Explanation(action, notation, said, candidates, {"seat": view.player}, public=said)


class CornerAgent(_Strategy):
    """Seed strategy 1: take a corner with the card hardest to flip there."""

    name = "corner"
    rule = True

    def explain(self, view: View, rng: random.Random) -> Explanation:
        seen = seat_view(view)
        seat = view.player
        ranked = pick(corner_scores(seen, seat), maximize=True)
        if ranked:
            return self._explain(
                view,
                ranked,
                lambda s: (
                    f"it takes a free corner, where this card shows {s[0]:g} in total to the open cells "
                    "around it, the hardest to flip there"
                ),
                "facing open cells",
            )
        first = seen.empty_cells()[0]
        fallback: list[Scored] = [(0.0, first, 0, seen.hand(seat)[0])]
        return self._explain(
            view, fallback, lambda s: "no corner is free, so the first card goes on the first open cell", ""
        )


class FlipMostAgent(_Strategy):
    """Seed strategy 2: the move that flips the most cards now (combos included)."""

    name = "flip-most"
    rule = True

    def explain(self, view: View, rng: random.Random) -> Explanation:
        seen = seat_view(view)
        ranked = pick(flips_of(seen, view.player), maximize=True)

        def reason(best: Scored) -> str:
            if best[0] == 0:
                return "no move flips anything, so the first card goes on the first open cell"
            return f"it flips {count(int(best[0]), 'card')}, the most any move can"

        explanation = self._explain(view, ranked, reason, "flips")
        hints = flip_hints(seen, best_card(ranked), view.player)
        explanation.data["hints"] = hints.to_json()
        return explanation


def best_card(ranked: list[Scored]) -> int:
    """The card id of the best-ranked move."""
    return ranked[0][3]


class LeastExposedAgent(_Strategy):
    """Seed strategy 3: the placement the opponent's hand can attack in the fewest ways."""

    name = "least-exposed"
    rule = True

    def explain(self, view: View, rng: random.Random) -> Explanation:
        seen = seat_view(view)
        ranked = pick(exposure_scores(seen, view.player), maximize=False)

        def reason(best: Scored) -> str:
            ways = count(int(best[0]), "way")
            return f"the other hand could flip it in {ways} through its open sides, the fewest of any move"

        return self._explain(view, ranked, reason, "ways to be flipped")


PREDICTORS: dict[str, Callable[[Position, int], list[Scored]]] = {
    "flip-most": lambda position, seat: pick(flips_of(position, seat), maximize=True),
    "corner": lambda position, seat: pick(corner_scores(position, seat), maximize=True),
    "least-exposed": lambda position, seat: pick(exposure_scores(position, seat), maximize=False),
}
"""How the minimax strategy may guess the opponent's reply."""


class MinimaxAgent(_Strategy):
    """Seed strategy 4: the move after which the opponent's likely reply flips the fewest cards.

    The opponent is assumed to play ``opponent`` (by default flip-most, which
    makes this a two-ply minimax on flips).
    """

    name = "minimax"

    def __init__(self, game: Game, opponent: str = "flip-most") -> None:
        super().__init__(game)
        if opponent not in PREDICTORS:
            raise ConfigError(
                f"minimax: unknown opponent model {quote(opponent, 24)}; choose from {', '.join(PREDICTORS)}"
            )
        self.opponent = opponent

    def spec(self) -> str:
        return self.name if self.opponent == "flip-most" else f"{self.name}:opponent={self.opponent}"

    def explain(self, view: View, rng: random.Random) -> Explanation:
        state = seat_view(view).sample_world(rng)  # a position to play moves on; nothing is drawn
        seat = view.player
        game = self.game
        predict = PREDICTORS[self.opponent]
        scored: list[Scored] = []
        replies: dict[tuple[int, int], str] = {}
        for i, card, cell in distinct_moves(state, seat):
            after = state.clone()
            after.apply_action(card * game.ncells + cell)
            if after.is_terminal():
                scored.append((0.0, cell, i, card))
                continue
            reply = predict(after, 1 - seat)
            if not reply:  # a corner model with no corner free falls back like the strategy does
                reply = [(0.0, after.empty_cells()[0], 0, after.hand(1 - seat)[0])]
            best = reply[0]
            reply_action = best[3] * game.ncells + best[1]
            gain = len(after.flips_if(best[3], best[1], 1 - seat))
            replies[(card, cell)] = placed(after, reply_action)
            scored.append((float(gain), cell, i, card))
        ranked = pick(scored, maximize=False)

        def reason(best: Scored) -> str:
            reply = replies.get((best[3], best[1]))
            if reply is None:
                return "it is the last move of the game"
            return f"the likely reply, {reply}, flips {count(int(best[0]), 'card')}: the fewest after any move"

        return self._explain(view, ranked, reason, "flips for the opponent")


# -- a placement said to its player, and why a search chose it ----------------------------------
def placed(position: Position, action: int) -> str:
    """``Griffin at 0,0``: a placement as a sentence names it."""
    game = position.game
    card, cell = divmod(action, game.ncells)
    return f"{game.names[card]} in {game.cell_words(cell)}"


def suggest(view: View, action: int, names: Sequence[str]) -> str:
    """``Place Griffin at 0,0``."""
    position = view_as(view, ThreeTriosView)
    if type(action) is not int or action < 0:
        return f"Play {view.action_to_string(action)}"
    return f"Place {placed(position, action)}"


def flips_said(position: Position, action: int) -> str:
    """``it flips 2 cards (Kraken at 0,1 and Wyvern at 0,0)``, or ``it flips nothing``: a placement's effect now."""
    game = position.game
    card, cell = divmod(action, game.ncells)
    flipped = position.flips_if(card, cell, position.current_player())
    if not flipped:
        return "it flips nothing"
    board = position.board()
    which = and_list([f"{game.names[board[c]]} in {game.cell_words(c)}" for c in flipped])
    return f"it flips {count(len(flipped), 'card')} ({which})"


def choice_reasons(view: View, action: int, rivals: Sequence[int]) -> Reasons:
    """What a search's placement flips now, to its player; the table reads the flips in the move's own words."""
    position = view_as(view, ThreeTriosView)
    if type(action) is not int or action < 0:
        return Reasons()
    found = "it did best when the rest of the game was played out"
    return Reasons(f"{flips_said(position, action)}, and {found}", found)  # the move's words say what it flips
