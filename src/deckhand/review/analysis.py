"""The game review: at each of one seat's decisions, the chance to win of the move played and of the best move found.

Every estimate is made from the seat's view at that decision (``state.view(seat)``),
never from the state: the cards the seat could not see never enter the
analysis, so a review of a game against people gives nothing away.

At each decision (a position where the seat had more than one legal move)
the review

1. asks the game's strongest level (:func:`deckhand.agents.hints.strongest_spec`,
   with a search's time budget replaced by a fixed number of ``iterations``)
   for its move and its reasons in words, and
2. estimates the chance to win of that move and of the move played by
   *paired* playouts: ``worlds`` worlds dealt from the view
   (``View.sample_likely_world``), each played out after both moves with the
   same random numbers (``State.play_out``), so that the difference between
   the two moves is measured far more precisely than either chance alone.

Where the engine solves the game exactly (Three Trios' solver), or the seat
knows every card and no deal is to come (a last deal: ``review.exact``),
the exact result with best play (win 1, draw ½, loss 0) stands in for the
playouts, and the decision says so. The analysis does no I/O: progress and cancellation come in as
callables, the budget and the seed as values.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from deckhand.agents.base import Agent, Explanation
from deckhand.agents.hints import hint_sentence, strongest_spec
from deckhand.agents.registry import is_human, make_agent, parse_spec
from deckhand.agents.search import CANCEL, SearchCancelled
from deckhand.core.errors import ConfigError, DeckhandError, quote
from deckhand.core.numbers import is_setting_count
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import Action, Game, State, View
from deckhand.core.registry import load_game
from deckhand.play.records import GameRecord, replay, start_state
from deckhand.play.seats import display_names
from deckhand.review.exact import best_line, exact_results, solver_line
from deckhand.review.followed import what_followed
from deckhand.review.grading import game_accuracy, grade, move_accuracy
from deckhand.review.paired import SCREEN, Z95, paired, screened

FORMAT = "deckhand-review/1"
VERSION = "8"
"""Bumped whenever the same budget would give different figures: stored reviews of another version are redone."""

RESULTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}
"""An exact engine's result for the side to move, as a chance to win."""


SOLVER_BUDGETS = ("exact_nodes", "nodes")
"""An exact solver's node budgets: a level caps them for the table's pace, the review leaves them at the agent's
defaults."""


class ReviewCancelled(DeckhandError):
    """The review was called off before it finished; nothing of it is kept."""


@dataclass(frozen=True)
class ReviewBudget:
    """What a review spends on each decision: the engine's search and the paired playouts.

    ``iterations`` replace the strongest level's time budget (a time budget
    would make the review depend on the machine); ``worlds`` is the number of
    worlds each of the two moves is played out in.
    """

    iterations: int = 300
    worlds: int = 100

    def __post_init__(self) -> None:
        if not is_setting_count(self.iterations) or not 1 <= self.iterations <= 100_000:
            raise ConfigError(
                f"review iterations must be a whole number from 1 to 100000, not {quote(self.iterations)}"
            )
        if not is_setting_count(self.worlds) or not 2 <= self.worlds <= 10_000:
            raise ConfigError(f"review worlds must be a whole number from 2 to 10000, not {quote(self.worlds)}")

    def spec(self) -> str:
        return f"iterations={self.iterations},worlds={self.worlds}"

    @classmethod
    def parse(cls, text: str) -> ReviewBudget:
        """``iterations=300,worlds=100`` (either may be left out); ``ConfigError`` naming what is wrong."""
        values: dict[str, int] = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            key, sep, value = item.partition("=")
            key = key.strip()
            if not sep or key not in ("iterations", "worlds"):
                raise ConfigError(f"budget {quote(text, 40)}: expected iterations=N and/or worlds=N")
            try:
                values[key] = int(value.strip())
            except ValueError:
                raise ConfigError(f"budget {quote(text, 40)}: {key} must be a whole number") from None
        return cls(**values)


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: what it played, the best move found, and what the difference cost."""

    number: int
    """The move's number as the log and the replay count them: players' moves only, from 1 (replay step N)."""
    played: str
    """The move played, as the table told it ("You lay the 7 of Hearts.")."""
    best: str
    """The best move found, as advice ("Lay the 9 of Diamonds"); the move played's words when it was best."""
    chance: float
    """The estimated chance to win (0..1) of the move played."""
    best_chance: float
    error: float
    """Half the width of the 95% interval around ``chance`` (0 where exact)."""
    loss: float
    """The win chance given up, in percentage points (0 where the difference is within its own error)."""
    grade: str
    accuracy: float
    advice: str
    """The better move and why, said to the seat ("Take the 6♠ with the 6♥ ..."); "" when the move played was best."""
    exact: bool = False
    index: int = 0
    """The move's place among all the record's actions (the deal's and chance's too), from 1."""
    played_move: str = ""
    """The move played in the game's notation."""
    best_move: str = ""
    """The best move found in the game's notation."""
    line: str = ""
    """Why the move played cost what it did, where the position was solved: what followed it with best play on
    both sides, as the table would tell it; "" elsewhere."""
    followed: str = ""
    """Why the move played cost what it did, where the position was not solved: the reply it drew in the
    analysis's playouts, with how often (:func:`deckhand.review.followed.what_followed`); "" where none stood
    out."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Review:
    """One seat's review of one game: its decisions and the summary."""

    game: str
    seat: int
    engine: str
    budget: str
    decisions: list[Decision]
    players: int
    result: float | None
    """The seat's return at the end (1 win, 0 loss, 1/k shared)."""
    seed: int = 0
    version: str = VERSION
    summary: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.summary:
            self.summary = summarise(self.decisions, self.players)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": self.version,
            "game": self.game,
            "seat": self.seat,
            "engine": self.engine,
            "budget": self.budget,
            "seed": self.seed,
            "players": self.players,
            "result": self.result,
            "summary": self.summary,
            "analysis": analysis_words(self.game, self.engine, self.budget),
            "decisions": [d.to_json() for d in self.decisions],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        """A review as :meth:`to_json` wrote it (as it is stored)."""
        if data.get("format") != FORMAT:
            raise ConfigError(f"not a game review (its 'format' is not {FORMAT})")
        return cls(
            game=data["game"],
            seat=int(data["seat"]),
            engine=data["engine"],
            budget=data["budget"],
            decisions=[Decision(**d) for d in data["decisions"]],
            players=int(data["players"]),
            result=data["result"],
            seed=int(data.get("seed", 0)),
            version=str(data["version"]),
            summary=dict(data["summary"]),
        )


