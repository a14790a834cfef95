"""The golden playthroughs still play as written, and the check of them catches what it must."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import deckhand
from deckhand.core.registry import game_class
from deckhand.play.records import GameRecord, replay
from tests.golden_files import COMMAND, TESTS, GoldenDifference, check, golden_paths, goldens

BUMP = "behaviour changed without a rules version bump"


def test_every_game_and_preset_has_its_golden_file() -> None:
    wanted = goldens()
    assert {golden.game for golden in wanted} == set(deckhand.games())
    on_disk = set(golden_paths())
    missing = [str(golden.path.relative_to(TESTS.parent)) for golden in wanted if golden.path not in on_disk]
    assert not missing, f"golden files missing: {missing}; write them with {COMMAND} GAME"
    stale = sorted(on_disk - {golden.path for golden in wanted})
    assert not stale, f"golden files no game option set wants: {stale}; {COMMAND} GAME removes them"
    for golden in wanted:
        recorded = json.loads(golden.path.read_text(encoding="utf-8"))
        options = deckhand.load_game(golden.game, **golden.options).options
        assert (recorded["options"], recorded["meta"]["seed"]) == (options, golden.seed), (
            f"{golden.path.name} of {golden.game} is for other options or another seed: {COMMAND} {golden.game}"
        )


@pytest.mark.parametrize("path", golden_paths(), ids=lambda path: f"{path.parent.parent.name}/{path.stem}")
def test_golden_playthrough_plays_as_recorded(path: Path) -> None:
    check(path)


@pytest.mark.parametrize("path", golden_paths(), ids=lambda path: f"{path.parent.parent.name}/{path.stem}")
def test_golden_file_is_a_game_record_that_replays(path: Path) -> None:
    """Golden files and saved games share the record format: ``deckhand replay`` reads them."""
    record = GameRecord.load(path)
    state = replay(record)
    assert state.is_terminal() and record.outcome == {"returns": state.returns(), "scores": state.scores()}


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of Cambio's classic golden file (40 steps, chance and moves) to tamper with."""
    target = tmp_path / "classic.json"
    shutil.copy(TESTS / "cambio" / "golden" / "classic.json", target)
    return target


def tamper(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_an_untouched_copy_passes(copy: Path) -> None:
    check(copy)


def test_a_changed_legal_move_is_named_with_its_step(copy: Path) -> None:
    tamper(copy, lambda data: data["steps"][11]["legal"].pop())
    with pytest.raises(GoldenDifference) as caught:
        check(copy)
    message = str(caught.value)
    assert message.startswith(f"cambio: {copy}: step 12 ")
    assert "step.legal: the replay lacks [] and adds [" in message
    assert BUMP in message and f"{COMMAND} cambio" in message


def test_a_changed_view_is_named_down_to_its_key(copy: Path) -> None:
    def hide_the_discard(data: dict[str, Any]) -> None:
        data["steps"][20]["public"]["discard"] = ["??"]

    tamper(copy, hide_the_discard)
    with pytest.raises(GoldenDifference, match=r"step 21 \(to move: \d\): step\.public\.discard: the file has"):
        check(copy)


def test_a_changed_seat_view_is_caught(copy: Path) -> None:
    def forget(data: dict[str, Any]) -> None:
        step = next(step for step in data["steps"] if "seat" in step)
        step["seat"]["known"] = []

    tamper(copy, forget)
    with pytest.raises(GoldenDifference, match=r"step\.seat\.known"):
        check(copy)


def test_a_game_that_ends_elsewhere_is_caught(copy: Path) -> None:
    tamper(copy, lambda data: data["steps"].pop())
    with pytest.raises(GoldenDifference, match="the file's game ends after 39 steps"):
        check(copy)


def test_a_changed_outcome_is_caught(copy: Path) -> None:
    tamper(copy, lambda data: data["outcome"]["scores"].reverse())
    with pytest.raises(GoldenDifference, match=r"outcome\.scores"):
        check(copy)


def test_changed_rules_under_the_same_version_ask_for_a_bump(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule changed in the code (here: the legal moves come in another order), its version left alone."""
    state_class = type(deckhand.load_game("three_trios").new_initial_state())
    legal_actions = state_class.legal_actions
    monkeypatch.setattr(state_class, "legal_actions", lambda self: legal_actions(self)[::-1])
    reordered = r"step 1 \(to move: 0\): step\.legal: the same moves in another order: "
    with pytest.raises(GoldenDifference, match=rf"{reordered}.*\n{BUMP} \(bump "):
        check(TESTS / "three_trios" / "golden" / "file-order.json")  # dealt from the file: step 1 is a move


def test_a_new_rules_version_asks_to_regenerate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_class("cambio"), "rules_version", "999")
    with pytest.raises(GoldenDifference) as caught:
        check(TESTS / "cambio" / "golden" / "classic.json")
    message = str(caught.value)
    assert "recorded with rules version 1, and cambio now plays version 999" in message
    assert f"regenerate the golden files for the new version ({COMMAND} cambio)" in message
    assert BUMP not in message


def test_a_file_written_otherwise_asks_to_regenerate(copy: Path) -> None:
    tamper(copy, lambda data: data.update(seats=["hard", "hard"]))
    with pytest.raises(GoldenDifference, match=r"its seats are not what golden_files.py writes today: regenerate"):
        check(copy)


def test_options_that_no_longer_load_ask_for_a_bump(copy: Path) -> None:
    tamper(copy, lambda data: data["options"].update(cards=99))
    with pytest.raises(GoldenDifference, match=rf"its options no longer load: .*cards.*\n{BUMP}"):
        check(copy)
