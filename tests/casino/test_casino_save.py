"""The course's save format: writing it exactly, reading it tolerantly, files as other programs write them."""

from __future__ import annotations

import json
import random
import warnings
from pathlib import Path

import pytest

import deckhand
from deckhand.core.errors import ConfigError
from deckhand.games.casino import ShortDeckWarning
from deckhand.testing import conformance

FIXTURES = Path(__file__).parent / "fixtures"
FIELD = FIXTURES / "field"
SEED_EXAMPLE = """Round: 3

Computer:
   Score: 17
   Hand: H5 H6 D4 D7
   Pile: SX SQ SK D6 H8

Human:
   Score: 14
   Hand: SA S4 CA C9
   Pile: DJ DA C3 C5

Table: [[C6 S3] [S9]] C8 CJ HA

Build Owner: [[C6 S3] [S9]] Human

Last Capturer: Human

Deck: S7 D3 D5 H2 H3 S5 D8 C2 H9 CX CQ CK HJ S2 S6 D9 DX DQ DK D2 HX HQ HK C4 C7 S8 SJ H4 H7

Next Player: Human
"""


@pytest.fixture
def game() -> deckhand.Game:
    return deckhand.load_game("casino")


def test_the_seed_example_reads_and_writes_back_exactly(game: deckhand.Game) -> None:
    state = game.state_from_save(SEED_EXAMPLE)
    assert state.to_save() == SEED_EXAMPLE
    assert state.round == 3 and state.tally == [14, 17]
    assert state.current_player() == 0
    assert "capture C9 {C8 HA} [[C6 S3] [S9]]" in [state.action_to_string(a) for a in state.legal_actions()]


def test_crlf_tabs_and_spaces_inside_brackets(game: deckhand.Game) -> None:
    messy = SEED_EXAMPLE.replace("   ", "\t").replace("[[C6 S3] [S9]]", "[ [ C6 S3 ] [ S9 ] ]").replace("\n", "\r\n")
    assert game.state_from_save(messy).to_save() == SEED_EXAMPLE


def test_several_builds_on_one_owner_line_and_no_last_capturer(game: deckhand.Game) -> None:
    text = (FIXTURES / "round3.txt").read_text()
    text = text.replace("Last Capturer: Human\n", "")
    text = text.replace("Table: [ [H5 D3] [S8] ] CQ DA S2", "Table: [ [H5 D3] [S8] ] [CQ] DA S2")
    text = text.replace("Build Owner: [ [H5 D3] [S8] ] Computer", "Build Owner: [ [H5 D3] [S8] ]Computer [ CQ ] Human")
    state = game.state_from_save(text)
    assert [(v, owner) for v, owner, _ in state.builds] == [(8, 1), (12, 0)]
    assert state.last_capturer == -1
    again = game.state_from_save(state.to_save())
    assert again.to_save() == state.to_save()


def test_fixture_round_trip_and_json(game: deckhand.Game) -> None:
    state = game.load_save(FIXTURES / "round3.txt")
    assert state.current_player() == 1
    data = json.loads(json.dumps(state.to_json()))
    assert game.state_from_json(data).to_json() == state.to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("Hand: S5 CX DJ H4", "Hand: S5 CX DJ H4 D2"), r"line 10: D2 appears twice \(also on line 5\)"),
        (("Hand: S5 CX DJ H4", "Hand: S5 CX DJ ZZ"), r"line 10: 'ZZ' is not a card code"),
        (("Score: 16", "Score: sixteen"), "line 9: the score must be a whole number"),
        (("Build Owner: [ [H5 D3] [S8] ] Computer", "Build Owner:"), "line 13: build .* has no owner"),
        (("Next Player: Computer", "Next Player: Dealer"), "line 21: expected Human or Computer"),
        (("Next Player: Computer", ""), "no 'Next Player:' line"),
        (("Table: [ [H5 D3] [S8] ]", "Table: [ [H5 D3] [S8] "), "line 13: a multiple build must close"),
        (("Round: 3", "Rounds 3"), "line 1: cannot read"),
    ],
)
def test_unreadable_files_name_the_line(game: deckhand.Game, change: tuple[str, str], message: str) -> None:
    text = (FIXTURES / "round3.txt").read_text()
    assert change[0] in text
    with pytest.raises(ConfigError, match=message):
        game.state_from_save(text.replace(change[0], change[1]))


def test_a_short_file_warns_and_sets_the_missing_cards_aside(game: deckhand.Game) -> None:
    text = (FIXTURES / "round3.txt").read_text().replace("Pile: SK HK D8", "Pile: SK HK")
    with pytest.warns(ShortDeckWarning, match="51 cards.*D8"):
        state = game.state_from_save(text)
    assert state.notes and "D8" in state.notes[0]
    assert sorted(state.cards()) == sorted(game.all_cards())


