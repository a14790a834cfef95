"""Every game says what it says as a player would: the scan of its words, over every game and preset.

:func:`deckhand.testing.check_words` plays seeded games with every level at
the table and reads every hint (for every level's choice), every reason,
every move's words and suggestion, and every announcement (the breakdowns
at a round's or a deck's end and Cambio's reveal among them). The quick tier
plays a few games of each; the slow tier, ten. The scan itself is checked
on planted strings: each kind of fault it looks for is caught, and the
words players should read pass.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import deckhand
from deckhand.agents.base import Agent, Explanation
from deckhand.agents.registry import make_agent
from deckhand.core.protocol import View
from deckhand.core.registry import game_class
from deckhand.testing.words import WordingError, check_words, faults_in, level_agents, seat_names, sentence_faults
from tests.tiers import tiers

QUICK_SEEDS = {"basra": 1, "cambio": 12, "casino": 1, "go_fish": 4, "three_trios": 1}
"""Seeds the quick tier plays per game and preset: Cambio's games are short, Basra's and Casino's long enough
to reach every kind of move and the end of several decks or rounds in one."""
SLOW_SEEDS = 10


def configs() -> list[Any]:
    """Every game under every preset; Three Trios' 5×5 board with holes (its expert solves) in the slow tier."""
    return [
        pytest.param(name, preset, marks=[pytest.mark.slow] if (name, preset) == ("three_trios", "holes") else [])
        for name in deckhand.games()
        for preset in list(game_class(name).PRESETS) or [None]
    ]


@pytest.mark.parametrize("quick", tiers(True, False))
@pytest.mark.parametrize(("name", "preset"), configs())
def test_every_game_speaks_as_a_player(name: str, preset: str | None, quick: bool) -> None:
    game = deckhand.load_game(name, preset=preset) if preset else deckhand.load_game(name)
    levels = level_agents(game)
    for seed in range(QUICK_SEEDS[name] if quick else SLOW_SEEDS):
        check_words(game, seed, levels=levels)


# -- the scan catches each kind of fault ------------------------------------------------------------

PLANTED = [
    ("Play play C7", "hint", "'Play' twice"),
    ("the the 7 of Clubs", "words", "'the' twice"),
    ("plays trail C7", "words", "a card code"),
    ("Ask seat 1 for X", "hint", "a card code or rank letter"),
    ("captures the build {S4 S5} = 9", "words", "notation's braces"),
    ("the multiple build of [7 of Hearts and 3 of Hearts] and [10 of Clubs]", "words", "brackets"),
    ("my worst card (worth 8 to me)", "reason", "the first person"),
    ("no seat is known to hold a rank of mine, and I hold 2", "hint", "the first person"),
    ("it keeps your jack for later", "public", "the second person"),
    ("Ask for Xs", "hint", "plural"),
    ("Ask for As", "hint", "plural"),
    ("a book of K's", "words", "plural"),
    ("You draws a card from the stock.", "words", "'You' with a verb"),
    ("You has no 7s: go fish!", "words", "'You' with a verb"),
    ("You draw 5♦, the rank asked for, and shows it.", "words", "'You' with a verb"),
    ("You have no cards and draws one from the stock.", "words", "'You' with a verb"),
    ("Computer (easy) plays take — it takes two cards.", "words", "two verbs"),
    ("You played ask 1 7 — asks seat 1 for 7s.", "words", "two verbs"),
    ("Player 0 plays first.", "words", "a seat counted from zero"),
    ("Computer places Roc at 0,1.", "words", "a board coordinate"),
    ("Better: Place Sphinx at 1,2", "hint", "a board coordinate"),
    ("Switch your card at 0.3 with Computer's card at 1.0", "hint", "a place in a hand"),
    ("Computer's slot 0 is a king", "words", "a place in a hand"),
    ("it remembers that seat 0 holds 7s", "public", "a seat counted from zero"),
    ("Computer takes 1 cards with the 5 of Hearts.", "words", "disagrees"),
    ("What is left goes to You (3 point).", "words", "disagrees"),
    ("Deck 2 is dealt by You; the first to 151 wins.", "words", "a capital mid-sentence"),
    ("Most cards (29 to 23): 3 points for You.", "words", "a capital mid-sentence"),
    ("The coin shows tails; You called heads: You play first.", "words", "a capital mid-sentence"),
    ("Computer 1 and You have 151 or more and lead.", "words", "a capital mid-sentence"),
    ("Now click the card to switch with 1.0.", "hint", "a place in a hand"),
    ("You see 0.0: the jack of Hearts.", "words", "a place in a hand"),
    ("Computer has no 5s, 8s and jacks.", "words", "a list after 'no'"),
]


@pytest.mark.parametrize(("text", "kind", "fault"), PLANTED)
def test_the_scan_catches_each_kind_of_fault(text: str, kind: str, fault: str) -> None:
    found = faults_in(text, kind)
    assert any(fault in f for f in found), found