def summarise(decisions: list[Decision], players: int) -> dict[str, Any]:
    """Accuracy, the mean loss, the three costliest moves, and the luck of the deal kept apart from the play.

    The mean loss (points of win chance given up a decision, lichess's "average
    centipawn loss" in win chances) separates levels where accuracy, which
    forgives small losses, does not: in Go Fish over 12 games, 0.64 points for
    random play against 0.02 for the hard level (accuracy 97.3 against 99.9).

    The deal is the best move's chance at the seat's first decision: what the
    cards it was dealt were worth with good play, against the fair share
    ``1/players``. ``exact`` counts the decisions solved exactly.
    """
    worst = sorted((d for d in decisions if d.loss > 0), key=lambda d: (-d.loss, d.number))[:3]
    accuracy = game_accuracy([d.loss for d in decisions])
    return {
        "decisions": len(decisions),
        "accuracy": None if accuracy is None else round(accuracy, 1),
        "mean_loss": round(sum(d.loss for d in decisions) / len(decisions), 2) if decisions else None,
        "mistakes": [d.number for d in worst],
        "graded": {name: sum(d.grade == name for d in decisions) for name in ("inaccuracy", "mistake", "blunder")},
        "deal": round(decisions[0].best_chance, 4) if decisions else None,
        "fair": round(1 / players, 4),
        "exact": sum(d.exact for d in decisions),
    }


# -- the engine -------------------------------------------------------------------


