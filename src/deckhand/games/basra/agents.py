"""Basra's computer players: the design document's ``classic`` strategy and a stronger ``greedy`` one.

``classic`` follows the design document's pseudocode (``processComputerTurn``): a basra
when it can, the lowest card on an empty table, a jack when it holds one,
otherwise the next card in its hand with what it takes. ``greedy`` scores
every move by the points it wins now, less what it leaves the opponent who
plays next: the chance, from the cards not yet seen, that it holds a card that
clears the table (a basra) or takes its point cards, and the worth of
keeping a jack for a richer table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.cards import CARDS
from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import View, view_as
from deckhand.core.words import Reasons, and_list, count
from deckhand.games.basra.captures import BasraAction, Move, card_moves, is_basra, sweeps, taken
from deckhand.games.basra.cards import JACK, ORDER, SEVEN_OF_DIAMONDS, VALUE
from deckhand.games.basra.options import BasraSetup
from deckhand.games.basra.view import BasraView

JACK_KEEP = 2.5
"""What holding on to a jack is worth: it sweeps a later, richer table."""


def _basra_view(view: View) -> BasraView:
    v = view_as(view, BasraView)
    if v.current_player() != v.player:
        raise IllegalActionError(f"seat {v.player} is not to move")
    return v


def move_gain(game: BasraSetup, move: Move, table: list[int]) -> int:
    """Points a move wins at once: the cards taken, the card played, a basra bonus."""
    got = taken(move, table, game.seven_diamonds)
    if not got:
        return 0
    gain = game.points[move[0]] + sum(game.points[c] for c in got)
    if is_basra(move, table, game.seven_diamonds):
        gain += game.bonus[move[0]]
    return gain


def table_after(game: BasraSetup, move: Move, table: list[int]) -> list[int]:
    """The table once ``move`` is played."""
    got = taken(move, table, game.seven_diamonds)
    if got:
        return [c for c in table if c not in got]
    return sorted([*table, move[0]], key=ORDER.__getitem__)


class ClassicAgent(Agent):
    """The design document's computer player, step by step as its pseudocode lays it out."""

    name = "classic"
    rule = True

    def __init__(self, game: BasraSetup) -> None:
        self.game = game

    def explain(self, view: View, rng: random.Random) -> Explanation:
        v = _basra_view(view)
        game = self.game
        table = list(v.table)
        basras = [m for m in v.moves() if is_basra(m, table, game.seven_diamonds)]
        move: Move
        if basras:
            move = max(basras, key=lambda m: move_gain(game, m, table))
            reason = public = f"it clears the table: a basra worth {count(move_gain(game, move, table), 'point')}"
        elif not table:
            plain = [c for c in v.hand if VALUE[c] != JACK] or list(v.hand)
            move = (plain[0], ())
            reason = "the table is empty, and it is your lowest card"
            public = "the table is empty, so it throws its lowest card"
        elif any(VALUE[c] == JACK for c in v.hand):
            jack = next(c for c in v.hand if VALUE[c] == JACK)
            move = (jack, ())
            reason = f"a jack takes the whole table, {count(len(table), 'card')}"
            public = "a jack takes everything"
        else:
            card = v.hand[0]
            mine = card_moves(card, table, game.seven_diamonds)
            move = max(mine, key=lambda m: len(taken(m, table, game.seven_diamonds)))
            reason = "with no basra and no jack to play, the next card in your hand goes"
            public = "it plays the next card in its hand"  # not what it lacks: that is its hand
        return Explanation(
            action=move,
            notation=v.action_to_string(move),
            reason=reason,
            candidates=[Candidate(v.action_to_string(m), float(move_gain(game, m, table))) for m in basras],
            public=public,
        )