def test_deck_file_stacks_the_first_round() -> None:
    game = deckhand.load_game("casino", deck=str(FIXTURES / "deck.txt"))
    first = (FIXTURES / "deck.txt").read_text().split()
    state = game.new_initial_state()
    rng = random.Random(3)
    while len(state.history()) < 14:
        state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node() else state.legal_actions()[0])
    assert [state.action_to_string(a) for a in state.history()[2:14]] == first[:12]


def _play_out(game: deckhand.Game, state: deckhand.State, seed: int) -> None:
    """Random play from a loaded position, checking JSON round trips and card conservation on the way."""
    rng = random.Random(seed)
    all_cards = sorted(game.all_cards())
    start = state.clone()
    steps = 0
    while not state.is_terminal():
        if steps % 9 == 0:
            data = json.loads(json.dumps(state.to_json()))
            assert game.state_from_json(data).to_json() == state.to_json()
            assert sorted(state.cards()) == all_cards
            for seat in (0, 1):
                view = state.view(seat)
                assert view.sample_world(rng).view(seat) == view
        action = state.sample_chance_outcome(rng) if state.is_chance_node() else state.rollout_action(rng)
        state.apply_action(action)
        steps += 1
        assert steps <= game.max_game_length()
    record = deckhand.play.records.GameRecord.from_state(state, ["a", "b"], start=start)
    assert conformance._snapshot(deckhand.play.records.replay(record)) == conformance._snapshot(state)


SHORT = {"short_51.txt": "51 cards", "short_45.txt": "45 cards"}
"""Saves short of cards, as some programs write them: they load with a warning, the missing cards set aside."""


@pytest.mark.parametrize("name", sorted(p.name for p in FIELD.glob("*.txt") if not p.name.startswith("deck")))
def test_saves_from_the_field(game: deckhand.Game, name: str) -> None:
    """Files written the way other programs write them (docs/sources.md, *Files from other programs*)."""
    path = FIELD / name
    if name == "card_twice.txt":
        with pytest.raises(ConfigError, match=r"card_twice.txt, line 17: HA appears twice \(also on line 10\)"):
            game.load_save(path)
        return
    said = loads_and_plays(game, path, seed=len(name))
    assert bool(said) == (name in SHORT) and all(SHORT[name] in line for line in said)


def loads_and_plays(game: deckhand.Game, path: Path, seed: int) -> list[str]:
    """Load a save, check it has moves and writes back to itself, play it out; its short-deck warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state = game.load_save(path)
    assert state.legal_actions()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ShortDeckWarning)
        assert game.state_from_save(state.to_save()).to_save() == state.to_save()
    _play_out(game, state, seed=seed)
    return [str(w.message) for w in caught if issubclass(w.category, ShortDeckWarning)]


def test_saves_from_the_field_say_what_they_say(game: deckhand.Game) -> None:
    two = game.load_save(FIELD / "two_owners.txt")  # spaces in brackets, both owners on one line, no last capturer
    assert [two.action_to_string(a) for a in two.legal_actions()] == [
        "capture S9 [[D6 H3] [C5 D4]]",
        "build H7 {H2} = 9",
    ]
    assert "Build Owner: [[D6 H3] [C5 D4]] Human\n\nBuild Owner: [S7 C3] Computer\n" in two.to_save()  # one a line
    tabs = game.load_save(FIELD / "crlf_tabs.txt")
    assert tabs.to_save() == (FIELD / "crlf_tabs.txt").read_bytes().decode().replace("\r\n", "\n").replace(
        "\t", "   "
    ).replace(": \n", ":\n")
    with pytest.warns(ShortDeckWarning, match="missing CJ"):
        short = game.load_save(FIELD / "short_51.txt")
    assert short.aside == [deckhand.Card.parse("CJ").index]


def test_deck_files_from_the_field() -> None:
    """One card a line with CRLF and trailing spaces, or all on a ``Deck:`` line with blank lines after."""
    lines = deckhand.load_game("casino", deck=str(FIELD / "deck_lines.txt")).stack
    line = deckhand.load_game("casino", deck=str(FIELD / "deck_line.txt")).stack
    assert len(lines) == 52 and list(lines[:2]) == [deckhand.Card.parse(c).index for c in ("C6", "H3")]
    assert list(line) == list(reversed(lines))


def test_an_owner_that_holds_no_card_of_its_build_still_plays(game: deckhand.Game) -> None:
    # Files from the field hold this: the computer owns the build of 8 but its 8 went into the deck.
    text = (FIXTURES / "round3.txt").read_text()
    text = text.replace("Hand: D2 C8 HQ H9", "Hand: D2 D9 HQ H9").replace("Deck: D9 C5", "Deck: C8 C5")
    state = game.state_from_save(text)
    moves = [state.action_to_string(a) for a in state.legal_actions()]
    assert moves and all(not m.startswith("capture C8") for m in moves)
    _play_out(game, state, seed=3)
