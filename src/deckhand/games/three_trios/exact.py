"""The endgame engine: whether the side to move wins, draws or loses, searched to the last card.

Three Trios' ``solver`` agent (:mod:`.solver`) has two engines, and this is
the first it asks. :class:`ExactSearch` answers only win, draw or loss (not
by how many cards) and follows every line to the end of the game, so its
answer is perfect play. The agent tries it when at most ``exact_cells``
cells are empty (by default 9 on a 3x3 board, which is the whole game from
its first move, and 8 on bigger boards) and gives it ``exact_nodes``
positions; when the budget runs out it raises :class:`OutOfBudget`, and the
second engine, :class:`.solver.DepthLimitedSearch` (a look-ahead of a few
moves that estimates the card margin), chooses the move instead.

Why not the general game state: solving a 3x3 opening visits some hundreds of
thousands of positions, and going through lists of cells, hands and the
game's ``place`` cost most of the time. Here the position is a few ints: who owns each cell
is a bit mask passed down the recursion (so nothing needs undoing but the one
cell a card was put on), cards are numbered within the search, and for each
(card, cell) the neighbours it beats are precomputed as bit masks over the
search's cards. The transposition table is keyed by one exact int (owners
plus which card lies on each cell), and it keeps what is proved about the
result (a lower and an upper bound among loss, draw and win). Moves near the
root are tried best-looking first; elsewhere the table's move, then the last
move that worked at the same depth.

The battles follow ``state.place`` exactly, special rules (same/plus) and
combos included; the tests check the two against each other on every rule
combination.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from deckhand.agents.search import CANCEL, SearchCancelled
from deckhand.games.three_trios.options import ThreeTriosSetup
from deckhand.games.three_trios.view import Position

Move = tuple[int, int]
"""(card id, cell)."""

WIN, DRAW, LOSS = 1, 0, -1
ORDER_EMPTIES = 5
"""Moves are sorted where at least this many cells are empty; nearer the end sorting costs more than it saves."""
EXPOSED = 3
"""In that order, what each opponent card able to beat a side left open costs, against 1 per card gained."""


class OutOfBudget(Exception):
    """Raised inside a search when its node budget or deadline is spent."""


class ExactSearch:
    """One exact search from one position: win, draw or loss with best play, within a node budget.

    >>> import deckhand
    >>> state = deckhand.load_game("three_trios", preset="file-order").new_initial_state()
    >>> for move in ("Griffin 0,0", "Kraken 1,1", "Wyvern 0,1", "Golem 2,2"):
    ...     state.apply_action(state.string_to_action(move))
    >>> search = ExactSearch(state, 10**6)
    >>> search.value()
    1
    """

    def __init__(self, state: Position, node_limit: int, deadline: float | None = None) -> None:
        game: ThreeTriosSetup = state.game
        self.game = game
        self.state = state
        self.nodes = 0
        self.node_limit = node_limit
        self.deadline = deadline
        nc = game.ncells
        self.ncells = nc
        hands = [list(state.hand(0)), list(state.hand(1))]
        board0 = list(state.board())
        owner0 = list(state.owners())
        in_hand = hands[0] + hands[1]
        self.cards = in_hand + [c for c in board0 if c >= 0]
        """Search card number -> card id: both hands first (red's, then blue's), then the board."""
        ncards = len(self.cards)
        number = {c: i for i, c in enumerate(self.cards)}
        none = ncards  # the number of "no card": no beat mask has its bit
        self.board = [number[c] if c >= 0 else none for c in board0]
        self.red = sum(1 << x for x in range(nc) if board0[x] >= 0 and owner0[x] == 0)
        self.empty = sum(1 << x for x in state.empty_cells())
        self.hand = (1 << len(in_hand)) - 1
        self.seat = ((1 << len(hands[0])) - 1, ((1 << len(hands[1])) - 1) << len(hands[0]))
        self.total = len(game.card_cells) + 1
        values = game.vals
        first: dict[tuple[int, ...], int] = {}
        self.kind = [first.setdefault(tuple(values[c * 4 : c * 4 + 4]), i) for i, c in enumerate(self.cards)]
        wins, nbrs, cards = game.wins, game.nbrs, self.cards

        def mask(row: list[bool]) -> int:
            """The search cards whose entries in ``row`` (indexed by card id) are true."""
            return sum(1 << j for j, o in enumerate(cards) if row[o])

        self.beats = [tuple((n, mask(wins[c * 4 + d])) for n, d, _ in nbrs[x]) for c in cards for x in range(nc)]
        """``beats[card * ncells + cell]``: (neighbour, mask of the cards it beats there) per neighbour."""
        self.threat = [
            tuple((n, mask([wins[o * 4 + od][c] for o in range(len(game.names))])) for n, _, od in nbrs[x])
            for c in cards
            for x in range(nc)
        ]
        """``threat[card * ncells + cell]``: (neighbour, mask of the cards that would beat it from there)."""
        self.matches = [
            tuple((n, (*(_match(game, c, d, o, od) for o in cards), -1)) for n, d, od in nbrs[x])
            for c in cards
            for x in range(nc)
        ]
        """``matches[card * ncells + cell]``: (neighbour, what each card there scores) for same/plus."""
        width = max(1, len(in_hand).bit_length())
        self.code = [((i + 1) << (nc + width * x)) if i < len(in_hand) else 0 for i in range(ncards) for x in range(nc)]
        """``code[card * ncells + cell]``: that card on that cell, as part of the table key (owners in the low bits)."""
        self.tt: dict[int, tuple[int, int]] = {}
        """Key -> (lowest, highest) result still possible for the side to move."""
        self.best: dict[int, int] = {}
        """Key -> the move (``card * ncells + cell``) that last proved a bound: tried first next time."""
        self._cells = _Table(self._find_cells)
        self._distinct = _Table(self._find_distinct)
        self.place = self._placer()
        self.at_least = self._searcher()

    # -- tables ----------------------------------------------------------------
    def cells(self, mask: int) -> tuple[int, ...]:
        """The cells of ``mask``, in order."""
        return self._cells[mask]

    def distinct(self, mask: int) -> tuple[int, ...]:
        """The cards of ``mask``, the first of each set of identical cards only (they play alike)."""
        return self._distinct[mask]

    def _find_cells(self, mask: int) -> tuple[int, ...]:
        return tuple(x for x in range(self.ncells) if mask >> x & 1)

    def _find_distinct(self, mask: int) -> tuple[int, ...]:
        seen: set[int] = set()
        out = []
        for i in range(len(self.cards)):
            if mask >> i & 1 and self.kind[i] not in seen:
                seen.add(self.kind[i])
                out.append(i)
        return tuple(out)

    # -- battles ---------------------------------------------------------------
    def _placer(self) -> Callable[[int, int, int, int], int]:
        """``place(card, cell, me, red) -> red``: put the card down (``board`` keeps it) and fight.

        ``red`` is the mask of red's cells; a cell's owner is the mover's
        opponent when its bit equals ``me`` (red: bit clear; blue: bit set).
        """
        board, beats, matches, nc = self.board, self.beats, self.matches, self.ncells
        special = self.game.special
        none = len(self.cards)

        def plain(card: int, cell: int, me: int, red: int) -> int:
            board[cell] = card
            if me == 0:
                red |= 1 << cell
            flipped = None
            for n, m in beats[card * nc + cell]:
                if m >> board[n] & 1 and red >> n & 1 == me:
                    red ^= 1 << n
                    if flipped is None:
                        flipped = [n]
                    else:
                        flipped.append(n)
            if flipped is None:
                return red
            # Combo: each flipped card battles its own neighbours. The loop also visits the
            # cells appended while it runs (a list iterator checks the length at every step).
            for f in flipped:
                for n, m in beats[board[f] * nc + f]:
                    if m >> board[n] & 1 and red >> n & 1 == me:
                        red ^= 1 << n
                        flipped.append(n)
            return red

        def with_special(card: int, cell: int, me: int, red: int) -> int:
            board[cell] = card
            if me == 0:
                red |= 1 << cell
            found: list[tuple[int, int]] = []
            for n, scores in matches[card * nc + cell]:
                if board[n] != none:
                    found.append((scores[board[n]], n))
            if special == 1:
                hits = [n for score, n in found if score == 1]
            else:
                sums = [score for score, _ in found]
                hits = [n for score, n in found if sums.count(score) >= 2]
            flipped: list[int] = []
            if len(hits) >= 2:
                for n in hits:
                    if red >> n & 1 == me:
                        red ^= 1 << n
                        flipped.append(n)
            for n, m in beats[card * nc + cell]:
                if m >> board[n] & 1 and red >> n & 1 == me:
                    red ^= 1 << n
                    flipped.append(n)
            for f in flipped:  # the combo, as in ``plain``
                for n, m in beats[board[f] * nc + f]:
                    if m >> board[n] & 1 and red >> n & 1 == me:
                        red ^= 1 << n
                        flipped.append(n)
            return red

        return with_special if special else plain

    # -- search ----------------------------------------------------------------
    def _searcher(self) -> Callable[[int, int, int, int, int, int, int], bool]:
        """``at_least(me, k, red, empty, hand, key, left) -> bool``: can ``me`` (to move) end with a margin >= k?

        ``k`` is 1 (a win) or 0 (at least a draw); margins are even, so >= 1
        means > 0. ``empty`` and ``hand`` are masks of the empty cells and of the
        cards still in hand, ``left`` the number of empty cells; ``key`` is the
        table key without the owners.
        """
        board, place, code, tt, best, threat = self.board, self.place, self.code, self.tt, self.best, self.threat
        cells, distinct = self._cells, self._distinct
        seat, total, nc = self.seat, self.total, self.ncells
        none = len(self.cards)
        red_hand = seat[0]
        around = [sum(1 << n for n, _, _ in self.game.nbrs[x]) for x in range(nc)]
        """The card cells next to each cell (holes are never neighbours)."""
        killer = [-1] * (nc + 1)
        """Per number of empty cells, the move that last proved a bound: tried first where the table has none."""
        limit = self.node_limit
        deadline = self.deadline
        cancel = CANCEL.get()
        counter = self

        def last(me: int, k: int, red: int, cell: int, hand: int) -> bool:
            """The last move, onto ``cell``: flips only help the mover, and only next to the opponent's cards."""
            m = 2 * (red.bit_count() + (hand & red_hand).bit_count()) - total
            if (m if me == 0 else -m) >= k:  # placing a card moves it from the hand to the board: no change
                return True
            if not around[cell] & (~red if me == 0 else red):
                return False
            after_hand = (hand & red_hand).bit_count() - (me == 0)
            for card in distinct[hand & seat[me]]:
                after = place(card, cell, me, red)
                board[cell] = none
                m = 2 * (after.bit_count() + after_hand) - total
                if (m if me == 0 else -m) >= k:
                    return True
            return False

        def two(me: int, k: int, red: int, empty: int, hand: int) -> bool:
            """Two cells left: each move, then the opponent's last one (written out here: it is the hottest loop)."""
            reds = (hand & red_hand).bit_count()
            a, b = cells[empty]
            replies = distinct[hand & seat[1 - me]]
            opp = 1 - me
            reds_between = reds - (me == 0)  # red's cards in hand after my move
            reds_after = reds - 1  # and after both
            for card in distinct[hand & seat[me]]:
                for x, y in ((a, b), (b, a)):
                    after = place(card, x, me, red)
                    m = 2 * (after.bit_count() + reds_between) - total
                    if (m if me == 0 else -m) < k:  # the opponent's last move can only lower it
                        board[x] = none
                        continue
                    if not around[y] & (after if me == 0 else ~after):  # nothing of mine for it to flip
                        board[x] = none
                        return True
                    for reply in replies:
                        final = place(reply, y, opp, after)
                        board[y] = none
                        m = 2 * (final.bit_count() + reds_after) - total
                        if (m if me == 0 else -m) < k:
                            break
                    else:
                        board[x] = none
                        return True
                    board[x] = none
            return False

        def at_least(me: int, k: int, red: int, empty: int, hand: int, key: int, left: int) -> bool:
            if left < 3:
                if left == 2:
                    return two(me, k, red, empty, hand)
                if left == 1:
                    return last(me, k, red, cells[empty][0], hand)
                m = 2 * (red.bit_count() + (hand & red_hand).bit_count()) - total
                return (m if me == 0 else -m) >= k
            nodes = counter.nodes = counter.nodes + 1
            if nodes > limit or (deadline is not None and not nodes & 1023 and time.monotonic() > deadline):
                raise OutOfBudget
            if cancel is not None and not nodes & 1023 and cancel.is_set():
                raise SearchCancelled("the exact search was called off")
            full = key | red
            bounds = tt.get(full)
            if bounds is None:
                lo, hi = LOSS, WIN
            else:
                lo, hi = bounds
                if lo >= k:
                    return True
                if hi < k:
                    return False
            opp, kk, down = 1 - me, 1 - k, left - 1
            mine = hand & seat[me]
            first = best.get(full, -1)
            if first < 0:
                first = killer[left]
                if first >= 0 and not (mine >> (first // nc) & 1 and empty >> (first % nc) & 1):
                    first = -1
            if first >= 0:
                card, cell = divmod(first, nc)
                after = place(card, cell, me, red)
                ok = not at_least(opp, kk, after, empty ^ (1 << cell), hand ^ (1 << card), key | code[first], down)
                board[cell] = none
                if ok:
                    tt[full] = (k, hi)
                    best[full] = first
                    return True
            if left >= ORDER_EMPTIES:
                # Best-looking first: cards gained now, less the opponent's cards that could
                # beat a side left open. Placing each move for its score costs little more:
                # the search below reuses the owners it found.
                children = []
                theirs = hand & seat[opp]
                for card in distinct[mine]:
                    base = card * nc
                    for cell in cells[empty]:
                        move = base + cell
                        if move != first:
                            after = place(card, cell, me, red)
                            board[cell] = none
                            score = after.bit_count() if me == 0 else -after.bit_count()
                            for n, beaten_by in threat[move]:
                                if empty >> n & 1:
                                    score -= EXPOSED * (beaten_by & theirs).bit_count()
                            children.append((score, move, after))
                children.sort(reverse=True)
                for _, move, after in children:
                    card, cell = divmod(move, nc)
                    board[cell] = card
                    ok = not at_least(opp, kk, after, empty ^ (1 << cell), hand ^ (1 << card), key | code[move], down)
                    board[cell] = none
                    if ok:
                        tt[full] = (k, hi)
                        best[full] = killer[left] = move
                        return True
                tt[full] = (lo, k - 1)
                return False
            for card in distinct[mine]:
                rest = hand ^ (1 << card)
                base = card * nc
                for cell in cells[empty]:
                    if base + cell == first:
                        continue
                    after = place(card, cell, me, red)
                    ok = not at_least(opp, kk, after, empty ^ (1 << cell), rest, key | code[base + cell], down)
                    board[cell] = none
                    if ok:
                        tt[full] = (k, hi)
                        best[full] = killer[left] = base + cell
                        return True
            tt[full] = (lo, k - 1)
            return False

        return at_least

    # -- answers ---------------------------------------------------------------
    def root_moves(self) -> list[tuple[int, int]]:
        """The mover's (search card, cell) pairs, most flips first, then by card id and cell.

        The same order as the depth-limited search's, so both pick the same
        move among equally good ones.
        """
        me = self.state.current_player()
        red, board, none = self.red, self.board, len(self.cards)
        scored = []
        for card in self.distinct(self.hand & self.seat[me]):
            for cell in self.cells(self.empty):
                after = self.place(card, cell, me, red)
                board[cell] = none
                gained = after.bit_count() - red.bit_count() - 1 if me == 0 else red.bit_count() - after.bit_count()
                scored.append((-gained, self.cards[card], cell, card))
        scored.sort()
        return [(card, cell) for _, _, cell, card in scored]

    def solve(self) -> tuple[Move, int]:
        """The first root move (in ``root_moves`` order) with the best result, and that result.

        Like alpha-beta at the root: each move is only asked whether it beats
        the best so far, so a losing move costs one proof, not two. Raises
        ``OutOfBudget`` when the budget runs out first.
        """
        me = self.state.current_player()
        moves = self.root_moves()
        saved = self.board[:]
        left = self.empty.bit_count()
        best, value = moves[0], LOSS
        try:
            for card, cell in moves:
                while value < WIN and self._beats(me, card, cell, value + 1, left):
                    best, value = (card, cell), value + 1
                if value == WIN:
                    break
        finally:
            self.board[:] = saved
        return (self.cards[best[0]], best[1]), value

    def _beats(self, me: int, card: int, cell: int, target: int, left: int) -> bool:
        """Whether playing ``card`` on ``cell`` ends at ``target`` or better."""
        after = self.place(card, cell, me, self.red)
        ok = not self.at_least(
            1 - me,
            1 - target,
            after,
            self.empty ^ (1 << cell),
            self.hand ^ (1 << card),
            self.code[card * self.ncells + cell],
            left - 1,
        )
        self.board[cell] = len(self.cards)
        return ok

    def value(self) -> int:
        """WIN, DRAW or LOSS for the side to move, with best play on both sides."""
        return self.solve()[1]


class _Table(dict[int, tuple[int, ...]]):
    """A dict that fills itself: the search looks masks up far more often than it meets new ones."""

    def __init__(self, make: Callable[[int], tuple[int, ...]]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, mask: int) -> tuple[int, ...]:
        found = self[mask] = self.make(mask)
        return found


def _match(game: ThreeTriosSetup, card: int, side: int, other: int, other_side: int) -> int:
    """What a neighbour scores for same (1: a match, 0: not) or plus (the sum of the facing values)."""
    mine, theirs = game.vals[card * 4 + side], game.vals[other * 4 + other_side]
    if game.special == 1:
        return 1 if mine == theirs else 0
    return mine + theirs
