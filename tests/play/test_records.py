"""Match runner, game records and replays."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import deckhand
from deckhand.agents import Agent, Explanation, RandomAgent
from deckhand.core.protocol import View
from deckhand.play import GameRecord, play_game, replay


@pytest.fixture
def game() -> deckhand.Game:
    return deckhand.load_game("three_trios", shuffle=True)


def finished(game: deckhand.Game, seed: int = 1) -> deckhand.State:
    return play_game(game, [RandomAgent(), RandomAgent()], random.Random(seed))


def test_a_saved_record_replays_to_the_same_state(game: deckhand.Game, tmp_path: Path) -> None:
    final = finished(game)
    record = GameRecord.from_state(final, seats=["random", "random"], meta={"seed": 1})
    record.save(tmp_path / "game.json")
    loaded = GameRecord.load(tmp_path / "game.json")
    assert loaded == record
    assert replay(loaded).to_json() == final.to_json()
    assert loaded.outcome == {"returns": final.returns(), "scores": final.scores()}


def test_replay_stops_where_asked(game: deckhand.Game) -> None:
    final = finished(game)
    record = GameRecord.from_state(final, seats=["a", "b"])
    assert replay(record, upto=3).history() == final.history()[:3]


def test_a_tampered_action_is_named(game: deckhand.Game) -> None:
    record = GameRecord.from_state(finished(game), seats=["a", "b"])
    record.actions[-1] = "nonsense!"
    with pytest.raises(deckhand.ConfigError, match=f"record action {len(record.actions)}"):
        replay(record)


def test_a_record_of_other_rules_is_refused(game: deckhand.Game) -> None:
    record = GameRecord.from_state(finished(game), seats=["a", "b"])
    record.rules_version = "0"
    with pytest.raises(deckhand.ConfigError, match="rules version '0'"):
        replay(record)


def test_an_outcome_that_does_not_replay_is_refused(game: deckhand.Game) -> None:
    final = finished(game)
    record = GameRecord.from_state(final, seats=["a", "b"])
    assert record.outcome is not None
    record.outcome["returns"] = [r + 0.25 for r in final.returns()]
    with pytest.raises(deckhand.ConfigError, match="outcome does not match"):
        replay(record)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "line 1: not valid JSON"),
        ("[]", "a game record is a JSON object"),
        ('{"game": "three_trios"}', "field 'rules_version' is missing"),
        ('{"game": "x", "rules_version": "1", "options": {}, "seats": [], "actions": [1]}', "must be a string"),
        ('{"format": "hunter2"}', r"not a game record \(its 'format' is not deckhand-record/1\)$"),
        ('{"game": "hunter2", "rules_version": "1", "options": {}, "seats": [], "actions": []}', "names no game"),
        ('{"game": "casino", "rules_version": NaN}', "NaN is not a number"),
        ('{"game": "casino", "outcome": {"returns": [Infinity]}}', "Infinity is not a number"),
        ('{"game": "casino", "outcome": {"returns": [-1e999]}}', "a number too large"),
        ('{"game": "casino", "rules_version": ' + "9" * 5000 + "}", "a number too long"),
        ("[" * 100_000, "nested too deeply"),
    ],
)
def test_broken_record_files_get_one_clear_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(deckhand.ConfigError, match=message) as info:
        GameRecord.load(path)
    assert "hunter2" not in str(info.value)


def test_a_record_of_other_rules_is_refused_before_its_options_are_read(game: deckhand.Game) -> None:
    record = GameRecord.from_state(finished(game), seats=["a", "b"])
    record.rules_version, record.options = "0", {"deck": "/dev/zero", "hunter2": "x"}
    with pytest.raises(deckhand.ConfigError, match="rules version '0'"):
        replay(record)


def test_the_runner_needs_one_agent_per_seat(game: deckhand.Game) -> None:
    with pytest.raises(deckhand.ConfigError, match="needs 2 agents"):
        play_game(game, [RandomAgent()], random.Random(0))


class Cheater(Agent):
    name = "cheater"

    def explain(self, view: View, rng: random.Random) -> Explanation:
        return Explanation(action=("not", "legal"), notation="?", reason="")


def test_an_agent_cannot_play_an_illegal_action(game: deckhand.Game) -> None:
    with pytest.raises(deckhand.IllegalActionError, match="cheater"):
        play_game(game, [Cheater(), Cheater()], random.Random(0))


class Recorder(RandomAgent):
    """Records what it is given: agents get views, never states."""

    def __init__(self) -> None:
        super().__init__()
        self.given: list[object] = []

    def step(self, view: View, rng: random.Random) -> object:
        self.given.append(view)
        return super().step(view, rng)


def test_agents_get_views_only(game: deckhand.Game) -> None:
    agents = [Recorder(), Recorder()]
    play_game(game, agents, random.Random(4))
    assert all(isinstance(v, View) for a in agents for v in a.given)
    assert all(v.player == seat for seat, a in enumerate(agents) for v in a.given)


def test_the_deal_does_not_depend_on_the_agents(game: deckhand.Game) -> None:
    """Agents draw from their own rngs, so a seed deals the same cards to any line-up."""

    def deal(seed: int, agents: list[Agent]) -> list[object]:
        dealt: list[object] = []
        play_game(game, agents, random.Random(seed), on_action=lambda s, p, a: dealt.append(a) if p < 0 else None)
        return dealt

    assert deal(9, [RandomAgent(), RandomAgent()]) == deal(9, [Recorder(), RandomAgent()])


def test_records_are_plain_json(game: deckhand.Game) -> None:
    data = json.loads(GameRecord.from_state(finished(game), seats=["a", "b"]).dumps())
    assert set(data) >= {"game", "rules_version", "options", "seats", "actions", "outcome"}
    assert all(isinstance(a, str) for a in data["actions"])
