"""Every message that names the rule an illegal Casino move breaks, one row each."""

from __future__ import annotations

import re
from typing import Any

import pytest

import deckhand
from deckhand.core.cards import Card
from deckhand.core.errors import IllegalActionError
from deckhand.core.presentation import presentation_of
from tests.casino.test_casino_save import SEED_EXAMPLE

# The course's example, Human to play SA S4 CA C9 and owning the multiple build [[C6 S3] [S9]] of 9.
OWNER = SEED_EXAMPLE
# No builds: the build's cards go back into the deck, and Human holds two nines.
PLAIN = (
    SEED_EXAMPLE.replace("Table: [[C6 S3] [S9]] C8 CJ HA", "Table: C8 CJ HA")
    .replace("Build Owner: [[C6 S3] [S9]] Human\n\n", "")
    .replace("Hand: SA S4 CA C9", "Hand: SA S4 C9 H9")
    .replace("Deck: S7 D3 D5 H2 H3 S5 D8 C2 H9", "Deck: S7 D3 D5 H2 H3 S5 D8 C2 C6 S3 S9 CA")
)
# The computer owns a multiple build; Human to play.
RIVAL = SEED_EXAMPLE.replace("Build Owner: [[C6 S3] [S9]] Human", "Build Owner: [[C6 S3] [S9]] Computer")
# The computer owns a single build of 9.
SINGLE = (
    SEED_EXAMPLE.replace("Table: [[C6 S3] [S9]] C8 CJ HA", "Table: [C6 S3] C8 CJ HA")
    .replace("Build Owner: [[C6 S3] [S9]] Human", "Build Owner: [C6 S3] Computer")
    .replace("Deck: S7", "Deck: S9 S7")
)


def c(code: str) -> int:
    return Card.parse(code).index


ROWS: list[tuple[str, str, Any, str]] = [
    ("not in hand", OWNER, ("trail", c("H5")), "you do not hold the 5 of Hearts"),
    ("keep the capture card", OWNER, ("trail", c("C9")), "you must keep the 9 of Clubs to capture your build"),
    (
        "an owner may not trail",
        OWNER,
        ("trail", c("SA")),
        r"the Ace of Spades cannot be trailed while you own a build \(your build of 9: 6♣ 3♠ \+ 9♠\): "
        "a build's owner may not trail",
    ),
    ("a matching card must capture", PLAIN, ("trail", c("SA")), "matches the loose Ace of Hearts, so it must capture"),
    ("not on the table", PLAIN, ("capture", c("C9"), (c("D2"),), (), ()), "the 2 of Diamonds is not on the table"),
    (
        "every matching loose card",
        PLAIN,
        ("capture", c("SA"), (), (), ()),
        r"must take every loose card that matches it \(A♥\)",
    ),
    (
        "a build of another value",
        RIVAL,
        ("capture", c("S4"), (), (), (((c("C6"), c("S3")), (c("S9"),)),)),
        "is worth 9, not 4",
    ),
    ("a set that does not add up", PLAIN, ("capture", c("C9"), (), ((c("C8"), c("CJ")),), ()), "does not add up"),
    (
        "a loose card of another rank",
        PLAIN,
        ("capture", c("S4"), (c("C8"),), (), ()),
        "the 8 of Clubs is not a 4: the 4 of Spades captures loose cards of its own rank",
    ),
    ("capturing nothing", PLAIN, ("capture", c("S4"), (), (), ()), "the 4 of Spades captures nothing"),
    (
        "a card taken twice",
        PLAIN,
        ("capture", c("C9"), (), ((c("C8"), c("HA")), (c("C8"), c("HA"))), ()),
        "a card may be taken only once",
    ),
    ("a build's worth", PLAIN, ("build", c("S4"), 99, ()), r"a build is worth 2 to \d+"),
    ("no card to capture it", PLAIN, ("build", c("S4"), 7, ()), "to build 7 you must hold another card worth 7"),
    ("no such build", PLAIN, ("increase", c("S4"), 9, ((c("C6"),),)), "there is no such build on the table"),
    ("not one's own build", OWNER, ("increase", c("SA"), 9, ((c("C6"), c("S3")), (c("S9"),))), "their own build"),
    (
        "not a multiple build",
        RIVAL,
        ("increase", c("SA"), 9, ((c("C6"), c("S3")), (c("S9"),))),
        "multiple build may not",
    ),
    (
        "the sum is wrong",
        SINGLE,
        ("increase", c("S4"), 9, ((c("C6"), c("S3")),)),
        "9 and the 4 of Spades do not make 9",
    ),
    ("not a loose card", PLAIN, ("build", c("S4"), 9, (c("D2"),)), "the 2 of Diamonds is not a loose card"),
    (
        "a card of the value alone",
        PLAIN,
        ("build", c("C9"), 9, ()),
        "joins a build only when you already own a build of 9",
    ),
    ("cards that do not add up", PLAIN, ("build", c("S4"), 9, (c("C8"),)), "the cards do not add up to 9"),
    ("not a move at all", PLAIN, ("call", 0), "a player's move is trail, capture, build or increase"),
    ("not an action", PLAIN, ("bogus",), "not a casino action"),
]


