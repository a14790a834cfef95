"""The seed's save format: writing it exactly, reading it tolerantly, real files from the field."""

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
REAL = Path(__file__).resolve().parents[3] / "shared" / "data" / "casino" / "ramapo-cases"
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


REAL_FILES = sorted(p.name for p in REAL.glob("*.txt") if "deck" not in p.name.lower()) if REAL.is_dir() else []


@pytest.mark.skipif(not REAL.is_dir(), reason="the shared data folder is not next to the repository")
@pytest.mark.parametrize("name", REAL_FILES)
def test_real_save_files(game: deckhand.Game, name: str) -> None:
    path = REAL / name
    if "new_case2" in name:  # lists HX twice
        with pytest.raises(ConfigError, match="HX appears twice"):
            game.load_save(path)
        return
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state = game.load_save(path)
    short = "case3" in name or "casinoCpp_test" in name
    assert bool([w for w in caught if issubclass(w.category, ShortDeckWarning)]) == short
    assert state.legal_actions()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ShortDeckWarning)
        assert game.state_from_save(state.to_save()).to_save() == state.to_save()
    _play_out(game, state, seed=len(name))


@pytest.mark.skipif(not REAL.is_dir(), reason="the shared data folder is not next to the repository")
def test_real_files_say_what_they_say(game: deckhand.Game) -> None:
    spec = game.load_save(REAL / "spec-example_round3.txt")
    assert spec.to_save() == SEED_EXAMPLE
    saved = game.load_save(REAL / "brandanquinn-cpp_save_game.txt")
    assert [saved.action_to_string(a) for a in saved.legal_actions()] == ["capture D9 [[H6 H3] [C5 D4]]"]
    with pytest.warns(ShortDeckWarning, match="51 cards"):
        case3 = game.load_save(REAL / "damico97-js_new_case3.txt")  # the computer owns a 7 but holds none
    assert case3.aside == [deckhand.Card.parse("CX").index]
    case3.apply_action(case3.string_to_action("capture HA DA"))
    # the owner of [C3 S4] holds no 7, so nothing binds it but the no-trail rule
    assert [case3.action_to_string(a) for a in case3.legal_actions()] == ["capture CJ {C6 D5}", "capture D8 S8 H8"]


@pytest.mark.skipif(not REAL.is_dir(), reason="the shared data folder is not next to the repository")
@pytest.mark.parametrize("name", sorted(p.name for p in REAL.glob("*deck*.txt")) if REAL.is_dir() else [])
def test_real_deck_files(name: str) -> None:
    game = deckhand.load_game("casino", deck=str(REAL / name))
    assert len(game.stack) == 52


def test_an_owner_that_holds_no_card_of_its_build_still_plays(game: deckhand.Game) -> None:
    # Files from the field hold this: the computer owns the build of 8 but its 8 went into the deck.
    text = (FIXTURES / "round3.txt").read_text()
    text = text.replace("Hand: D2 C8 HQ H9", "Hand: D2 D9 HQ H9").replace("Deck: D9 C5", "Deck: C8 C5")
    state = game.state_from_save(text)
    moves = [state.action_to_string(a) for a in state.legal_actions()]
    assert moves and all(not m.startswith("capture C8") for m in moves)
    _play_out(game, state, seed=3)