TOLD_BADLY = [
    ("ask 1 7 — Computer asks you for 7s.", "a move as typed at the start"),
    ("You ask Computer for 7s. draw follows.", "a move as typed at the start"),
    ("asks you for 7s.", "starts in lower case"),
    ("Player 0 plays first.", "a seat counted from zero"),
]


@pytest.mark.parametrize(("text", "fault"), TOLD_BADLY)
def test_the_scan_of_a_told_move_catches_how_a_program_tells_it(text: str, fault: str) -> None:
    found = sentence_faults(text, ["ask 1 7", "draw"])
    assert any(fault in f for f in found), found


def test_a_told_move_in_a_players_words_passes() -> None:
    for text in (
        "You ask Computer for 7s.",
        "Computer (medium) asks you for jacks — it remembers that you hold some.",
        "Computer 2 takes the 7 of Clubs and the 3 of Diamonds with the 10 of Diamonds: a basra.",
        "You place Griffin in the top left corner and flip Kraken in the top middle; combo: Wyvern in the centre.",
        "You draw a card from the deck.",
    ):
        assert sentence_faults(text, ["ask 1 7", "draw", "Griffin 0,0"]) == [], text


def test_a_move_told_badly_at_the_table_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = deckhand.load_game("go_fish")
    shown = deckhand.presentation_of(game)
    told = shown.tell_move
    monkeypatch.setattr(
        shown, "tell_move", lambda state, action, names: told(state, action, names).replace("asks", "plays asks")
    )
    with pytest.raises(WordingError, match="two verbs"):
        check_words(game, 0)


def test_the_scan_catches_a_move_written_in_notation() -> None:
    assert faults_in("Ask 1 X for them", "hint", ["ask 1 X"]) != []
    assert faults_in("Place Griffin at 0,0", "hint", ["Griffin 0,0"]) == ["a board coordinate"]  # not the notation
    assert faults_in("it flips Griffin 0,0", "public", ["Griffin 0,0"]) == [
        "the notation 'Griffin 0,0'",
        "a board coordinate",
    ]
    assert faults_in("Draw a card from the deck", "hint", ["draw"]) == []  # a bare word reads as English


CLEAN = [
    ("Ask Computer for 10s: they may hold some, and you hold two.", "hint"),
    ("As you hold two 6s, ask for 6s.", "hint"),
    ("You draw 5♦, the rank asked for, and show it.", "words"),
    ("You have no cards and draw one from the stock.", "words"),
    ("Computer has no cards and draws one from the stock.", "words"),
    ("Capture the set of 6♥, 2♥ and 2♣ with the 10♥ to maximize the number of captured cards.", "hint"),
    ("it keeps its capturing card for its build of 7", "public"),
    ("the 10 of Diamonds (2 points): You; aces (1 point each): You 1, Computer 3.", "words"),
    ("The turn passes to you.", "words"),
    ("Lowest total wins: You win with 8.", "words"),
]


@pytest.mark.parametrize(("text", "kind"), CLEAN)
def test_the_scan_lets_a_players_words_pass(text: str, kind: str) -> None:
    assert faults_in(text, kind) == []


class FirstPerson(Agent):
    """Says its reason as a program does: "I hold 2"."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner

    def explain(self, view: View, rng: random.Random) -> Explanation:
        told = self.inner.explain(view, rng)
        return dataclasses.replace(told, reason=f"{told.reason}, and I hold 2")


def test_a_level_that_speaks_in_the_first_person_is_caught() -> None:
    game = deckhand.load_game("go_fish")
    with pytest.raises(WordingError, match="the first person"):
        check_words(game, 0, levels=[FirstPerson(make_agent("medium", game))])


class Silent(Agent):
    """Plays as its level does and tells the table nothing of why."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner

    def explain(self, view: View, rng: random.Random) -> Explanation:
        return dataclasses.replace(self.inner.explain(view, rng), public="")


def test_a_level_that_gives_the_table_no_reason_is_caught() -> None:
    game = deckhand.load_game("basra")
    with pytest.raises(WordingError, match="no public reason"):
        check_words(game, 0, levels=[Silent(make_agent("ismcts:iterations=20", game))])


def test_a_move_told_in_notation_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = deckhand.load_game("casino")
    monkeypatch.setattr(
        deckhand.presentation_of(game),
        "describe_action",
        lambda state, action: "plays " + state.action_to_string(action),
    )
    with pytest.raises(WordingError, match="a card code"):
        check_words(game, 0)


def test_the_table_is_named_as_the_person_at_the_screen_hears_it() -> None:
    assert seat_names(2, 0) == ["You", "Computer"]
    assert seat_names(3, 1) == ["Computer 1", "You", "Computer 2"]