def analysis_words(game_name: str, engine: str, budget: str) -> str:
    """How the review was made, in words: the level whose engine it used and what it spent on each decision.

    The figures themselves stay in the review's ``engine`` and ``budget``.
    """
    game = load_game(game_name)
    level = strongest_spec(game)
    name, params = parse_spec(engine)
    figures = dict(item.split("=", 1) for item in budget.split(",") if "=" in item)
    what = "search" if "iterations" in params else "solver" if name == "solver" else "play"
    said = f"Analysed with the {level} level's {what}"
    worlds = figures.get("worlds", "?")
    screen = max(2, int(worlds) // SCREEN) if worlds.isdigit() else "?"
    further = f"every legal move is also played out in {screen} of them, to look further than the level"
    if game.perfect_information:
        if what == "solver":
            said = f"Analysed with the solver, searching further than the {level} level"
        return f"{said}; {worlds} playouts per decision where it finds no exact answer ({further})."
    iterations = f"{params['iterations']} iterations and " if "iterations" in params else ""
    return f"{said}, {iterations}{worlds} deals of the unseen cards per decision; {further}."


def engine_spec(game: Game, iterations: int) -> str:
    """The strongest level's agent spec, with a search's time budget replaced by ``iterations``.

    An exact solver's node budgets (Three Trios' ``exact_nodes`` and
    ``nodes``) are the agent's own defaults, above any level's: the review
    has time the table has not, and solves a 3x3 game from its first move.
    """
    level = strongest_spec(game)
    name, params = parse_spec(game.LEVELS.get(level, level))
    params = {k: v for k, v in params.items() if k not in SOLVER_BUDGETS}
    if "seconds" in params or "iterations" in params:
        params = {k: v for k, v in params.items() if k != "seconds"} | {"iterations": iterations}
    return name + (":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else "")


# -- one decision -------------------------------------------------------------------


def review_decision(
    game: Game,
    view: View,
    played: Action,
    engine: Agent,
    budget: ReviewBudget,
    rng: random.Random,
    *,
    number: int = 0,
    index: int = 0,
    names: list[str] | None = None,
    told: str = "",
) -> Decision:
    """Review one decision from the seat's ``view``: the move played against the engine's move.

    Only ``view`` is read: this is the boundary that keeps the review from
    the cards the seat could not see. ``told`` is the move played as the
    table told it (from ``Presentation.tell_move``); without it the move is said as
    advice would say it.
    """
    explanation = engine.explain(view, rng)
    best = explanation.action
    exact = _exact(game, view, played, best, explanation, engine, rng)
    solved = None
    if exact is None:
        solved = exact_results(view)
        if solved is not None and played in solved:
            top = max(solved.values())
            if solved.get(best, -1.0) < top:  # the engine's move gives something away: the exact search's does not
                best = next(action for action in view.legal_actions() if solved.get(action) == top)
                explanation = _solved(game, view, best, played)
            exact = solved[played], top
    if exact is not None:
        chance, best_chance = exact
        error, spread = 0.0, 0.0
    else:
        challenger = screened(view, best, max(2, budget.worlds // SCREEN), rng)
        if challenger != best:  # a move the level did not see does better: it is the one to beat
            best = challenger
            explanation = _solved(game, view, best, played)
        chance, best_chance, error, spread = paired(view, played, best, budget.worlds, rng)
    if best == played or best_chance <= chance:
        best, best_chance = played, max(chance, best_chance)
    gap = (best_chance - chance) * 100
    noise = Z95 * spread * 100
    loss = round(gap, 1) if gap > noise else 0.0
    sure = max(0.0, gap - noise)  # a grade is what the move surely lost: the 95% interval's lower end
    said = names or [f"Seat {s}" for s in range(game.num_players)]
    advice = hint_sentence(presentation_of(game), view, explanation, said) if best != played and loss > 0 else ""
    played_words = told or sentence(presentation_of(game).suggest(view, played, said))
    line = followed = ""
    if exact is not None and loss > 0:  # why it cost: what followed it with best play, as the table would tell it
        lines = best_line(view, played, said) if solved is not None else solver_line(view, played, engine, said, rng)
        line = " ".join(lines)
    elif loss > 0:  # why it cost: the reply the playouts found it drew
        followed = what_followed(view, played, best, said, rng)
    return Decision(
        number=number,
        played=played_words,
        best=played_words if best == played else sentence(presentation_of(game).suggest(view, best, said)),
        chance=round(chance, 4),
        best_chance=round(best_chance, 4),
        error=round(error, 4),
        loss=loss,
        grade=grade(sure) if loss > 0 else "",
        accuracy=round(move_accuracy(loss), 1),
        advice=advice,
        exact=exact is not None,
        index=index,
        played_move=view.action_to_string(played),
        best_move=view.action_to_string(best),
        line=line,
        followed=followed,
    )


def sentence(words: str) -> str:
    """Advice as a sentence: a capital first, a full stop last."""
    words = words.strip().rstrip(".")
    return words[:1].upper() + words[1:] + "."


def _solved(game: Game, view: View, best: Action, played: Action) -> Explanation:
    """The exact search's move, with the game's reasons for it against the move played."""
    said = presentation_of(game).choice_reasons(view, best, [played])
    return Explanation(action=best, notation=view.action_to_string(best), reason=said.yours, public=said.public)


def _exact(
    game: Game, view: View, played: Action, best: Action, explanation: Explanation, engine: Agent, rng: random.Random
) -> tuple[float, float] | None:
    """Both moves' results with best play, where the game has no hidden cards and the engine solves it; else None."""
    if not game.perfect_information or not explanation.data.get("exact"):
        return None
    best_chance = RESULTS.get(str(explanation.data.get("result")))
    if best_chance is None:
        return None
    if played == best:
        return best_chance, best_chance
    chance = solved_chance(view, played, engine, rng)
    return None if chance is None else (chance, best_chance)


def solved_chance(view: View, action: Action, engine: Agent, rng: random.Random) -> float | None:
    """``action``'s result for the viewer with best play, by an exact engine, in a game with nothing hidden; None
    where the engine gives no exact answer."""
    after = view.sample_world(rng).child(action)  # the whole state: nothing is hidden in this game
    if after.is_terminal():
        return after.returns()[view.player]
    mover = after.current_player()
    if mover < 0:
        return None
    answer = engine.explain(after.view(mover), rng)
    result = RESULTS.get(str(answer.data.get("result"))) if answer.data.get("exact") else None
    if result is None:
        return None
    return result if mover == view.player else 1.0 - result


# -- a whole game -------------------------------------------------------------------


@dataclass(frozen=True)
class Point:
    """One decision of the reviewed seat, as the record holds it, before it is analysed."""

    number: int
    """The move's number among the players' moves, from 1: as the log and the replay count them."""
    index: int
    """Its place among all the record's actions, from 1."""
    view: View
    action: Action
    told: str
    """The move as the table told it: what every seat heard once it was played."""


def decision_points(record: GameRecord, seat: int, names: list[str] | None = None) -> Iterator[Point]:
    """Each decision of ``seat`` in the record, with the seat's view before it.

    Only positions with a choice count: a forced move is no decision; moves
    are numbered as a player saw them, chance's actions (dealing) left out.
    The state stays here; what leaves is the seat's view and the move's
    words, which name only what the table was told.
    """
    game = load_game(record.game, **record.options)
    shown = presentation_of(game)
    state = start_state(record, game)
    said = names or [f"Seat {s + 1}" for s in range(game.num_players)]
    moves = 0
    for index, text in enumerate(record.actions, start=1):
        action = state.string_to_action(text)
        mover = state.current_player()
        if mover >= 0:
            moves += 1
            if mover == seat and len(state.legal_actions()) > 1:
                yield Point(moves, index, state.view(seat), action, shown.tell_move(state, action, said))
        state.apply_action(action)


def review_names(record: GameRecord, seat: int) -> list[str]:
    """The seats' names as the review says them: the reviewed seat is "You", the others as they sat."""
    names = display_names(record.seats)
    names = [f"Seat {s + 1}" if name == "You" else name for s, name in enumerate(names)]
    names[seat] = "You"
    return names


def default_seat(record: GameRecord) -> int:
    """The seat a review is for when none is named: the first person's, else seat 0."""
    return next((seat for seat, spec in enumerate(record.seats) if is_human(spec)), 0)


def check_reviewable(record: GameRecord, seat: int) -> State:
    """The record's final state, if it is a finished game with that seat; ``ConfigError`` otherwise."""
    final = replay(record)
    if not final.is_terminal():
        raise ConfigError("only a finished game can be reviewed")
    if not 0 <= seat < final.game.num_players:
        raise ConfigError(f"Seat {seat + 1} is not at this table (seats 1 to {final.game.num_players})")
    return final


def review_game(
    record: GameRecord,
    seat: int,
    budget: ReviewBudget | None = None,
    *,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
    max_decisions: int | None = None,
) -> Review:
    """Review ``seat``'s decisions in a finished game; the same seed and budget give the same review.

    ``progress(done, total)`` is called before the first decision and after
    each; setting ``cancel`` stops the review (between decisions, and inside
    a search) with :class:`ReviewCancelled`. ``max_decisions`` refuses a game
    with more decisions than that (a server's bound on its work).
    """
    budget = budget or ReviewBudget()
    final = check_reviewable(record, seat)
    game = final.game
    names = review_names(record, seat)
    points = list(decision_points(record, seat, names))
    if max_decisions is not None and len(points) > max_decisions:
        raise ConfigError(f"this game has {len(points)} decisions to review; at most {max_decisions} are reviewed here")
    spec = engine_spec(game, budget.iterations)
    engine = make_agent(spec, game)
    decisions: list[Decision] = []
    token = CANCEL.set(cancel) if cancel is not None else None
    try:
        for done, point in enumerate(points):
            if progress is not None:
                progress(done, len(points))
            if cancel is not None and cancel.is_set():
                raise ReviewCancelled("the review was cancelled")
            rng = random.Random(f"review {seed} {point.index}")
            decisions.append(
                review_decision(
                    game,
                    point.view,
                    point.action,
                    engine,
                    budget,
                    rng,
                    number=point.number,
                    index=point.index,
                    names=names,
                    told=point.told,
                )
            )
    except SearchCancelled:
        raise ReviewCancelled("the review was cancelled") from None
    finally:
        if token is not None:
            CANCEL.reset(token)
    if progress is not None:
        progress(len(points), len(points))
    return Review(
        game=game.name,
        seat=seat,
        engine=spec,
        budget=budget.spec(),
        decisions=decisions,
        players=game.num_players,
        result=final.returns()[seat],
        seed=seed,
    )
