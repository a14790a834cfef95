"""The tracker: table events in, a consistent game out; impossible input refused and harmless."""

from __future__ import annotations

from typing import Any

import pytest

from deckhand.advise.commands import Move, parse_command
from deckhand.advise.tracker import Tracker, TrackerError, card_at
from deckhand.core.errors import DeckhandError


def make_tracker(players: int = 2, first: int = 0, known: tuple[str, str] = ("3", "rk")) -> Tracker:
    return Tracker(players=players, first=first, known=list(known))


def play(tracker: Tracker, *lines: str) -> list[str]:
    notes: list[str] = []
    for line in lines:
        move = parse_command(line)
        assert isinstance(move, Move), line
        notes = tracker.apply_move(move, line)
    return notes


def mine(tracker: Tracker) -> dict[str, Any]:
    return tracker.view().to_json()


def hand(tracker: Tracker, seat: int) -> list[str | None]:
    return list(mine(tracker)["hands"][tracker.game_seat(seat)])


def discards(tracker: Tracker) -> list[str]:
    from deckhand.advise.commands import short_form

    return [short_form(c) for c in mine(tracker)["discard"]]


def unchanged_after(tracker: Tracker, line: str, message: str) -> None:
    before = ([s.text for s in tracker.steps], mine(tracker), len(tracker.history()))
    with pytest.raises(DeckhandError, match=message):
        play(tracker, line)
    assert ([s.text for s in tracker.steps], mine(tracker), len(tracker.history())) == before


def test_you_know_your_two_bottom_cards_and_nothing_else() -> None:
    t = make_tracker(known=("3", "rk"))
    assert hand(t, 0) == ["??", "??", t.state.card_at(0, 2), t.state.card_at(0, 3)]  # type: ignore[attr-defined]
    assert [c[1] for c in hand(t, 0)[2:]] == ["3", "K"] and hand(t, 0)[3] in ("HK", "DK")
    assert hand(t, 1) == ["??"] * 4


def test_bottom_cards_must_match_what_you_see_at_the_deal() -> None:
    with pytest.raises(DeckhandError, match="--bottom: you see 2 cards at the deal, not 1"):
        Tracker(players=2, known=["3"])
    with pytest.raises(DeckhandError, match="--bottom: you see 2 cards at the deal, not 3"):
        Tracker(players=2, known=["3", "4", "5"])
    with pytest.raises(DeckhandError, match="--first"):
        Tracker(players=2, first=2, known=["3", "4"])


def test_your_draw_needs_its_card_and_another_seats_does_not() -> None:
    t = make_tracker()
    unchanged_after(t, "+", "you see the next card")
    assert play(t, "+ 5") == ["draw", "5"]
    assert play(t, "x0 8") == ["swap 0"]
    assert play(t, "+") == ["pass", "pass", "draw", "??"]


def test_a_discard_reveals_the_other_seats_drawn_card() -> None:
    t = make_tracker()
    play(t, "+ 5", "x0 8", "+")
    unchanged_after(t, "-", "which card was discarded")
    play(t, "- 6")
    assert discards(t) == ["8", "6"]
    assert hand(t, 0)[0] is not None and hand(t, 0)[0][1] == "5"


def test_a_swap_reveals_the_card_that_came_out_and_hides_the_drawn_one() -> None:
    t = make_tracker()
    play(t, "+ 5", "x0 8", "+", "x2 9")
    assert discards(t) == ["8", "9"]
    assert hand(t, 1)[2] == "??"
    assert card_at(t.state, t.game_seat(1), 2) == t.steps[-2].text  # the card seat 1 drew, still a placeholder
    assert t.steps[-2].hidden


def test_your_swap_needs_the_card_only_when_you_do_not_know_it() -> None:
    t = make_tracker()
    play(t, "+ 5")
    unchanged_after(t, "x0", "which card came out of slot 0")
    unchanged_after(t, "x2 4", "you know 0.2 is 3, so it cannot be 4")
    play(t, "x2")
    assert discards(t) == ["3"]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["+ 5", "- 7"], "the drawn card is 5, not 7"),
        (["+ 5", "x9"], "slot 9|not legal"),
        (["+ 5", "p1.2"], "not legal now"),
        (["+ 7", "-", "p1.2"], "not legal now"),
        (["+ 7", "-", "p0.0"], "which card did you see"),
        (["c", "c"], "not legal now"),
        (["s1 0.2"], "not legal now|cannot stick"),
    ],
)
def test_input_that_cannot_be_true_changes_nothing(lines: list[str], message: str) -> None:
    t = make_tracker()
    play(t, *lines[:-1])
    unchanged_after(t, lines[-1], message)


def test_every_card_of_a_rank_is_accounted_for() -> None:
    t = make_tracker(known=("4", "rk"))
    play(t, "+ 4", "-", "+", "- 4", "+ 4", "-")
    assert discards(t) == ["4", "4", "4"]
    play(t, "+")
    unchanged_after(t, "- 4", "every 4 is accounted for")
    unchanged_after(t, "x1 4", "every 4 is accounted for")


