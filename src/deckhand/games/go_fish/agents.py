"""Go Fish's own players: ``guess`` (level easy), ``recall`` (level medium) and ``infer`` (level hard).

All decide from the seat's view only. Their ``reason`` is said to their own
seat ("you hold two") and may say what it holds; ``public`` is what the table
may read, and names no card: the question itself already says which rank
they hold.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.errors import IllegalActionError, quote
from deckhand.core.numbers import is_setting_count
from deckhand.core.protocol import Game, View, view_as
from deckhand.core.words import object_name, spelled
from deckhand.games.go_fish.state import PLURALS, ask_parts, rank_of
from deckhand.games.go_fish.view import GoFishView


def _asks(view: GoFishView) -> list[tuple[int, int, int]]:
    """The seat's legal asks as (action, seat, rank)."""
    out = []
    for action in view.legal_actions():
        parts = ask_parts(action)
        if parts is not None:
            out.append((action, parts[0], parts[1]))
    if not out:
        raise IllegalActionError(f"seat {view.player} has no question to ask now")
    return out


def _held(view: GoFishView) -> Counter[int]:
    """How many cards of each rank the seat holds."""
    return Counter(rank_of(c) for c in view.hand())


class GuessAgent(Agent):
    """Asks a random seat for a random rank it holds: the easy level."""

    name = "guess"
    rule = True

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def explain(self, view: View, rng: random.Random) -> Explanation:
        asks = _asks(view_as(view, GoFishView))
        action = asks[int(rng.random() * len(asks))][0]
        return Explanation(
            action=action,
            notation=view.action_to_string(action),
            reason=f"a guess among the {len(asks)} questions you may ask",
            candidates=[Candidate(view.action_to_string(a)) for a, _, _ in asks],
            public="a guess",
        )


class RecallAgent(Agent):
    """Remembers what the table has learned: asks a seat known to hold one of its ranks,
    else fishes for the rank it holds most of, from a seat not known to lack it (the medium level)."""

    name = "recall"
    rule = True

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def explain(self, view: View, rng: random.Random) -> Explanation:
        v = view_as(view, GoFishView)
        asks = _asks(v)
        mine = _held(v)
        sizes = v.hand_sizes()
        known = {seat: v.known_ranks(seat) for seat in range(len(sizes))}
        lacks = {seat: v.lacks(seat) for seat in range(len(sizes))}

        notes = {}
        scores = {}
        for action, seat, rank in asks:
            shown = sum(1 for c in v.seen_in(seat) if rank_of(c) == rank)
            sure, fresh = rank in known[seat], rank not in lacks[seat]
            notes[action] = "known to hold it" if sure else "a guess" if fresh else "known to hold none"
            scores[action] = (sure, shown, fresh, mine[rank], sizes[seat], rng.random())
        ranked = sorted(asks, key=lambda item: scores[item[0]], reverse=True)
        action, seat, rank = ranked[0]
        held = f"you hold {spelled(mine[rank])}"
        if rank in known[seat]:
            reason = f"they are known to hold {PLURALS[rank]}, and {held}"
            public = f"it remembers that they hold {PLURALS[rank]}"
        elif rank not in lacks[seat]:
            reason = f"nobody is known to hold a rank of yours; they may hold some, and {held}"
            public = "nobody is known to hold its ranks, so it fishes where the answer is not known yet"
        else:
            reason = "everyone you may ask is known to hold none of your ranks: a long shot"
            public = "a long shot"
        return Explanation(
            action=action,
            notation=view.action_to_string(action),
            reason=reason,
            candidates=[Candidate(view.action_to_string(a), note=notes[a]) for a, _, _ in ranked],
            public=public,
        )


WORLDS = 48
"""Worlds dealt from the seat's view to reckon the chance of each question."""
ENDGAME = 4
"""Cards left in the stock at which the chance of an answer leads the choice."""
LIKELY = 0.6
"""The chance of an answer that makes a question worth more than the rank held most."""


