"""The advisor's input: the README's card short forms and one-letter commands, and the notation's long forms."""

from __future__ import annotations

import pytest

from deckhand.advise.commands import CardSpec, Meta, Move, parse_card, parse_command, short_form
from deckhand.core.errors import NotationError


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("a", ("SA", "HA", "DA", "CA")),
        ("2", ("S2", "H2", "D2", "C2")),
        ("10", ("SX", "HX", "DX", "CX")),
        ("j", ("SJ", "HJ", "DJ", "CJ")),
        ("Q", ("SQ", "HQ", "DQ", "CQ")),
        ("bk", ("SK", "CK")),
        ("rk", ("HK", "DK")),
        ("0", ("JK",)),
        ("h7", ("H7",)),
        ("DX", ("DX",)),
        ("jk", ("JK",)),
    ],
)
def test_card_short_forms_stand_for_every_card_of_their_rank(text: str, codes: tuple[str, ...]) -> None:
    assert parse_card(text).codes == codes


def test_a_bare_king_must_say_its_colour() -> None:
    with pytest.raises(NotationError, match="bk"):
        parse_card("k")


@pytest.mark.parametrize("text", ["11", "z", "", "b"])
def test_not_a_card(text: str) -> None:
    with pytest.raises(NotationError, match="not a card"):
        parse_card(text)


@pytest.mark.parametrize(
    ("code", "short"), [("SA", "a"), ("HX", "10"), ("CK", "bk"), ("DK", "rk"), ("JK", "0"), ("SQ", "q"), ("??", "??")]
)
def test_short_form_is_how_the_advisor_writes_cards(code: str, short: str) -> None:
    assert short_form(code) == short
    if short != "??":
        assert code in parse_card(short).codes


SEVEN = parse_card("7")


@pytest.mark.parametrize(
    ("line", "move"),
    [
        ("+", Move("draw", close=True)),
        ("+7", Move("draw", card=SEVEN, close=True)),
        ("+ 7", Move("draw", card=SEVEN, close=True)),
        ("-", Move("discard")),
        ("- 7", Move("discard", card=SEVEN)),
        ("x2", Move("swap", slot=2)),
        ("x2 7", Move("swap", slot=2, card=SEVEN)),
        ("p1.3", Move("peek", pos=(1, 3))),
        ("p1 3", Move("peek", pos=(1, 3))),
        ("p0.1 7", Move("peek", pos=(0, 1), card=SEVEN)),
        ("w1.2 0.3", Move("switch", pos=(1, 2), pos2=(0, 3))),
        ("w1 2 0 3", Move("switch", pos=(1, 2), pos2=(0, 3))),
        ("n", Move("skip")),
        ("c", Move("cambio", close=True)),
        ("t", Move("take")),
        ("s2 1.3 7", Move("stick", seat=2, pos=(1, 3), card=SEVEN)),
        ("g1", Move("give", slot=1)),
        ("k", Move("keep")),
        (".", Move("pass")),
    ],
)
def test_seed_one_character_commands(line: str, move: Move) -> None:
    assert parse_command(line) == move


@pytest.mark.parametrize(
    ("line", "move"),
    [
        ("draw", Move("draw")),
        ("draw h7", Move("draw", card=CardSpec("H7", ("H7",)))),
        ("discard 7", Move("discard", card=SEVEN)),
        ("swap 3 7", Move("swap", slot=3, card=SEVEN)),
        ("peek 1.2", Move("peek", pos=(1, 2))),
        ("switch 1.2 2.0", Move("switch", pos=(1, 2), pos2=(2, 0))),
        ("skip", Move("skip")),
        ("cambio", Move("cambio")),
        ("take", Move("take")),
        ("stick 1.2 7", Move("stick", pos=(1, 2), card=SEVEN)),
        ("pass", Move("pass")),
        ("give 2", Move("give", slot=2)),
        ("keep", Move("keep")),
        ("  SWAP   3  ", Move("swap", slot=3)),
    ],
)
def test_rules_long_forms(line: str, move: Move) -> None:
    assert parse_command(line) == move


@pytest.mark.parametrize(
    ("line", "meta"),
    [
        ("?", Meta("advise")),
        ("advise 5000", Meta("advise", "5000")),
        ("undo", Meta("undo")),
        ("show", Meta("show")),
        ("history", Meta("history")),
        ("save table.json", Meta("save", "table.json")),
        ("load table.json", Meta("load", "table.json")),
        ("help", Meta("help")),
        ("quit", Meta("quit")),
        ("exit", Meta("quit")),
    ],
)
def test_session_commands(line: str, meta: Meta) -> None:
    assert parse_command(line) == meta


@pytest.mark.parametrize("line", ["", "   ", "# a note"])
def test_blank_lines_and_comments_do_nothing(line: str) -> None:
    assert parse_command(line) is None


def test_a_comment_after_a_command_is_ignored() -> None:
    assert parse_command("x2 7  # the seven came out") == Move("swap", slot=2, card=SEVEN)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("z", "unknown command"),
        ("clear", "unknown command"),
        ("next", "unknown command"),
        ("keep going", "unexpected 'going'"),
        ("x", "swap needs a slot number"),
        ("xa", "'a' is not a slot"),
        ("p1", "a position is seat.slot"),
        ("w1.2", "switch needs a position"),
        ("s1", "stick needs a position"),
        ("- 7 8", "unexpected '8'"),
        ("+ 11", "not a card"),
        ("peek 1.x", "'x' is not a slot"),
    ],
)
def test_malformed_commands_say_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_command(line)
