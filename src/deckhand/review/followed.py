"""What a costly move led to: the other seats' reply that the move played made likely and the better move did not.

Where a position is not solved there is no line of best play to show, but
the paired playouts that measured the move followed a line of their own.
Here the move played and the better move are each played on in the same
worlds (dealt from the seat's view, never from the state) to the first move
of another seat, as the analysis's playouts would play it; a reply that
follows the move played far more often than the better move is what the
move played cost, told as the table would tell it ("Computer takes the
9 of Diamonds with the 9 of Clubs").

Replies that differ only in a card the seat could not see (the 9 of Clubs
or the 9 of Spades) are one reply to the seat: they are counted together, by
the public view they leave with such cards masked.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deckhand.agents.search import CANCEL, SearchCancelled
from deckhand.core.cards import Card
from deckhand.core.errors import NotationError
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import Action, State, View
from deckhand.core.words import card_name_patterns
from deckhand.play.tell import card_codes

WORLDS = 32
"""Worlds each move is played on in: a reply is a pattern, not a measurement, and a few dozen show it."""
STANDS_OUT = 0.25
"""A reply is told when it follows the move played in this share of the worlds more than the better move."""


@dataclass(frozen=True)
class Reply:
    """One world played on after a move: the first reply as the table would tell it ("" if the game ended
    first), what everyone could see after it, and the seat's return at the playout's end."""

    words: str
    seen: str
    result: float


def what_followed(
    view: View, played: Action, best: Action, names: Sequence[str], rng: random.Random, worlds: int = WORLDS
) -> str:
    """The reply that carried what the move played cost, with how often it came, in words; "" when none did.

    Each world is played to the end after both moves, with the same random
    numbers. A reply is told when it came after the move played in a quarter
    of the worlds more than after the better move, and the worlds it came in
    hold at least half of what the move played lost over all of them. For
    example: "Computer takes the 9 of Diamonds with a 9: after your move in
    30 of 32 deals of the unseen cards, after the better move in none."
    """
    pairs: list[tuple[Reply, Reply]] = []
    cancel = CANCEL.get()
    shown = frozenset(card_codes(view.to_json(), frozenset(view.game.all_cards())))
    unseen: frozenset[str] = frozenset()
    for _ in range(worlds):
        if cancel is not None and cancel.is_set():
            raise SearchCancelled("the review was cancelled")
        world = view.sample_likely_world(rng)
        seed = rng.getrandbits(64)
        hidden = frozenset(world.cards()) - shown
        unseen |= hidden
        pairs.append(
            (
                play_on(world.child(played), view.player, names, hidden, random.Random(seed)),
                play_on(world.child(best), view.player, names, hidden, random.Random(seed)),
            )
        )
    lost = sum(theirs.result - mine.result for mine, theirs in pairs)
    groups: dict[str, list[tuple[Reply, Reply]]] = {}
    for mine, theirs in pairs:
        if mine.words:
            groups.setdefault(mine.seen, []).append((mine, theirs))
    told_after_best = Counter(theirs.words for _, theirs in pairs)
    ranked = []
    for group in groups.values():
        tellings = Counter(mine.words for mine, _ in group)
        count, count_best = len(group), sum(told_after_best[words] for words in tellings)
        carried = sum(theirs.result - mine.result for mine, theirs in group)
        words = min(tellings, key=lambda w: (-tellings[w], w))  # the commonest telling of this reply
        ranked.append((carried, count - count_best, count, count_best, words))
    for carried, margin, count, count_best, words in sorted(ranked, reverse=True):
        if lost > 0 and carried >= lost / 2 and margin >= STANDS_OUT * worlds:
            said = unnamed(words, unseen, shown).rstrip(".")
            return (
                f"{said}: after your move in {count} of {worlds} deals of the unseen cards, "
                f"after the better move in {count_best or 'none'}."
            )
    return ""


def play_on(state: State, seat: int, names: Sequence[str], unseen: frozenset[str], rng: random.Random) -> Reply:
    """``state`` played to its end as the playouts play it (chance by its odds), with the first move of another
    seat told and what it left in view, the ``unseen`` cards masked."""
    words = seen = ""
    while not state.is_terminal() and not words:
        mover = state.current_player()
        if mover < 0:
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        action = state.rollout_action(rng)
        if mover != seat:
            words = presentation_of(state.game).tell_move(state, action, names)
        state.apply_action(action)
        if words:
            seen = json.dumps(masked(state.public_view().to_json(), unseen), sort_keys=True)
    result = state.returns()[seat] if state.is_terminal() else state.play_out(rng)[seat]
    return Reply(words, seen, result)


def unnamed(words: str, unseen: frozenset[str], shown: frozenset[str]) -> str:
    """``words`` with every card the seat could not see said by its rank ("a 9"), or as "a card" where the seat
    has seen no card of that rank: the worlds guessed those cards, and a guess must not read as a fact."""
    seen_ranks = {card.rank for card in map(_card, shown) if card is not None}
    for code in sorted(unseen):
        card = _card(code)
        if card is None or not any(p.search(words) for p in card_name_patterns(code)):
            continue
        said = "a card"
        if card.rank in seen_ranks:
            rank = card.rank.label if 2 <= card.rank.number <= 10 else card.rank.word
            said = ("an " if rank[0] in "A8" else "a ") + rank
        for pattern in card_name_patterns(code):
            words = re.sub(rf"\b(?:the|an?)\s+(?:{pattern.pattern})", said, words, flags=pattern.flags)
            words = pattern.sub(said, words)
    return words


def _card(code: str) -> Card | None:
    try:
        return Card.parse(code)
    except NotationError:
        return None


def masked(data: Any, unseen: frozenset[str]) -> Any:
    """A JSON value with each of the ``unseen`` card codes in it replaced by "?"."""
    if isinstance(data, str):
        return "?" if data in unseen else data
    if isinstance(data, dict):
        return {key: masked(value, unseen) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [masked(value, unseen) for value in data]
    return data