class InferAgent(Agent):
    """Reckons where the unseen cards are from everything the table saw: the hard level.

    It asks where a rank is known to be, as ``recall`` does; else it fishes for
    the rank it holds most of (asking the same rank again reveals nothing new,
    which measured better than chasing the likeliest answer) from the seat whose
    history leaves the best chance; once the stock is nearly out it asks first
    where an answer is likely. Chances are shares of worlds dealt to agree with
    every ask, answer, draw shown and book, and with the others asking first what
    they knew would be answered (``GoFishView.sample_likely_world``).
    """

    name = "infer"

    def __init__(self, game: Game | None = None, worlds: int = WORLDS) -> None:
        if not is_setting_count(worlds) or worlds < 1:
            raise ValueError(f"worlds must be a whole number >= 1, not {quote(worlds, 24)}")
        self.game = game
        self.worlds = worlds

    def explain(self, view: View, rng: random.Random) -> Explanation:
        v = view_as(view, GoFishView)
        asks = _asks(v)
        mine = _held(v)
        sizes = v.hand_sizes()
        known = {seat: v.known_ranks(seat) for seat in range(len(sizes))}
        sure = {action: rank in known[seat] for action, seat, rank in asks}
        odds: dict[int, float | None] = {action: 1.0 if sure[action] else None for action in sure}
        possible = dict(sure)  # with a question sure of an answer, the others are not reckoned at all
        if not any(sure.values()):
            possible = {action: v.may_hold(seat, rank) for action, seat, rank in asks}
            hits = dict.fromkeys(sure, 0)
            for _ in range(self.worlds):
                world = v.sample_likely_world(rng)
                held = [{rank_of(c) for c in hand} for hand in world.hands]
                for action, seat, rank in asks:
                    hits[action] += rank in held[seat]
            odds = {action: n / self.worlds for action, n in hits.items()}
        endgame = v.stock_size() <= ENDGAME
        scores: dict[int, tuple[float, ...]] = {}
        for action, seat, rank in asks:
            chance = odds[action] or 0.0
            if endgame:
                scores[action] = (sure[action], chance > LIKELY, mine[rank], chance, rng.random())
            else:  # a rank it may hold, however unlikely: a question asked again reveals nothing new
                scores[action] = (sure[action], possible[action], mine[rank], chance, sizes[seat], rng.random())
        ranked = sorted(asks, key=lambda item: scores[item[0]], reverse=True)
        action, seat, rank = ranked[0]
        reason, public = _reasons(
            v, seat, rank, mine[rank], odds[action] or 0.0, sure[action], possible[action], endgame
        )
        return Explanation(
            action=action,
            notation=view.action_to_string(action),
            reason=reason,
            candidates=[  # best first, each with what the choice weighed (no bare figure out of its order)
                Candidate(
                    view.action_to_string(a), note=f"you hold {mine[r]}; " + _odds_note(odds[a], sure[a], possible[a])
                )
                for a, _, r in ranked
            ],
            public=public,
        )


def _odds_note(chance: float | None, sure: bool, possible: bool) -> str:
    if sure:
        return "they are known to hold it"
    if chance is None:
        return "not reckoned: a question sure of an answer comes first"
    if not possible:
        return "they hold none in any likely deal"
    return f"they hold one in {round(100 * chance)}% of the likely deals"


def _reasons(
    view: GoFishView, seat: int, rank: int, held: int, chance: float, sure: bool, possible: bool, endgame: bool
) -> tuple[str, str]:
    """Why, said to the seat (its own cards named) and to the table (no card named)."""
    yours = f"you hold {spelled(held)}"
    plural = PLURALS[rank]
    if sure and any(rank_of(c) == rank for c in view.seen_in(seat)):
        return f"the table saw them take {plural}, and {yours}", f"it remembers who took {plural}"
    if sure:
        return (
            f"they asked for {plural} and have handed none over since: they still hold one, and {yours}",
            f"it remembers who asked for {plural}",
        )
    share = f"they hold {plural} in {round(100 * chance)}% of the deals that fit what you have seen"
    if not possible:
        return "no likely deal gives anyone you may ask a rank of yours: a long shot", "a long shot"
    if endgame and chance > LIKELY:
        left = view.stock_size()
        stock = f"{spelled(left)} card{'s' if left != 1 else ''} left in the stock" if left else "the stock empty"
        return f"with {stock}, {share}; {yours}", "it reckons the odds from what the table has seen"
    return (
        f"nobody is known to hold a rank of yours; of those they may hold, you hold the most {plural}; {share}",
        "nobody is known to hold its ranks, so it fishes where the answer is not known yet",
    )


def suggest(view: View, action: int, names: Sequence[str]) -> str:
    """``Ask Computer for 7s``: a question said to the seat that would ask it."""
    parts = ask_parts(action)
    if parts is None:
        return "Draw a card"
    return f"Ask {object_name(names[parts[0]])} for {PLURALS[parts[1]]}"
