"""The ``solver`` agent, and its second engine: a depth-limited look-ahead over the card margin.

For each move :class:`SolverAgent` asks two engines in turn:

1. the endgame engine, :class:`.exact.ExactSearch` (``exact.py``), when at most
   ``exact_cells`` cells are empty: it searches to the end of the game for
   win, draw or loss and, if it finishes within ``exact_nodes``, the agent
   plays its move, which is perfect play;
2. otherwise :class:`DepthLimitedSearch` here: alpha-beta over the final card
   margin with a transposition table, deepened one move at a time within
   ``nodes``; the agent plays the move of the deepest search that finished,
   whose leaves are scored with material plus how attackable each card is
   (``CARD``, ``THREAT``). With ``mcts`` set, a UCT search of that many
   iterations takes this engine's place.

Both budgets are counted in nodes, not seconds, so the same position always
gets the same answer (``seconds`` is only a safety cap). With the default
budget the first engine answers on a 3x3 board from the first move (the
``hard`` and ``expert`` levels, with smaller budgets, from the third and the
second); on bigger boards it is tried once at most eight cells are empty.
"""

from __future__ import annotations

import random
import time

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.agents.mcts import MCTSAgent
from deckhand.agents.search import CANCEL, SearchCancelled
from deckhand.core.errors import ConfigError
from deckhand.core.protocol import Action, Game, View
from deckhand.games.three_trios.agents import flips_said, game_of, seat_view
from deckhand.games.three_trios.exact import ExactSearch, OutOfBudget
from deckhand.games.three_trios.options import EMPTY, ThreeTriosSetup
from deckhand.games.three_trios.state import place
from deckhand.games.three_trios.view import Position

CARD = 32
"""Value of one card of final margin; the positional terms are worth less than a card."""
THREAT = 12
"""What one card in the opponent's hand able to beat a side facing an empty cell costs (a card is ``CARD``)."""

_EXACT, _LOWER, _UPPER = 0, 1, 2

Solved = tuple[tuple[int, int], int, int, bool, list[tuple[int, int, int]]]
"""A search's answer: (best card and cell, value, depth reached, exact?, (value, card, cell) per root move tried)."""