class GreedyAgent(Agent):
    """Weighs each move's points now against what the table it leaves offers the opponent."""

    name = "greedy"
    rule = True

    def __init__(self, game: BasraSetup, jack_keep: float = JACK_KEEP, caution: float = 1.0) -> None:
        self.game = game
        self.jack_keep = float(jack_keep)
        self.caution = float(caution)
        """How heavily the opponent's expected reply counts against a move."""

    def spec(self) -> str:
        settings = []
        if self.jack_keep != JACK_KEEP:
            settings.append(f"jack_keep={self.jack_keep:g}")
        if self.caution != 1.0:
            settings.append(f"caution={self.caution:g}")
        return self.name + (":" + ",".join(settings) if settings else "")

    def explain(self, view: View, rng: random.Random) -> Explanation:
        v = _basra_view(view)
        table = list(v.table)
        scored = []
        for move in v.moves():
            value, gain, risk, keep = self.evaluate(v, move, table)
            scored.append((value, move, gain, risk, keep))
        scored.sort(key=lambda item: -item[0])
        value, move, gain, risk, keep = scored[0]
        now = _now(self.game, move, table, gain)
        if not taken(move, table, self.game.seven_diamonds):
            now += ", and it is the safest card to lay down"
        threat = _threat(risk)
        kept = f", and it keeps your {_labels(keep)} for a fuller table" if keep else ""
        reason = f"{now}; {threat}{kept}"
        public = f"{now}; {threat}"  # not what it keeps: that is its hand
        candidates = [
            Candidate(v.action_to_string(m), round(val, 3), note=f"gain {g}, risk {r:.2f}")
            for val, m, g, r, _ in scored[:6]
        ]
        return Explanation(move, v.action_to_string(move), reason, candidates, {"value": round(value, 3)}, public)

    def evaluate(self, view: BasraView, move: Move, table: list[int]) -> tuple[float, int, float, list[int]]:
        """(value, points won now, expected points the opponent may take next, the sweepers it keeps)."""
        game = self.game
        gain = move_gain(game, move, table)
        after = table_after(game, move, table)
        got = taken(move, table, game.seven_diamonds)
        value = float(gain)
        if game.most_cards and got:
            value += 0.08 * (len(got) + 1)
        risk = self._risk(view, after, move, bool(got))
        value -= self.caution * risk
        sweepers = [c for c in view.hand if sweeps(c, game.seven_diamonds)]
        keep = [] if move[0] in sweepers else sweepers
        if sweeps(move[0], game.seven_diamonds) and len(view.hand) > 1:
            spare = view.deck_left > 0 or view.other_count > 0
            value -= self.jack_keep if spare else 0.0
        return value, gain, risk, keep

    def _risk(self, view: BasraView, after: list[int], move: Move, captured: bool) -> float:
        game = self.game
        if not after:
            return 0.0
        opponent_cards = view.other_count or min(game.hand_size, view.deck_left // game.num_players)
        if opponent_cards == 0:
            # The deck is over: the leftovers go to the last capturer's side.
            last = view.player if captured else view.last_capturer
            share = float(sum(game.points[c] for c in after))
            return share if last != -1 and (last - view.player) % 2 else -share
        unseen = [c for c in view.unseen if c != move[0]]
        if not unseen:
            return 0.0
        total = comb(len(unseen), opponent_cards)

        def chance(count: int) -> float:
            return 1.0 - comb(len(unseen) - count, opponent_cards) / total if count else 0.0

        by_rank: dict[int, list[int]] = {}
        for c in unseen:
            by_rank.setdefault(VALUE[c], []).append(c)
        jack_p = chance(len(by_rank.get(JACK, [])))
        risk = 0.0
        if game.seven_diamonds and SEVEN_OF_DIAMONDS in by_rank.get(7, []):
            by_rank[7].remove(SEVEN_OF_DIAMONDS)
            by_rank[0] = [SEVEN_OF_DIAMONDS]  # its own class: it plays unlike the other sevens
        for value, cards in by_rank.items():
            if value == JACK or not cards:
                continue
            best = max(move_gain(game, reply, after) for reply in card_moves(cards[0], after, game.seven_diamonds))
            if best:
                risk += chance(len(cards)) * best
        table_points = sum(game.points[c] for c in after)
        risk += jack_p * table_points
        return risk


# -- a move said to its player, and why it was chosen -----------------------------------------


def _labels(cards: list[int] | tuple[int, ...]) -> str:
    """``J♣ and 7♦``."""
    return and_list([CARDS[c].pretty for c in cards])


def _now(game: BasraSetup, move: Move, table: list[int], gain: int) -> str:
    """What a move wins at once: ``a basra for 18 points``, ``it takes 2 cards worth 3 points``, ``it takes
    nothing``."""
    got = taken(move, table, game.seven_diamonds)
    if is_basra(move, table, game.seven_diamonds):
        return f"a basra for {count(gain, 'point')}"
    if not got:
        return "it takes nothing"
    worth = f"worth {count(gain, 'point')}" if gain else "worth no points"
    return f"it takes {count(len(got), 'card')} {worth}"


def _threat(risk: float) -> str:
    """What the table a move leaves offers the opponent's next card, from the cards not yet seen."""
    if risk <= 0.05:
        return "it leaves the opponent little to take"
    if risk < 1.5:
        return "it leaves the opponent a point or so to take"
    return f"it leaves the opponent about {round(risk)} points to take"


def play_words(move: Move, table: list[int] | tuple[int, ...], seven_diamonds: bool) -> str:
    """``the 6♥ to take the 6♠``, ``the 3♠ onto the table``: a move as the object of "play"."""
    card = CARDS[move[0]].pretty
    got = taken(move, list(table), seven_diamonds)
    if not got:
        return f"the {card} onto the table"
    if len(got) == len(table) and len(got) > 2:
        return f"the {card} to take the whole table ({count(len(got), 'card')})"
    return f"the {card} to take the {_labels(got)}"


def suggest(view: View, action: BasraAction, names: Sequence[str]) -> str:
    """``Play the 6♥ to take the 6♠``."""
    v = view_as(view, BasraView)
    if not isinstance(action, tuple):
        return f"Play {view.action_to_string(action)}"
    return "Play " + play_words(action, v.table, v.game.seven_diamonds)


def choice_reasons(view: View, action: BasraAction, rivals: Sequence[BasraAction]) -> Reasons:
    """Why a search's move is good, from what it wins, what it leaves and what it keeps.

    To its player it also names the sweepers it keeps and, when the runner-up
    would have won more at once, that move; the table hears only what the
    move shows.
    """
    v = view_as(view, BasraView)
    if not isinstance(action, tuple):
        return Reasons()
    game = v.game
    table = list(v.table)
    gain = move_gain(game, action, table)
    after = table_after(game, action, table)
    now = _now(game, action, table, gain)
    left = sum(game.points[c] for c in after)
    if not after:
        leaves = "" if is_basra(action, table, game.seven_diamonds) else "it leaves the table empty"
    elif left:
        leaves = f"it leaves {count(left, 'point')} on the table"
    else:
        leaves = "it leaves no points on the table"
    yours = public = f"{now}; {leaves}" if leaves else now
    keep = [c for c in v.hand if c != action[0] and sweeps(c, game.seven_diamonds)]
    if keep:
        yours += f", and it keeps your {_labels(keep)} for a fuller table"
    rival = next((r for r in rivals if isinstance(r, tuple)), None)
    if rival is not None and move_gain(game, rival, table) > gain:
        more = count(move_gain(game, rival, table), "point")
        yours += f"; the {CARDS[rival[0]].pretty} would win {more} now, but less in the end"
    return Reasons(yours, public)
