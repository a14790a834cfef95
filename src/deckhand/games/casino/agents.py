"""The greedy Casino player, its help mode, and the sentence after each computer move.

Strategy, in order: capture the most valuable cards (cards count, with
bonuses for the scoring cards: 10♦, 2♠, aces, spades); else, when it is
worth more, build what it can capture next turn (taking over an opponent's
build counts extra, since it denies the opponent the cards); else trail the
least useful card. Each choice names the rule that fired, so the same agent
gives the human's hint ("help") and explains the computer's move.
"""

from __future__ import annotations

import random
from typing import Any

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import Game, View, view_as
from deckhand.games.casino.moves import capture_cards
from deckhand.games.casino.state import DIAMOND_TEN, SPADE_TWO
from deckhand.games.casino.view import CasinoView
from deckhand.games.casino.words import card_name, describe

MOST_CARDS = "to maximize the number of captured cards"
MOST_VALUE = "to capture the most valuable cards: the scoring cards and spades count extra"


def card_worth(card: int) -> float:
    """What a card is worth in a pile: one for counting, plus its share of the scoring."""
    worth = 1.0
    if card == DIAMOND_TEN:
        worth += 2.0
    if card == SPADE_TWO:
        worth += 1.0
    if card % 13 == 0:
        worth += 1.0
    if card < 13:
        worth += 0.25
    return worth


class GreedyAgent(Agent):
    """Captures the most valuable cards, else builds to capture next turn, else trails its least useful card."""

    name = "greedy"

    def __init__(self, game: Game | None = None, build_weight: float = 0.8) -> None:
        self.game = game
        self.build_weight = float(build_weight)

    def spec(self) -> str:
        return self.name if self.build_weight == 0.8 else f"{self.name}:build_weight={self.build_weight}"

    def explain(self, view: View, rng: random.Random) -> Explanation:
        mine = view_as(view, CasinoView)
        actions: list[Any] = view.legal_actions()
        if not actions:
            raise IllegalActionError(f"seat {view.player} has no move to choose")
        if not isinstance(actions[0], tuple) or actions[0][0] in ("call", "coin"):
            action = actions[int(rng.random() * len(actions))]
            return Explanation(
                action, view.action_to_string(action), "a coin call is a guess", [], public="a coin call is a guess"
            )
        scored = [(self._score(mine, a), i, a) for i, a in enumerate(actions)]
        scored.sort(key=lambda t: (-t[0][0], t[1]))
        (_, reason), _, action = scored[0]
        if reason == MOST_CARDS and any(
            a[0] == "capture" and len(capture_cards(a)) > len(capture_cards(action)) for a in actions
        ):
            reason = MOST_VALUE  # it took fewer cards than it could have, but better ones
        candidates = [Candidate(view.action_to_string(a), value=round(s[0], 3), note=s[1]) for s, _, a in scored[:8]]
        words = describe(action, mine.game.vals, mine.builds, mine.player)
        sentence = f"The computer chose to {words}. It wanted {reason}."
        told = _to_you(words).replace("the opponent's", "the computer's")
        hint = f"{told[0].upper()}{told[1:]} ({action[0]}): {_to_you(reason)}."
        return Explanation(
            action=action,
            notation=view.action_to_string(action),
            reason=reason,
            candidates=candidates,
            data={"sentence": sentence, "help": hint, "card": card_name(action[1]), "move": action[0]},
            public=f"it wanted {reason}",  # seed 004's reasons name only the cards the move shows
        )

    def _score(self, view: CasinoView, action: Any) -> tuple[float, str]:
        kind = action[0]
        if kind == "capture":
            taken = capture_cards(action)
            worth = sum(card_worth(c) for c in [action[1], *taken])
            if DIAMOND_TEN in taken or action[1] == DIAMOND_TEN:
                return 10 + worth, "to keep the 10 of Diamonds from the opponent"
            if any(b[1] != view.player for parts in action[4] for b in view.builds if b[2] == parts):
                return 10 + worth, "to capture the opponent's build before the opponent could"
            if len(view.loose) == len(action[2]) + sum(len(g) for g in action[3]) and not view.builds:
                return 10 + worth + 1, "to sweep the table and maximize the number of captured cards"
            return 10 + worth, MOST_CARDS
        if kind in ("build", "increase"):
            cards = list(action[3]) if kind == "build" else [c for p in action[3] for c in p]
            worth = sum(card_worth(c) for c in [action[1], *cards]) + 1.0  # + the capture card
            if kind == "increase":
                reason = "to take over the opponent's build and capture it next turn"
                return 10 + self.build_weight * worth + 0.5, reason
            if not cards:
                return 10 + self.build_weight * worth - 0.5, f"to add to its multiple build of {action[2]}"
            return 10 + self.build_weight * worth, f"to build {action[2]} and capture it on its next turn"
        # trail: keep scoring cards and cards that match something; low ranks are cheap to lose
        card = action[1]
        rank = view.game.rank
        pairs = sum(1 for d in view.hand if d != card and rank[d] == rank[card])
        cost = card_worth(card) * 2 + pairs - rank[card] / 20
        return -cost, "to trail its least useful card, since it could not capture or build anything worth more"


def _to_you(text: str) -> str:
    """The computer's reason, said to the human it is advising."""
    for mine, yours in (("it could not", "you cannot"), ("its ", "your "), (" it wanted", " you want")):
        text = text.replace(mine, yours)
    return text


def computer_sentence(explanation: Explanation) -> str:
    """The seed's line after a computer move (from ``GreedyAgent.explain``)."""
    sentence = explanation.data.get("sentence")
    return str(sentence) if sentence else f"The computer chose {explanation.notation}: {explanation.reason}."


def help_text(view: View, rng: random.Random | None = None) -> str:
    """Help mode: the card to play, the action and why, from the computer's own strategy."""
    explanation = GreedyAgent().explain(view, rng or random.Random(0))
    return str(explanation.data.get("help") or explanation.reason)