class DepthLimitedSearch:
    """One look-ahead from one position, a few moves deep: a private copy of the position, made and unmade in place."""

    def __init__(self, state: Position, node_limit: int, deadline: float | None = None) -> None:
        game = state.game
        self.game: ThreeTriosSetup = game
        self.board = list(state.board())
        self.owner = list(state.owners())
        self.hands = [list(state.hand(0)), list(state.hand(1))]
        self.empty = list(state.empty_cells())
        self.total = len(game.card_cells) + 1
        self.tt: dict[tuple[int, ...], tuple[int, int, int, tuple[int, int] | None]] = {}
        self.nodes = 0
        self.node_limit = node_limit
        self.deadline = deadline
        self.cancel = CANCEL.get()
        """Set when the search is called off (a review cancelled, a server stopping): checked with the deadline."""
        values = game.vals
        first: dict[tuple[int, ...], int] = {}
        self.kind = [first.setdefault(tuple(values[c * 4 : c * 4 + 4]), c) for c in range(len(game.names))]
        opposite = (1, 0, 3, 2)
        count = len(game.names)
        self.beaten_by = [
            sum(1 << o for o in range(count) if game.wins[o * 4 + opposite[i % 4]][i // 4]) for i in range(4 * count)
        ]
        """``beaten_by[card * 4 + side]``: mask of the cards that flip ``card`` when placed against that side."""

    # -- scoring -------------------------------------------------------------
    def final(self, me: int) -> int:
        """The final margin in cards (mine minus theirs), times ``CARD``."""
        return (2 * (self.owner.count(me) + len(self.hands[me])) - self.total) * CARD

    def evaluate(self, me: int) -> int:
        """Material, less the threats to each side facing an empty cell: cards in the other hand that beat it.

        Counting the cards that can actually come (rather than how low the side
        is) scored 0.6 against the old measure over 60 games on the 5x5 board.
        """
        board, owner, nbrs, beaten_by, hands = self.board, self.owner, self.game.nbrs, self.beaten_by, self.hands
        self.nodes += 1  # leaves count against the budget too: they cost as much as a node
        held = (sum(1 << c for c in hands[0]), sum(1 << c for c in hands[1]))
        score = (2 * (owner.count(me) + len(hands[me])) - self.total) * CARD
        for cell, card in enumerate(board):
            if card < 0:
                continue
            mine = owner[cell]
            foe = held[1 - mine]
            threats = 0
            for n, d, _ in nbrs[cell]:
                if board[n] == EMPTY:
                    threats += (beaten_by[card * 4 + d] & foe).bit_count()
            score += -THREAT * threats if mine == me else THREAT * threats
        return score

    # -- moves ---------------------------------------------------------------
    def moves(self, me: int) -> list[tuple[int, int]]:
        """(card, cell) for each distinct card in hand and each empty cell."""
        kind = self.kind
        seen: set[int] = set()
        out: list[tuple[int, int]] = []
        for card in self.hands[me]:
            k = kind[card]
            if k in seen:
                continue
            seen.add(k)
            out.extend((card, cell) for cell in self.empty)
        return out

    def ordered(self, me: int, first: tuple[int, int] | None) -> list[tuple[int, int]]:
        """Moves best-looking first: the table's move, then by immediate flips."""
        game, board, owner = self.game, self.board, self.owner
        scored = []
        moves = self.moves(me)
        self.nodes += len(moves) // 4  # trying each move for the ordering costs a quarter node
        for card, cell in moves:
            flips = place(game, board, owner, cell, card, me)
            board[cell] = EMPTY
            owner[cell] = -1
            for f in flips:
                owner[f] = 1 - me
            scored.append((-len(flips), card, cell))
        scored.sort()
        out = [(card, cell) for _, card, cell in scored]
        if first is not None and first in out:
            out.remove(first)
            out.insert(0, first)
        return out

    # -- search --------------------------------------------------------------
    def last(self, me: int, cell: int) -> int:
        """The value of the game's last move, onto ``cell``: no table, no recursion."""
        game, board, owner, kind = self.game, self.board, self.owner, self.kind
        base = 2 * (owner.count(me) + len(self.hands[me])) - self.total
        most = -1
        seen = set()
        for card in self.hands[me]:
            if kind[card] in seen:
                continue
            seen.add(kind[card])
            flips = place(game, board, owner, cell, card, me)
            board[cell] = EMPTY
            owner[cell] = -1
            for f in flips:
                owner[f] = 1 - me
            most = max(most, len(flips))
        return (base + 2 * most) * CARD

    def two(self, me: int, alpha: int, beta: int) -> int:
        """The value with two empty cells left: each move, then the opponent's last one."""
        game, board, owner, kind = self.game, self.board, self.owner, self.kind
        a, b = self.empty
        hand = self.hands[me]
        best = -(10**9)
        seen = set()
        for card in list(hand):
            if kind[card] in seen:
                continue
            seen.add(kind[card])
            hi = hand.index(card)
            hand.pop(hi)
            for cell, other in ((a, b), (b, a)):
                flips = place(game, board, owner, cell, card, me)
                value = -self.last(1 - me, other)
                board[cell] = EMPTY
                owner[cell] = -1
                for f in flips:
                    owner[f] = 1 - me
                if value > best:
                    best = value
                    if value >= beta:
                        hand.insert(hi, card)
                        return best
            hand.insert(hi, card)
        return best

    def negamax(self, me: int, depth: int, alpha: int, beta: int) -> int:
        empty = self.empty
        if not empty:
            return self.final(me)
        if depth == 0:
            return self.evaluate(me)
        if len(empty) == 1:
            return self.last(me, empty[0])
        if len(empty) == 2 and depth >= 2:
            return self.two(me, alpha, beta)
        self.nodes += 1
        if self.nodes > self.node_limit or (
            self.deadline is not None and self.nodes % 1024 == 0 and time.monotonic() > self.deadline
        ):
            raise OutOfBudget
        if self.cancel is not None and self.nodes % 1024 == 0 and self.cancel.is_set():
            raise SearchCancelled("the look-ahead was called off")
        board, owner = self.board, self.owner
        key = (*board, *owner)
        entry = self.tt.get(key)
        first = None
        alpha0 = alpha
        if entry is not None:
            e_depth, e_value, e_flag, first = entry
            if e_depth >= depth:
                if e_flag == _EXACT:
                    return e_value
                if e_flag == _LOWER and e_value > alpha:
                    alpha = e_value
                elif e_flag == _UPPER and e_value < beta:
                    beta = e_value
                if alpha >= beta:
                    return e_value
        moves = self.ordered(me, first) if len(empty) > 6 else self.moves(me)
        game, hand = self.game, self.hands[me]
        best = -(10**9)
        best_move = None
        for card, cell in moves:
            hi = hand.index(card)
            hand.pop(hi)
            ei = empty.index(cell)
            empty.pop(ei)
            flips = place(game, board, owner, cell, card, me)
            try:
                value = -self.negamax(1 - me, depth - 1, -beta, -alpha)
            finally:
                board[cell] = EMPTY
                owner[cell] = -1
                for f in flips:
                    owner[f] = 1 - me
                empty.insert(ei, cell)
                hand.insert(hi, card)
            if value > best:
                best = value
                best_move = (card, cell)
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
        self.tt[key] = (depth, best, flag, best_move)
        return best

    def root(
        self, me: int, depth: int, previous: tuple[int, int] | None
    ) -> tuple[tuple[int, int], int, list[tuple[int, int, int]]]:
        """The best move at ``depth``, its value, and (value bound, card, cell) for every move tried."""
        board, owner, empty, hand, game = self.board, self.owner, self.empty, self.hands[me], self.game
        alpha = -(10**9)
        tried = []
        best_move = None
        for card, cell in self.ordered(me, previous):
            hi = hand.index(card)
            hand.pop(hi)
            ei = empty.index(cell)
            empty.pop(ei)
            flips = place(game, board, owner, cell, card, me)
            try:
                value = -self.negamax(1 - me, depth - 1, -(10**9), -alpha)
            finally:
                board[cell] = EMPTY
                owner[cell] = -1
                for f in flips:
                    owner[f] = 1 - me
                empty.insert(ei, cell)
                hand.insert(hi, card)
            tried.append((value, card, cell))
            if best_move is None or value > alpha:
                alpha = value
                best_move = (card, cell)
        assert best_move is not None
        return best_move, alpha, tried


class SolverAgent(Agent):
    """The endgame engine where the game can be searched to the end; elsewhere the depth-limited search or UCT.

    The exact search is tried when at most ``exact_cells`` cells are empty (0:
    automatic) and given up after ``exact_nodes``. Elsewhere iterative
    deepening spends at most ``nodes`` (deterministic), or, if ``mcts`` is not
    0, a UCT search of that many iterations plays instead (on the 5x5 board
    about as strong as 40000 nodes of look-ahead, for three times the time).
    ``seconds`` (0 = none) is an extra safety cap on the wall clock.
    """

    name = "solver"

    def __init__(
        self,
        game: Game,
        nodes: int = 120_000,
        seconds: float = 0.0,
        exact_cells: int = 0,
        exact_nodes: int = 1_000_000,
        mcts: int = 0,
    ) -> None:
        self.game = game_of(game)
        if nodes < 1 or exact_nodes < 1:
            raise ConfigError("solver: nodes and exact_nodes must be at least 1")
        if mcts < 0 or exact_cells < 0:
            raise ConfigError("solver: mcts and exact_cells cannot be negative")
        if seconds < 0:
            raise ConfigError("solver: seconds cannot be negative")
        # 0: automatic. A classic 3x3 is solved from the first move; on bigger boards the
        # hands are bigger too, and 8 empty cells take about as long as 9 on a 3x3.
        self.exact_cells = exact_cells or (9 if len(self.game.card_cells) <= 9 else 8)
        self.settings = [
            ("exact_cells", exact_cells, 0),
            ("exact_nodes", exact_nodes, 1_000_000),
            ("mcts", mcts, 0),
            ("nodes", nodes, 120_000),
            ("seconds", seconds, 0),
        ]
        """(name, value, default) of each setting, for ``spec``."""
        self.exact_nodes = exact_nodes
        self.nodes = nodes
        self.seconds = seconds
        self.uct = MCTSAgent(game, iterations=mcts) if mcts else None

    def spec(self) -> str:
        parts = [f"{name}={value:g}" for name, value, default in self.settings if value != default]
        return self.name + (":" + ",".join(parts) if parts else "")

    def step(self, view: View, rng: random.Random) -> Action:
        return self.explain(view, rng).action

    def exact(self, state: Position) -> Solved | None:
        """The endgame engine's answer, as ``solve`` gives it, or None if the position is too big for it."""
        left = len(state.empty_cells())
        if left > self.exact_cells:
            return None
        deadline = time.monotonic() + self.seconds if self.seconds else None
        try:
            best, outcome = ExactSearch(state, self.exact_nodes, deadline).solve()
        except OutOfBudget:
            return None
        return best, outcome * CARD, left, True, []

    def solve(self, state: Position) -> Solved:
        """The endgame engine's answer, else the deepest look-ahead's: (best card and cell, value, depth reached,
        exact?, root moves tried)."""
        found = self.exact(state)
        if found is not None:
            return found
        me = state.current_player()
        deadline = time.monotonic() + self.seconds if self.seconds else None
        left = len(state.empty_cells())
        search = DepthLimitedSearch(state, self.nodes, deadline)
        result = None
        depth = 0
        for depth in range(1, left + 1):
            try:
                result = search.root(me, depth, result[0] if result else None)
            except OutOfBudget:
                depth -= 1
                break
        if result is None:  # not even one ply fit: the move that flips the most now
            return search.ordered(me, None)[0], 0, 0, False, []
        best, value, tried = result
        return best, value, depth, False, tried

    def explain(self, view: View, rng: random.Random) -> Explanation:
        seen = seat_view(view)
        game = self.game
        if self.uct is not None and len(seen.empty_cells()) > 1:
            found = self.exact(seen)
            if found is None:
                explanation = self.uct.explain(view, rng)
                explanation.data["exact"] = False
                return explanation
            (card, cell), value, depth, exact, tried = found
        else:
            (card, cell), value, depth, exact, tried = self.solve(seen)
        action = card * game.ncells + cell
        notation = seen.action_to_string(action)
        margin = value / CARD
        flips = flips_said(seen, action)
        if exact:
            yours, its = (
                ("you win", "it wins")
                if value > 0
                else ("you lose whatever you play", "it loses whatever it plays")
                if value < 0
                else ("it ends in a draw", "it ends in a draw")
            )
            reason = f"{flips}; with the best play on both sides from here, {yours}"
            public = f"with the best play on both sides from here, {its}"  # the move's words say what it flips
        else:
            ahead = "ahead" if margin > 0.25 else "behind" if margin < -0.25 else "level"
            reason = f"{flips}; the best line found from here leaves you {ahead}"
            public = f"the best line found from here leaves it {ahead}"
        hand = seen.hand(seen.current_player())
        ranked = sorted(tried, key=lambda t: ((t[1], t[2]) != (card, cell), -t[0], t[2], hand.index(t[1])))
        candidates = [  # the chosen move first, as the hint says it; the others' values are bounds
            Candidate(
                seen.action_to_string(c * game.ncells + x),
                value=v / CARD,
                note=margin_words(v / CARD, chosen=(c, x) == (card, cell), exact=exact),
            )
            for v, c, x in ranked[:5]
        ]
        data: dict[str, object] = {"depth": depth, "exact": exact}
        if exact:
            data["result"] = "win" if value > 0 else "loss" if value < 0 else "draw"
        else:
            data["margin"] = margin
        return Explanation(action, notation, reason, candidates, data, public)


def margin_words(cards: float, *, chosen: bool, exact: bool) -> str:
    """A solver's figure for a move in a player's units: the cards it ends ahead by (``at most`` for a move
    the search only bounded). ``3 cards ahead with best play``, ``at most level``."""
    count = abs(round(cards))
    lead = "level" if count == 0 else f"{count} card{'s' * (count != 1)} {'ahead' if cards > 0 else 'behind'}"
    if not chosen:
        return f"at most {lead}"
    return f"{lead} with best play" if exact else f"{lead} in the best line found"