def test_two_jokers_and_no_third() -> None:
    t = make_tracker(known=("0", "3"))
    play(t, "+ 0", "x3")
    assert discards(t) == ["3"]
    play(t, "+")
    unchanged_after(t, "- 0", "every 0 is accounted for")


def test_drawing_a_card_that_was_a_placeholder_trades_it_out() -> None:
    t = make_tracker(known=("5", "6"))
    low = {"A": "a", "2": "2", "3": "3", "4": "4"}
    first = next(i for i, s in enumerate(t.steps) if s.hidden and s.text[1] in low)
    rank = low[t.steps[first].text[1]]
    filler = "3" if rank != "3" else "4"
    for _ in range(4):
        play(t, f"+ {rank}", "-", "+", f"- {filler}")
    assert discards(t).count(rank) == 4
    assert t.steps[first].text[1] not in (rank.upper(), "A" if rank == "a" else rank)
    play(t, "+ 5", "-", "+")
    unchanged_after(t, f"- {rank}", f"every {rank} is accounted for")


def test_a_peek_you_make_pins_the_card_and_later_events_must_agree() -> None:
    t = make_tracker()
    play(t, "+ 9", "-", "p1.1 j")
    assert hand(t, 1)[1] is not None and hand(t, 1)[1][1] == "J"
    play(t, "+")
    unchanged_after(t, "x1 5", "you know 1.1 is j, so it cannot be 5")
    play(t, "x1 j")
    assert discards(t)[-1] == "j"


def test_switches_carry_what_you_know() -> None:
    t = make_tracker()
    play(t, "+ q", "-", "w0.2 1.0")
    assert hand(t, 1)[0] is not None and hand(t, 1)[0][1] == "3"
    assert hand(t, 0)[2] == "??"


def test_a_wrong_stick_shows_the_card_and_deals_a_penalty_card_nobody_sees() -> None:
    t = make_tracker()
    play(t, "+ 5", "x0 8", "s1 1.3 q")
    assert hand(t, 1)[3] is not None and hand(t, 1)[3][1] == "Q"
    assert hand(t, 1)[4:] == ["??"]
    assert discards(t) == ["8"]


def test_a_right_stick_of_another_seats_card_then_give() -> None:
    t = make_tracker()
    play(t, "+ 5", "x0 8", "s0 1.1 8")
    assert discards(t) == ["8", "8"]
    play(t, "g2")
    assert hand(t, 1)[1] is not None and hand(t, 1)[1][1] == "3"
    assert hand(t, 0)[2] is None


def test_seats_are_table_seats_whoever_plays_first() -> None:
    t = make_tracker(players=3, first=1)
    assert t.me == 2 and t.to_move() == 1
    assert play(t, "+") == ["draw", "??"]
    assert play(t, "x0 6") == ["swap 0"]
    assert t.to_move() == 2
    notes = play(t, "+", "- q", "w1.0 0.1")
    assert notes == ["switch 0.1 1.0"] or notes == ["switch 1.0 0.1"]
    assert t.to_move() == 0
    unchanged_after(t, "+", "you see the next card")
    play(t, "+ 7")
    assert hand(t, 0)[2] is not None


def test_undo_takes_back_one_command_at_a_time() -> None:
    t = make_tracker()
    start = mine(t)
    play(t, "+ 5", "x0 8")
    after_one = None
    assert t.undo() == "x0 8"
    after_one = mine(t)
    assert t.undo() == "+ 5"
    assert mine(t) == start and after_one != start
    with pytest.raises(TrackerError, match="nothing to undo"):
        t.undo()


def test_replaying_the_history_gives_the_live_state() -> None:
    t = make_tracker(players=3)
    play(t, "+ 5", "x0 8", "+", "- q", "w1.2 0.3", "+", "x1 9", "+ 7", "-", "p0.0", "s1 2.0 7", "g0")
    replayed = t.game.new_initial_state()
    for step in t.steps:
        replayed.apply_action(replayed.string_to_action(step.text))
    assert replayed.view(t.me).to_json() == mine(t)


def test_decision_in_a_stick_window_assumes_the_seats_before_you_pass() -> None:
    t = make_tracker(players=3)
    play(t, "+ 5", "x0 8", "+", "- 4")
    view, note = t.decision()
    assert view is not None and "pass" in note
    assert "pass" in [view.action_to_string(a) for a in view.legal_actions()]
    play(t, "+")
    view, note = t.decision()
    assert view is None and "seat 2 is to move" in note


def test_the_classic_deck_has_no_jokers() -> None:
    t = Tracker(players=2, known=["3", "4"], preset="classic")
    play(t, "+ 5", "-", "+")
    unchanged_after(t, "- 0", "there is no 0 in this game's deck")
    with pytest.raises(DeckhandError, match="no 0"):
        Tracker(players=2, known=["0", "4"], preset="classic")
