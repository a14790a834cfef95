"""The review of a seat depends only on what that seat saw: every hidden-card game, one seeded game each.

Runs :func:`deckhand.testing.review.check_review_secrets`: at each of the
seat's decisions, the cards it could not see are dealt again and the
decision's review must not change; nothing the review says names them.
"""

from __future__ import annotations

import pytest

import deckhand
from deckhand.core.registry import game_class
from deckhand.review import ReviewBudget
from deckhand.testing import SecretLeak
from deckhand.testing.review import check_review_secrets
from tests.review.games import played

HIDDEN = [name for name in deckhand.games() if not game_class(name).perfect_information]
TINY = ReviewBudget(iterations=12, worlds=4)


@pytest.mark.parametrize("name", HIDDEN)
@pytest.mark.parametrize("seat", [0, 1])
def test_a_review_never_sees_a_card_its_seat_could_not(name: str, seat: int) -> None:
    record = played(name, seed=11)
    assert check_review_secrets(deckhand.load_game(name), record, seat, TINY) > 0


def test_the_check_catches_a_review_that_peeks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review that read the true state would change when the hidden cards change: the check fails it."""
    import deckhand.testing.review as check

    real = check.review_decision  # type: ignore[attr-defined]
    peeked: dict[int, int] = {}

    def peeking(*args: object, **kwargs: object) -> object:
        decision = real(*args, **kwargs)  # type: ignore[arg-type]
        view = args[1]
        # stands in for a leak: a figure that depends on the world the view came from
        key = id(view)
        peeked[key] = len(peeked)
        return type(decision)(**{**decision.to_json(), "chance": peeked[key] / 1000})

    monkeypatch.setattr(check, "review_decision", peeking)
    with pytest.raises(SecretLeak, match="changed when hidden cards were dealt again"):
        check_review_secrets(deckhand.load_game("basra"), played("basra", seed=11), 0, TINY)


def test_the_check_reads_what_a_costly_move_led_to(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reply a move drew is said from guessed worlds: a card named there that the seat could not see fails."""
    import deckhand.testing.review as check
    from deckhand.core.cards import Card

    real = check.review_decision  # type: ignore[attr-defined]
    every_card = ", ".join(Card.parse(code).name for code in deckhand.load_game("basra").all_cards())

    def naming(*args: object, **kwargs: object) -> object:
        decision = real(*args, **kwargs)  # type: ignore[arg-type]
        return type(decision)(**{**decision.to_json(), "followed": f"Computer takes {every_card}."})

    monkeypatch.setattr(check, "review_decision", naming)
    with pytest.raises(SecretLeak, match="giving away"):
        check_review_secrets(deckhand.load_game("basra"), played("basra", seed=11), 0, TINY)
