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
import re
from collections.abc import Sequence
from typing import Any

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.agents.hints import hint_sentence
from deckhand.core.cards import CARDS
from deckhand.core.errors import IllegalActionError
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import Game, View, view_as
from deckhand.core.words import Reasons, and_list, count
from deckhand.games.casino.moves import CasinoAction, Parts, capture_cards
from deckhand.games.casino.state import ACES, DIAMOND_TEN, SPADE_TWO
from deckhand.games.casino.view import CasinoView
from deckhand.games.casino.words import card_name, describe

MOST_CARDS = "to maximize the number of captured cards"
MOST_VALUE = "to capture the most valuable cards: the scoring cards and spades count extra"
TRAIL = "to trail its least useful card, since it could not capture or build anything worth more"
"""The Casino course rules' reasons, as its sentence after a computer move says them ("It wanted to ..."); :func:`yours`
says them to the player being advised."""

YOURS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(re.escape(TRAIL)), "it is your least useful card, and you cannot capture or build anything worth more"),
    (re.compile(r"to build \d+ and capture it on its next turn"), "to capture it on your next turn"),
    (re.compile(r"to take over the opponent's build and capture it next turn"), "to capture it on your next turn"),
    (re.compile(r"to add to its multiple build of \d+"), "to capture more with one card on your next turn"),
    (re.compile(r"before the opponent could"), "before they can"),
    (re.compile(r"the 10 of Diamonds"), "the 10♦"),
)
"""Reasons said otherwise to the player, where the Casino course rules' purpose would repeat the move it follows
("Trail the 8♥ to trail ...", "Build 9 ... to build 9 ...")."""


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
    rule = True

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
        candidates = [  # the chosen move's note is the reason said for it, so a hint and its "why" agree
            Candidate(view.action_to_string(a), value=round(s[0], 3), note=yours(reason if a is action else s[1]))
            for s, _, a in scored[:8]
        ]
        words = describe(action, mine.game.vals, mine.builds, mine.player)
        sentence = f"The computer chose to {words}. It wanted {reason}."
        return Explanation(
            action=action,
            notation=view.action_to_string(action),
            reason=yours(reason),
            candidates=candidates,
            data={"sentence": sentence, "card": card_name(action[1]), "move": action[0]},
            public=f"it wanted {reason}",  # the Casino course rules' reasons name only the cards the move shows
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
        return -cost, TRAIL


def yours(reason: str) -> str:
    """A reason of the computer's (the course's words: "its", "it could not"), said to the player it advises."""
    for pattern, said in YOURS:
        reason = pattern.sub(said, reason)
    for mine, said in (("it could not", "you cannot"), ("its ", "your "), (" it wanted", " you want")):
        reason = reason.replace(mine, said)
    return reason


def computer_sentence(explanation: Explanation) -> str:
    """The course's line after a computer move (from ``GreedyAgent.explain``)."""
    sentence = explanation.data.get("sentence")
    return str(sentence) if sentence else f"The computer chose {explanation.notation}: {explanation.reason}."


def help_text(view: View, rng: random.Random | None = None) -> str:
    """Help mode: the card to play, the action and why, from the computer's own strategy, said to the player."""
    explanation = GreedyAgent().explain(view, rng or random.Random(0))
    names = ["you" if seat == view.player else "the computer" for seat in range(2)]
    return hint_sentence(presentation_of(view.game), view, explanation, names)


# -- a move said to its player, and why a search chose it -------------------------------------


def _label(card: int) -> str:
    return CARDS[card].pretty


def _the(cards: Sequence[int]) -> str:
    """``the 9♦``, ``the 6♥ and 3♠``: cards as one group."""
    return "the " + and_list([_label(c) for c in cards])


def _build_name(view: CasinoView, parts: Parts, names: Sequence[str]) -> str:
    """``Computer's build of 9``, ``your build of 9``: a build on the table by its owner and value."""
    for value, owner, held in view.builds:
        if held == parts:
            whose = "your" if owner == view.player else f"{names[owner]}'s"
            return f"{whose} {'multiple ' if len(parts) > 1 else ''}build of {value}"
    return "the build of " + and_list([_the(p) for p in parts])


def suggest(view: View, action: CasinoAction, names: Sequence[str]) -> str:
    """``Capture the 9♦ and the set of 6♥ and 3♠ with the 9♣``, ``Trail the 8♥``: the action named as the course's
    help names it (capture, build or trail), with the card to play."""
    v = view_as(view, CasinoView)
    if not isinstance(action, tuple) or action[0] not in ("trail", "capture", "build", "increase"):
        if isinstance(action, tuple) and action[0] == "call":
            return f"Call {view.action_to_string(action).removeprefix('call ')}"
        return f"Play {view.action_to_string(action)}"
    kind, card = action[0], _label(action[1])
    if kind == "trail":
        return f"Trail the {card}"
    if kind == "capture":
        things = [_the([c]) for c in action[2]]
        things += [f"the set of {and_list([_label(c) for c in g])}" for g in action[3]]
        things += [_build_name(v, parts, names) for parts in action[4]]
        return f"Capture {and_list(things)} with the {card}"
    value = action[2]
    if kind == "increase":
        return f"Increase {_build_name(v, action[3], names)} to {value} with the {card}, taking it over"
    extra = action[3]
    mine = any(b[0] == value and b[1] == v.player for b in v.builds)
    if value in v.game.vals[action[1]]:
        if extra:
            return f"Build {value} twice: the {card} on its own and {_the(extra)} together, as a multiple build"
        return f"Add the {card} to your build of {value}, as a multiple build"
    with_ = f" on {_the(extra)}" if extra else ""
    if mine:
        return f"Build another {value} with the {card}{with_}, for your multiple build"
    return f"Build {value} with the {card}{with_}"


def _keeper(view: CasinoView, value: int, played: int) -> int | None:
    """A card in the hand, other than ``played``, that captures a build of ``value``."""
    return next((c for c in view.hand if c != played and value in view.game.vals[c]), None)


def choice_reasons(view: View, action: CasinoAction, rivals: Sequence[CasinoAction]) -> Reasons:
    """Why a search's move is good, from what it captures, builds or keeps (the Casino course rules' kinds of reason).

    The table hears only what the move shows; its player also hears which of
    its cards the move keeps for a build, and which capture looked worse.
    """
    v = view_as(view, CasinoView)
    if not isinstance(action, tuple):
        return Reasons()
    kind = action[0]
    if kind in ("call", "coin"):
        return Reasons("a coin call is a guess", "a coin call is a guess")
    card = action[1]
    if kind == "capture":
        got = [card, *capture_cards(action)]
        said = f"it wins {count(len(got), 'card')}"  # the card played goes to the pile with the ones it takes
        scoring = [f"the {_label(c)}" for c in (DIAMOND_TEN, SPADE_TWO) if c in got]
        aces = sum(c in ACES for c in got)
        spades = sum(v.game.spade[c] for c in got)
        if aces:
            scoring.append(count(aces, "ace"))
        if spades:
            scoring.append(count(spades, "spade"))
        if scoring:
            said += f", with {and_list(scoring)} among them"
        theirs = [b for b in v.builds if b[1] != v.player and b[2] in action[4]]
        if theirs:
            said += f", and takes the opponent's build of {theirs[0][0]} before they can"
        if len(v.loose) == len(action[2]) + sum(len(g) for g in action[3]) and len(v.builds) == len(action[4]):
            said += ", clearing the table"
        return Reasons(said, said)
    if kind in ("build", "increase"):
        value = action[2]
        what = f"it builds {value}" if kind == "build" else f"it takes over the opponent's build, now {value},"
        keeper = _keeper(v, value, card)
        mine = f" to capture next turn with your {_label(keeper)}" if keeper is not None else " to capture next turn"
        return Reasons(what + mine, what + " to capture on its next turn")
    owned = [b[0] for b in v.builds if b[1] == v.player]
    if owned:
        keeper = _keeper(v, owned[0], card)
        kept = f"your {_label(keeper)}" if keeper is not None else "your capturing card"
        return Reasons(
            f"it keeps {kept} for your build of {owned[0]}", f"it keeps its capturing card for its build of {owned[0]}"
        )
    rival = next((r for r in rivals if isinstance(r, tuple) and r[0] == "capture"), None)
    if rival is not None:
        taken = count(len(capture_cards(rival)), "card")
        return Reasons(
            f"capturing {taken} with the {_label(rival[1])} now looked worse in the long run",
            "nothing it could capture or build looked better",
        )
    return Reasons(
        "nothing you could capture or build looked better", "nothing it could capture or build looked better"
    )
