"""Learn from your mistakes at the terminal: each costly position of a review, a better move to find.

``deckhand review ... --learn`` shows, after the review, each position where
the seat's move was graded (an inaccuracy or worse) as the seat saw it, the
moves numbered as at the table; the player answers with a number or a move
in notation and is told how it compares, by the review's own figures. They
may try again, be shown the better move, skip to the next, or stop.
"""

from __future__ import annotations

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from deckhand.core.errors import ConfigError
from deckhand.core.numbers import is_whole_number
from deckhand.play.records import GameRecord
from deckhand.render import Context, render
from deckhand.review.analysis import Review, ReviewBudget, review_names
from deckhand.review.practice import Exercise, exercises, judge
from deckhand.review.text import decision_lines, outlook
from deckhand.terminal.choose import packed_moves
from deckhand.terminal.reader import Reader

ASK = "Your move > "
HOW = "Type a move's number or its notation; s shows a better move, n goes to the next position, q stops."
GRADES = {"blunder": "a blunder", "mistake": "a mistake", "inaccuracy": "an inaccuracy"}


def learn(console: Console, reader: Reader, record: GameRecord, review: Review, budget: ReviewBudget) -> None:
    """Go through the review's costly positions with the player, one by one, until they are done or stop."""
    found = exercises(record, review)
    if not found:
        console.print("No move of yours cost a measurable chance to win: nothing to learn from here.")
        return
    count = f"{len(found)} position" + ("" if len(found) == 1 else "s")
    console.print(Rule("Learn from your mistakes"))
    console.print(f"{count} where a better move was found. Find it.", highlight=False)
    console.print(HOW, style="dim", highlight=False)
    names = review_names(record, review.seat)
    for number, exercise in enumerate(found, start=1):
        try:
            if not _one(console, reader, exercise, review, budget, names, f"{number} of {len(found)}"):
                console.print("Stopped.")
                return
        except EOFError:
            console.print()
            return
    console.print("That was the last one.")


def _one(
    console: Console,
    reader: Reader,
    exercise: Exercise,
    review: Review,
    budget: ReviewBudget,
    names: list[str],
    place: str,
) -> bool:
    """One position until it is solved, shown or skipped; ``False`` when the player stops."""
    decision = exercise.decision
    console.print(Rule(f"Position {place}: move {decision.number}, {GRADES.get(decision.grade, 'a loss')}"))
    console.print(render(exercise.view.to_json(), Context(viewer=review.seat, names=names)))
    played = decision.played.rstrip(".")
    console.print(
        f"{played}: {outlook(decision.chance, decision.exact, decision.error)}. Find a better move.", highlight=False
    )
    moves = [choice.move for choice in exercise.choices]
    for line in packed_moves(moves, console.width):
        console.print(line, soft_wrap=True)
    while True:
        text = reader.read(ASK).strip()
        word = text.lower()
        if word in ("q", "quit"):
            return False
        if word in ("n", "next", ""):
            return True
        if word in ("s", "show"):  # why the move played cost, where it is known, and the better move with why
            for told in decision_lines(decision)[2:]:
                console.print(told.strip(), highlight=False)
            return True
        if is_whole_number(word):
            if not 1 <= int(word) <= len(moves):
                console.print(f"[red]There is no move {word}; moves are numbered 1 to {len(moves)}.[/red]")
                continue
            text = moves[int(word) - 1]
        try:
            verdict = judge(exercise, text, review, budget, names=names)
        except ConfigError as exc:
            console.print(Text(str(exc), style="red"))
            continue
        said = Text(verdict.words + " ", style="bold")
        said.append(verdict.said, style="green" if verdict.kind == "good" else "yellow")
        console.print(said)
        if verdict.kind == "good":
            return True
        console.print("Try again, or s to see a better move.", style="dim")
