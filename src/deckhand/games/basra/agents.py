"""Basra's computer players: the seed's ``classic`` strategy and a stronger ``greedy`` one.

``classic`` follows the seed's pseudocode (``processComputerTurn``): a basra
when it can, the lowest card on an empty table, a jack when it holds one,
otherwise the next card in its hand with what it takes. ``greedy`` scores
every move by the points it wins now, less what it leaves the opponent who
plays next: the chance, from the cards not yet seen, that it holds a card that
clears the table (a basra) or takes its point cards, and the worth of
keeping a jack for a richer table.
"""

from __future__ import annotations

import random
from math import comb

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import View, view_as
from deckhand.games.basra.captures import Move, card_moves, is_basra, sweeps, taken
from deckhand.games.basra.cards import JACK, ORDER, SEVEN_OF_DIAMONDS, VALUE, code
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
    """The seed's computer player, step by step as its pseudocode lays it out."""

    name = "classic"

    def __init__(self, game: BasraSetup) -> None:
        self.game = game

    def explain(self, view: View, rng: random.Random) -> Explanation:
        v = _basra_view(view)
        game = self.game
        table = list(v.table)
        basras = [m for m in v.moves() if is_basra(m, table, game.seven_diamonds)]
        move: Move
        public = ""
        if basras:
            move = max(basras, key=lambda m: move_gain(game, m, table))
            reason = f"{code(move[0])} clears the table: a basra worth {move_gain(game, move, table)} points"
            public = f"it wins {move_gain(game, move, table)} points"
        elif not table:
            plain = [c for c in v.hand if VALUE[c] != JACK] or list(v.hand)
            move = (plain[0], ())
            reason = f"the table is empty, so it throws its lowest card, {code(plain[0])}"
        elif any(VALUE[c] == JACK for c in v.hand):
            jack = next(c for c in v.hand if VALUE[c] == JACK)
            move = (jack, ())
            reason = f"{code(jack)} takes all {len(table)} cards on the table"
            public = "a jack takes everything"
        else:
            card = v.hand[0]
            mine = card_moves(card, table, game.seven_diamonds)
            move = max(mine, key=lambda m: len(taken(m, table, game.seven_diamonds)))
            count = len(taken(move, table, game.seven_diamonds))
            what = f"taking {count} card{'s' * (count != 1)}" if count else "which takes nothing"
            reason = f"no basra and no jack: it throws the next card in its hand, {code(card)}, {what}"
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
        parts = []
        if is_basra(move, table, self.game.seven_diamonds):
            parts.append(f"a basra for {gain} points")
        elif gain or taken(move, table, self.game.seven_diamonds):
            parts.append(f"wins {gain} point{'s' * (gain != 1)} now")
        else:
            parts.append(f"trails {code(move[0])}, the safest card to leave")
        if risk > 0.05:
            parts.append(f"leaves the opponent about {risk:.1f} points of threat")
        else:
            parts.append("leaves the opponent little to take")
        if keep:
            parts.append("keeps a sweeping card for later")
        reason = f"{v.action_to_string(move)}: " + ", ".join(parts)
        public = f"it wins {gain} point{'s' * (gain != 1)}" if gain else ""  # not what it keeps or fears
        candidates = [
            Candidate(v.action_to_string(m), round(val, 3), note=f"gain {g}, risk {r:.2f}")
            for val, m, g, r, _ in scored[:6]
        ]
        return Explanation(move, v.action_to_string(move), reason, candidates, {"value": round(value, 3)}, public)

    def evaluate(self, view: BasraView, move: Move, table: list[int]) -> tuple[float, int, float, bool]:
        """(value, points won now, expected points the opponent may take next, kept a sweeper)."""
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
        keep = bool(sweepers) and move[0] not in sweepers
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