@pytest.mark.parametrize(("save", "action", "message"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_the_message_names_the_rule(save: str, action: Any, message: str) -> None:
    state = deckhand.load_game("casino").state_from_save(save)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=message):
        state.apply_action(action)
    assert state.to_json() == before


CODE = re.compile(r"\b(?:[SHDC][A2-9XJQK]|JK)\b|[\[\]{}]")


@pytest.mark.parametrize(("save", "action"), [r[1:3] for r in ROWS], ids=[r[0] for r in ROWS])
def test_the_reason_names_cards_as_a_player_reads_them(save: str, action: Any) -> None:
    """After the move quoted as typed, the reason says "the 9 of Clubs" or "6♣ 3♠", never ``C9`` or ``[C6 S3]``."""
    state = deckhand.load_game("casino").state_from_save(save)
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action)
    reason = str(caught.value).partition(": ")[2]
    assert CODE.search(reason) is None, reason


@pytest.mark.parametrize(
    ("save", "cards", "words"),
    [
        (
            OWNER,
            ["S4"],
            "the 4♠ has no move: it cannot be trailed while you own a build (your build of 9: 6♣ 3♠ + 9♠), "
            "and it captures nothing and makes no build here: play another card",
        ),
        (OWNER, ["S4", "C8"], "the 4♠ has no move: it cannot be trailed while you own a build"),
        (PLAIN, ["S4", "C8"], "the 4♠ makes no move with 8♣: it captures cards of its rank, sets of loose cards"),
        (PLAIN, ["H5"], "you do not hold the 5♥"),
        (PLAIN, ["S4"], ""),  # it has moves: nothing to explain
    ],
)
def test_picked_cards_that_make_no_move_are_told_why(save: str, cards: list[str], words: str) -> None:
    """What a table says when the cards a player clicked make no legal move (``Presentation.why_no_move``)."""
    game = deckhand.load_game("casino")
    state = game.state_from_save(save)
    said = presentation_of(game).why_no_move(state, cards)
    assert said.startswith(words) and (said == "") == (words == "")


def test_messages_outside_play() -> None:
    game = deckhand.load_game("casino")
    state = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="the coin is to be called first"):
        state.apply_action(("trail", c("SA")))
    state.apply_action(state.string_to_action("call heads"))
    with pytest.raises(IllegalActionError, match="the coin is in the air"):
        state.apply_action(("trail", c("SA")))
    state.apply_action(state.string_to_action("coin heads"))
    with pytest.raises(IllegalActionError, match="the cards are being dealt"):
        state.apply_action(("trail", c("SA")))
    stacked = deckhand.load_game("casino", deck="SA").new_initial_state()
    stacked.apply_action(stacked.string_to_action("call heads"))
    stacked.apply_action(stacked.string_to_action("coin heads"))
    with pytest.raises(IllegalActionError, match="cannot be dealt now"):
        stacked.apply_action(c("H2"))
