"""The leak check of the game review: a seat's review depends only on what that seat could see.

At every decision of the reviewed seat, the true state is replaced by other
worlds dealt from the seat's view (every card it could not see dealt again):
the decision's review must come out the same, figure for figure. And no
text of the review names a card hidden from the seat at that decision that
its view never showed.
"""

from __future__ import annotations

import random

from deckhand.agents.registry import make_agent
from deckhand.core.protocol import Game, State
from deckhand.play.records import GameRecord, start_state
from deckhand.play.seats import display_names
from deckhand.review.analysis import ReviewBudget, engine_spec, review_decision
from deckhand.testing.secrets import SecretLeak, codes_in, hidden_cards, leaked_in_text


def check_review_secrets(game: Game, record: GameRecord, seat: int, budget: ReviewBudget, *, worlds: int = 2) -> int:
    """Check ``seat``'s review of ``record`` decision by decision; returns the number of decisions checked.

    Raises :class:`SecretLeak` naming the decision and what changed or leaked.
    """
    engine = make_agent(engine_spec(game, budget.iterations), game)
    names = display_names(record.seats)
    cards = frozenset(game.all_cards())
    state: State = start_state(record, game)
    checked = 0
    deal = random.Random(f"leak {record.game} {seat}")
    for number, text in enumerate(record.actions, start=1):
        action = state.string_to_action(text)
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            view = state.view(seat)
            truth = review_decision(
                game, view, action, engine, budget, random.Random(number), number=number, names=names
            )
            for _ in range(worlds):
                other = view.sample_world(deal)
                again = review_decision(
                    game, other.view(seat), action, engine, budget, random.Random(number), number=number, names=names
                )
                if again != truth:
                    raise SecretLeak(
                        f"{game.name} seat {seat} move {number}: the review changed when hidden cards were dealt again"
                        f" ({truth} became {again})"
                    )
            hidden = hidden_cards(state, seat, deal)
            seen = set(codes_in(view.to_json(), cards))
            for said in (truth.played, truth.best, truth.advice, truth.line, truth.followed):
                leaks = leaked_in_text(said, hidden, seen)
                if leaks:
                    raise SecretLeak(
                        f"{game.name} seat {seat} move {number}: the review said {said!r}, giving away {leaks}"
                    )
            checked += 1
        state.apply_action(action)
    return checked
