"""What the games announce reaches the player: flips and combos, coins, round and deck ends, records, hints."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

import deckhand
from deckhand.core.presentation import presentation_of
from deckhand.terminal.reader import ScriptReader
from deckhand.terminal.session import Session


def _state_after(name: str, seed: int, steps: int, **options: object) -> deckhand.State:
    game = deckhand.load_game(name, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(
            state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    return state


def test_three_trios_tells_the_flips_and_the_combo() -> None:
    state = deckhand.load_game("three_trios", preset="file-order").new_initial_state()
    for move in ("Griffin 0,0", "Kraken 0,1", "Wyvern 1,1", "Golem 1,0"):
        words = presentation_of(state.game).describe_action(state, state.string_to_action(move))
        state.apply_action(state.string_to_action(move))
    assert words == "flips Wyvern in the centre"
    # Kraken, taken back, beats Wyvern below it (8 over 6): a combo
    words = presentation_of(state.game).describe_action(state, state.string_to_action("Sphinx 0,2"))
    assert words == "flips Kraken in the top middle; combo: Wyvern in the centre"


def test_casino_announces_the_coin_and_every_round_end_as_seed_004() -> None:
    game = deckhand.load_game("casino")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("call tails"))
    (coin,) = presentation_of(state.game).announce(state, state.string_to_action("coin heads"), ["Ann", "Bob"])
    assert coin == "The coin shows heads; Ann called tails: Bob plays first."
    rng = random.Random(4)
    state.apply_action(state.string_to_action("coin heads"))
    told: list[str] = []
    while not told:
        action = state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        told = presentation_of(state.game).announce(state, action, ["Ann", "Bob"]) if not state.is_chance_node() else []
        state.apply_action(action)
    assert told[0].startswith("Round 1 is over.")
    assert re.match(r"Ann took \d+ cards: (?:(?:10|[2-9AJQK])[♠♥♦♣] )+", told[1] + " ")  # cards as drawn: 10♦
    assert re.match(r"Bob took \d+ cards: ", told[2])
    for rule in ("most cards (3 points): ", "most spades (1 point): ", "the 10♦ (2 points): ", "the 2♠ (1 point): "):
        assert rule in told[3]  # each rule that scores, with what it is worth
    assert "aces (1 point each): Ann " in told[3]
    a, b = state.scores()
    assert told[4].endswith(f"Tournament: Ann {a:g}, Bob {b:g}.")


def test_basra_announces_the_end_of_a_deck() -> None:
    state = _state_after("basra", 1, 0)
    rng = random.Random(1)
    told: list[str] = []
    while not told:
        action = state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        told = [] if state.is_chance_node() else presentation_of(state.game).announce(state, action, ["Ann", "Bob"])
        state.apply_action(action)
    assert told[0].startswith("Deck 1 is over.")
    assert told[-2] == f"Scores: Ann {state.scores()[0]:g}, Bob {state.scores()[1]:g}." or state.is_terminal()
    assert told[-1].startswith("Deck 2 is dealt by")
    assert told[-1].endswith("; a side with 151 or more that leads after a deal wins.")  # the rule that ends it


def test_basra_says_who_ends_the_game_and_why() -> None:
    state = _state_after("basra", 1, 0)
    rng = random.Random(2)
    told: list[str] = []
    while not state.is_terminal():
        action = state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        told = presentation_of(state.game).announce(state, action, ["You", "Bob"]) or told
        state.apply_action(action)
    you, bob = state.scores()
    assert told[-2].endswith(f"Scores: You {you:g}, Bob {bob:g}.")  # after a deal or a deck
    winner = "You have" if you > bob else "Bob has"
    assert told[-1] == f"{winner} 151 or more and {'lead' if you > bob else 'leads'}: the game is over."


def _play(name: str, seats: list[str], lines: list[str], seed: int = 3, **options: object) -> str:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    game = deckhand.load_game(name, **options)
    Session(game, seats, console=console, reader=ScriptReader(lines, console), seed=seed).run()
    return out.getvalue()


def test_three_trios_says_who_is_red_and_marks_owners_without_colour() -> None:
    out = _play("three_trios", ["human", "easy"], ["Griffin 0,0"], preset="file-order")
    assert out.startswith("You are red (R); Computer is blue (B).")
    assert "You (R)" in out and "Computer (B)" in out and "Griffin   7364" in out  # name, then N S E W
    assert re.search(r"R +3 +R", out)  # Griffin's south value between its owner's letters


def test_the_end_of_a_game_shows_the_record_against_that_level() -> None:
    first = " ".join(_play("three_trios", ["human", "easy"], ["1"] * 5).split())  # as read: lines wrap between words
    assert "Against easy so far: 1 game, " in first and "computer victory statistic" in first
    second = " ".join(_play("three_trios", ["human", "easy"], ["1"] * 5, seed=4).split())
    assert "Against easy so far: 2 games, " in second


def test_a_search_hint_reads_like_a_player_and_why_shows_the_search() -> None:
    out = _play("basra", ["human", "easy"], ["hint", "why", "quit"])
    hint = next(line for line in out.splitlines() if line.startswith("Hint: "))
    assert hint.startswith("Hint: Play the ") and "%" not in hint and "visits" not in hint  # words, no figures
    why = out.split("You > why")[1]
    flat = " ".join(why.split())
    said = r"The search \(ismcts\) played \d+ playouts and gives this move about \d+% to win, from the \d+"
    assert re.search(said, flat)
    assert "iterations" not in why and "visits" not in why, "one unit throughout: playouts"
    moves = [line.strip() for line in why.split("\n")[3:] if line.startswith("  ")]
    assert moves and all(re.match(r"^Play the .+: \d+% to win; from \d+ playouts$", m) for m in moves), moves
    assert moves[0].split(":")[0] in hint, "the first move weighed is the hint's, in the same words"


def test_why_after_a_rules_hint_lists_its_choices_best_first_in_words() -> None:
    out = _play("go_fish", ["human", "easy"], ["hint", "why", "quit"], seed=3)
    hint = next(line for line in out.splitlines() if line.startswith("Hint: "))
    why = out.split("You > why")[1].split("Moves:")[0]
    lines = [line.strip() for line in why.splitlines() if line.strip()]
    assert lines[0] == "The moves it weighed, the hint's first:"
    first = lines[1].split(":")[0]
    assert hint.startswith(f"Hint: {first}"), "the first move weighed is the hint's, in the same words"
    assert all(re.match(r"^Ask Computer for \w+: you hold \d; they ", line) for line in lines[1:]), lines
    assert "score" not in why and "0." not in why, "no bare figures"
    assert hint


def test_a_move_of_yours_tells_what_the_table_saw() -> None:
    out = _play("cambio", ["human", "easy"], ["draw", "swap 0", "quit"], seed=5)
    assert "You put the drawn card in place of your card 1; out comes the " in out


def test_thinking_shows_only_when_it_takes_a_while() -> None:
    import time

    from deckhand.terminal.session import _delayed_status

    quick = Console(file=io.StringIO(), force_terminal=True)
    with _delayed_status(quick, "thinking", 0.3):
        pass
    slow = Console(file=io.StringIO(), force_terminal=True)
    with _delayed_status(slow, "thinking", 0.05):
        time.sleep(0.3)
    assert "thinking" not in quick.file.getvalue() and "thinking" in slow.file.getvalue()  # type: ignore[attr-defined]


def _session(name: str, seats: list[str], lines: list[str], seed: int = 3) -> tuple[Session, str]:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    session = Session(deckhand.load_game(name), seats, console=console, reader=ScriptReader(lines, console), seed=seed)
    session.run()
    return session, out.getvalue()


def test_asking_for_a_hint_does_not_change_the_cards_dealt() -> None:
    plain, _ = _session("cambio", ["human", "hard"], ["draw", "quit"])
    hinted, _ = _session("cambio", ["human", "hard"], ["hint", "draw", "quit"])
    assert plain.state.history() == hinted.state.history()


def test_why_gives_a_rules_choices_in_its_words_and_a_searchs_as_chances() -> None:
    _, rules = _session("casino", ["human", "medium"], ["heads", "hint", "why", "quit"], seed=6)
    said = rules.split("You > why")[1].split("You >")[0]
    assert "The moves it weighed, the hint's first:" in said and "%" not in said and "score" not in said
    _, search = _session("basra", ["human", "easy"], ["hint", "why", "quit"], seed=2)
    assert "% to win" in search.split("You > why")[1]


def test_a_casino_screen_says_its_fields_in_words() -> None:
    _, out = _session("casino", ["human", "easy"], ["heads"] + ["1"] * 12 + ["quit"], seed=6)
    assert "call  " not in out and "last_capturer" not in out and "last capturer  " not in out


@pytest.mark.parametrize(("name", "first"), [("three_trios", []), ("casino", ["heads"]), ("go_fish", [])])
def test_why_lists_the_hints_move_first_in_the_same_words_and_figures_in_a_players_units(
    name: str, first: list[str]
) -> None:
    """Three Trios listed a bounded move before the solver's own (its hint 4th) and in coordinates; Casino's
    hint said "the most valuable cards" and its "why" "the number of captured cards"."""
    for seed in (2, 7):
        _, out = _session(name, ["human", "hard"], [*first, "hint", "why", "quit"], seed=seed)
        hint = " ".join(next(part for part in out.split("You > hint")[1:]).split()).removeprefix("Hint: ")
        why = out.split("You > why")[1].split("You >")[0]
        moves = [" ".join(line.split()) for line in why.splitlines()[2:] if line.startswith("  ")]
        assert moves, why
        told, _, figures = moves[0].partition(": ")
        assert hint.startswith(told), (hint, moves[0])
        if name != "go_fish":  # a rule's reason: the same words as the hint's
            assert figures.split(";")[0] in hint or "best" in figures, (hint, figures)
        assert not re.search(r"\d,\d|\bat \d\.\d|rated \d", why), why  # no coordinates, no bare scores
