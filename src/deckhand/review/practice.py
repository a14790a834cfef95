"""Learn from your mistakes: each costly position of a review, shown again from the seat's view, and a move to find.

As lichess's button does after a game: the player is shown the position of
each graded move (an inaccuracy or worse) as they saw it, and asked for a
better move. The answer is judged with the review's own figures: its chance
to win is measured in the same way as the review measured the move played and
the better one (paired playouts from the seat's view, or the exact result
where the review had one), so "good: 55% against your 41%" compares like with
like. Only the view is read, as everywhere in the review.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from deckhand.agents.registry import make_agent
from deckhand.core.errors import ConfigError, DeckhandError, quote
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import Action, Game, View
from deckhand.core.registry import load_game
from deckhand.play.records import GameRecord
from deckhand.review.analysis import (
    Decision,
    Review,
    ReviewBudget,
    decision_points,
    review_names,
    sentence,
    solved_chance,
)
from deckhand.review.exact import exact_results
from deckhand.review.grading import GRADES, grade
from deckhand.review.paired import Z95, mean, stderr
from deckhand.review.text import EXACT, percent

MOST = 16
"""An answer's worlds are doubled up to this many times the budget's: a person waits for the verdict."""

KINDS = ("good", "better", "same", "worse", "played")
"""How an answer compares: as good as the best found, better than the move played but not that good, no
different, worse, or the move played itself."""


@dataclass(frozen=True)
class Choice:
    """One legal move of an exercise: its notation and the words advice would say it in."""

    move: str
    words: str


@dataclass(frozen=True)
class Exercise:
    """One costly position: the review's decision there and the seat's view of it."""

    decision: Decision
    view: View
    choices: list[Choice]

    def to_json(self) -> dict[str, Any]:
        """What the browser needs to set the position: the view, the moves, the decision's figures.

        The better move is in ``decision`` (the player's own review holds it already); the page keeps it back
        until it is asked for.
        """
        return {
            "number": self.decision.number,
            "view": self.view.to_json(),
            "moves": [asdict(choice) for choice in self.choices],
            "decision": self.decision.to_json(),
        }


@dataclass(frozen=True)
class Verdict:
    """An answer judged: its chance to win against the move played and the best one, and what to say."""

    move: str
    words: str
    kind: str
    """One of :data:`KINDS`."""
    chance: float
    played_chance: float
    best_chance: float
    exact: bool
    said: str
    """The verdict in a sentence ("Good: 55% to win against your 41%.")."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def exercises(record: GameRecord, review: Review) -> list[Exercise]:
    """The review's graded decisions (inaccuracies and worse), in the game's order, each with the seat's view."""
    costly = {d.index: d for d in review.decisions if d.grade}
    if not costly:
        return []
    game = load_game(record.game, **record.options)
    names = review_names(record, review.seat)
    found = []
    for point in decision_points(record, review.seat, names):
        decision = costly.get(point.index)
        if decision is not None:
            choices = [
                Choice(
                    point.view.action_to_string(action),
                    sentence(presentation_of(game).suggest(point.view, action, names)),
                )
                for action in point.view.legal_actions()
            ]
            found.append(Exercise(decision, point.view, choices))
    return found


def judge(
    exercise: Exercise, answer: str, review: Review, budget: ReviewBudget | None = None, *, names: Sequence[str] = ()
) -> Verdict:
    """How good ``answer`` (a move in notation) is at the exercise's position, by the review's measure.

    ``ConfigError`` names an answer that is not a legal move there. The same
    answer is always judged the same (the worlds are seeded by the review's
    seed, the decision and the answer).
    """
    view, decision = exercise.view, exercise.decision
    game = view.game
    action = _legal(view, answer)
    move = view.action_to_string(action)
    said = list(names) or [f"Seat {s + 1}" for s in range(game.num_players)]
    words = sentence(presentation_of(game).suggest(view, action, said))
    if move == decision.played_move:
        return _verdict(move, words, "played", decision.chance, decision)
    if move == decision.best_move:
        return _verdict(move, words, "good", decision.best_chance, decision)
    rng = random.Random(f"practice {review.seed} {decision.index} {move}")
    exact = _exact_chance(game, view, action, review.engine, rng) if decision.exact else None
    if exact is not None:
        kind = "good" if exact >= decision.best_chance else _compared(exact - decision.chance, 0.0)
        return _verdict(move, words, kind, exact, decision, exact=True)
    played, best = (_legal(view, text) for text in (decision.played_move, decision.best_move))
    over_played, under_best = _triples(view, action, played, best, (budget or ReviewBudget()).worlds, rng)
    gain = mean(over_played)
    chance = min(1.0, max(0.0, decision.chance + gain))
    short = mean(under_best) * 100
    surely = short - Z95 * stderr(under_best) * 100  # what it surely falls short of the best by
    kind = _compared(gain, Z95 * stderr(over_played)) if grade(surely) else "good"
    return _verdict(move, words, kind, chance, decision)


def _legal(view: View, text: str) -> Action:
    try:
        action: Action = view.string_to_action(text.strip())
    except DeckhandError as exc:
        raise ConfigError(f"{quote(text, 40)} is not a move here: {exc}") from None
    if action not in view.legal_actions():
        raise ConfigError(f"{quote(text, 40)} is not a legal move in this position")
    return action


def _compared(gain: float, noise: float) -> str:
    return "better" if gain > noise else "worse" if gain < -noise else "same"


def _triples(
    view: View, answer: Action, played: Action, best: Action, worlds: int, rng: random.Random
) -> tuple[list[float], list[float]]:
    """The answer, the move played and the best one played out in the same worlds with the same random numbers.

    Returns the answer's gains over the move played and its shortfalls from
    the best; worlds are doubled (up to :data:`MOST` times) while the
    shortfall's interval still holds the inaccuracy's threshold (where "good" ends).
    """
    seat = view.player
    over: list[float] = []
    under: list[float] = []
    target = worlds
    while True:
        while len(over) < target:
            world = view.sample_likely_world(rng)
            seed = rng.getrandbits(64)
            mine, theirs, best_result = (
                world.child(action).play_out(random.Random(seed))[seat] for action in (answer, played, best)
            )
            over.append(mine - theirs)
            under.append(best_result - mine)
        short = mean(under) * 100
        if abs(short - GRADES[-1][0]) >= Z95 * stderr(under) * 100 or target >= worlds * MOST:
            return over, under
        target *= 2


def _exact_chance(game: Game, view: View, answer: Action, engine_spec: str, rng: random.Random) -> float | None:
    """The answer's result with best play, where the review solved the position exactly; else None."""
    solved = exact_results(view)
    if solved is not None:
        return solved.get(answer)
    if not game.perfect_information:
        return None
    return solved_chance(view, answer, make_agent(engine_spec, game), rng)


def _verdict(move: str, words: str, kind: str, chance: float, decision: Decision, *, exact: bool = False) -> Verdict:
    exact = exact or (decision.exact and move in (decision.played_move, decision.best_move))
    theirs, yours = _said(chance, exact), _said(decision.chance, exact, yours=True)
    said = {
        "good": f"Good: {theirs}, against your {yours}.",
        "better": f"Better than yours: {theirs}, against your {yours}; there is better still "
        f"({_said(decision.best_chance, exact)}).",
        "same": f"No better than yours: {theirs}, against your {yours}.",
        "worse": f"Worse than yours: {theirs}, against your {yours}.",
        "played": f"That is the move you played: {theirs}.",
    }[kind]
    return Verdict(
        move=move,
        words=words,
        kind=kind,
        chance=round(chance, 4),
        played_chance=decision.chance,
        best_chance=decision.best_chance,
        exact=exact,
        said=said,
    )


def _said(chance: float, exact: bool, *, yours: bool = False) -> str:
    """ "55% to win" (or "your 41%"); solved exactly, "a win with best play" (or "your draw")."""
    if exact and chance in EXACT:
        return EXACT[chance].removeprefix("a ") if yours else f"{EXACT[chance]} with best play"
    return percent(chance) if yours else f"{percent(chance)} to win"
