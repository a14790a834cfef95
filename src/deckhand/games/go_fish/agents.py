"""Go Fish's own players: ``guess`` (level easy) and ``recall`` (level medium).

Both decide from the seat's view only. Their ``reason`` is said to their own
seat ("you hold two") and may say what it holds; ``public`` is what the table
may read, and names no card: the question itself already says which rank
they hold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import Action, Game, View, view_as
from deckhand.core.words import object_name, spelled
from deckhand.games.go_fish.state import PLURALS, ask_parts, rank_of
from deckhand.games.go_fish.view import GoFishView


def _asks(view: GoFishView) -> list[tuple[Action, int, int]]:
    """The seat's legal asks as (action, seat, rank)."""
    out = []
    for action in view.legal_actions():
        parts = ask_parts(action)
        if parts is not None:
            out.append((action, parts[0], parts[1]))
    if not out:
        raise IllegalActionError(f"seat {view.player} has no question to ask now")
    return out


class GuessAgent(Agent):
    """Asks a random seat for a random rank it holds: the easy level."""

    name = "guess"

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

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def explain(self, view: View, rng: random.Random) -> Explanation:
        v = view_as(view, GoFishView)
        asks = _asks(v)
        mine: dict[int, int] = {}
        for c in v.hand():
            mine[rank_of(c)] = mine.get(rank_of(c), 0) + 1
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


def suggest(view: View, action: Action, names: Sequence[str]) -> str:
    """``Ask Computer for 7s``: a question said to the seat that would ask it."""
    parts = ask_parts(action)
    if parts is None:
        return "Draw a card"
    return f"Ask {object_name(names[parts[0]])} for {PLURALS[parts[1]]}"
