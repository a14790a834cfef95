"""A review in plain text: the summary, a chart of the chance to win in characters, and the costliest moves.

Everything fits 80 columns, so the terminal at its smallest shows it whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckhand.core.registry import game_title
from deckhand.review.analysis import Decision, Review, analysis_words

WIDTH = 80
ROWS = 8
"""The chart's height in lines (each line is 12.5 points of chance)."""
MARKS = {"blunder": "X", "mistake": "x", "inaccuracy": "?"}
"""How the chart marks a graded move; an ungraded one is a dot."""


def percent(chance: float) -> str:
    return f"{chance * 100:.0f}%"


def chart(decisions: Sequence[Decision], width: int = WIDTH) -> list[str]:
    """The chance to win of each move played, left to right, in at most ``width`` columns.

    With more decisions than columns, each column shows the lowest chance of
    the decisions it covers (and the worst grade among them): a mistake is
    never averaged away.
    """
    if not decisions:
        return ["(no decisions to chart)"]
    label = 6  # "100% |"
    columns = min(len(decisions), width - label - 1)
    buckets: list[list[Decision]] = [[] for _ in range(columns)]
    for i, decision in enumerate(decisions):
        buckets[i * columns // len(decisions)].append(decision)
    points: list[tuple[int, str]] = []
    for bucket in buckets:
        low = min(bucket, key=lambda d: d.chance)
        worst = max(bucket, key=lambda d: d.loss)
        row = min(ROWS - 1, int(low.chance * ROWS))
        points.append((row, MARKS.get(worst.grade, "•")))
    lines = []
    for row in range(ROWS - 1, -1, -1):
        axis = {ROWS - 1: "100%", ROWS // 2: " 50%", 0: "  0%"}.get(row, "    ")
        cells = "".join(mark if at == row else ("-" if row == ROWS // 2 else " ") for at, mark in points)
        lines.append(f"{axis} |{cells}".rstrip())
    lines.append("     +" + "-" * columns)
    first, last = decisions[0].number, decisions[-1].number
    span = f"move {first}" + " " * max(1, columns - len(f"move {first}") - len(f"move {last}")) + f"move {last}"
    lines.append("      " + span)
    return lines


EXACT = {1.0: "a win", 0.5: "a draw", 0.0: "a loss"}
"""A solved position's result, as its chance to win, in words."""


def outlook(chance: float, exact: bool, error: float = 0.0) -> str:
    """ "a draw with best play" where solved exactly, else "42% to win (±8)"."""
    if exact and chance in EXACT:
        return f"{EXACT[chance]} with best play"
    return f"{percent(chance)} to win" + (f" (±{error * 100:.0f})" if error >= 0.01 else "")


def cost_line(decision: Decision) -> str:
    """ "a mistake: −18%" as the review says it; a solved move says what it turned into what."""
    what = {"blunder": "a blunder", "mistake": "a mistake", "inaccuracy": "an inaccuracy"}.get(
        decision.grade, "a small loss"
    )
    if decision.exact and decision.chance in EXACT and decision.best_chance in EXACT:
        return f"{what}: it turned {EXACT[decision.best_chance]} into {EXACT[decision.chance]}"
    return f"{what}: −{int(decision.loss)}%"


def decision_lines(decision: Decision) -> list[str]:
    """One costly move: where, what it cost, what was played, the better move and why."""
    lines = [
        f"Move {decision.number}, {cost_line(decision)}",
        f"  {decision.played.rstrip('.')}: {outlook(decision.chance, decision.exact, decision.error)}.",
    ]
    if decision.line:  # why it cost: what followed it with best play
        lines.append(f"  With best play from there: {decision.line}")
    elif decision.followed:  # why it cost: the reply it drew in the playouts
        lines.append(f"  What it led to: {decision.followed}")
    best, advice = decision.best.rstrip("."), decision.advice
    chance = outlook(decision.best_chance, decision.exact)
    if advice.startswith(best):  # the advice opens with the better move: say it once, and why
        lines.append(f"  Better: {best} ({chance}){advice[len(best) :]}")
    else:
        lines.append(f"  Better: {best}: {chance}.")
        if advice:
            lines.append(f"  {advice}")
    return lines


def summary_lines(review: Review, name: str) -> list[str]:
    """Who was reviewed, the accuracy, the grades and the luck of the deal apart from the play."""
    s = review.summary
    graded = s["graded"]
    plural = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
    grades = ", ".join(f"{graded[g]} {g if graded[g] == 1 else plural[g]}" for g in plural)
    accuracy = "no decisions" if s["accuracy"] is None else f"accuracy {s['accuracy']:.0f}%"
    who = name if name.startswith("Seat") else f"{name} (Seat {review.seat + 1})"
    lines = [
        f"Review of {game_title(review.game)} for {who}: {accuracy}; {s['decisions']} decisions; " + grades + ".",
    ]
    if s.get("mean_loss") is not None:
        lines.append(f"On average {s['mean_loss']:.1f} points of win chance given up a decision.")
    if s["deal"] is not None and review.decisions and review.decisions[0].exact and s["deal"] in EXACT:
        lines.append(f"The deal: {EXACT[s['deal']]} with best play at your first decision.")
    elif s["deal"] is not None:
        lines.append(
            f"The deal: {percent(s['deal'])} to win with good play at your first decision "
            f"(a fair share is {percent(s['fair'])})."
        )
    if review.result is not None:
        lines.append(f"Result: {_result(review.result)}.")
    if s["exact"]:
        lines.append(f"{s['exact']} of the decisions were solved exactly: they say the result with best play.")
    lines.append(analysis_words(review.game, review.engine, review.budget))
    return lines


def _result(share: float) -> str:
    return "won" if share >= 1 else "lost" if share <= 0 else f"a shared win ({share:.2g} of it)"


def review_text(review: Review, name: str = "you", width: int = WIDTH) -> list[str]:
    """The whole review as lines of at most ``width`` characters (the advice wraps)."""
    import textwrap

    lines = summary_lines(review, name)
    lines += [
        "",
        "Chance to win after each of your moves (X blunder, x mistake, ? inaccuracy):",
        *chart(review.decisions, width),
    ]
    worst = [d for number in review.summary["mistakes"] for d in review.decisions if d.number == number]
    lines += ["", "The costliest moves:" if worst else "No move cost a measurable chance to win."]
    for decision in worst:
        lines += decision_lines(decision)
    out: list[str] = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip()))
        out += textwrap.wrap(line, width, subsequent_indent=indent + "  ") or [""]
    return out
