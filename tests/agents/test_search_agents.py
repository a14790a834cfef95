"""The search agents: legal, explained, reproducible, and blind to what their seat cannot see."""

from __future__ import annotations

import random
import re
from collections.abc import Hashable

import pytest

import deckhand
from deckhand.agents.base import Explanation
from deckhand.agents.registry import make_agent
from deckhand.agents.search import Budget, Edge, uct_pick
from deckhand.core.errors import ConfigError
from deckhand.core.protocol import State
from deckhand.play import play_game

HIDDEN = ["basra", "casino", "cambio"]


def first_decision(game: deckhand.Game, seed: int) -> State:
    """A seeded deal, up to the first decision."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    return state


def later_decision(game: deckhand.Game, seed: int, moves: int) -> State:
    """A seeded game after about ``moves`` random moves, at a decision with a choice."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        if made >= moves and len(state.legal_actions()) > 1:
            return state
        state.apply_action(state.rollout_action(rng))
        made += 1
    raise AssertionError("the game ended before a choice came up")


def decision(explanation: Explanation) -> tuple[str, str, list[dict[str, object]]]:
    """What a search decided and why, without the time it took."""
    return explanation.notation, explanation.reason, [c.to_json() for c in explanation.candidates]


@pytest.mark.parametrize(
    ("game_name", "spec"),
    [
        ("three_trios", "mcts:iterations=120"),
        ("three_trios", "ismcts:iterations=120"),
        ("basra", "ismcts:iterations=40"),
        ("basra", "openloop:iterations=40"),
        ("casino", "ismcts:iterations=30"),
        ("cambio", "ismcts:iterations=200"),
        ("cambio", "openloop:iterations=200"),
    ],
)
def test_explain_lists_every_candidate_with_visits_and_values(game_name: str, spec: str) -> None:
    game = deckhand.load_game(game_name)
    state = later_decision(game, 3, 2)
    view = state.view(state.current_player())
    agent = make_agent(spec, game)
    explanation = agent.explain(view, random.Random(1))
    legal = {view.action_to_string(a) for a in view.legal_actions()}
    assert explanation.action in view.legal_actions()
    assert {c.notation for c in explanation.candidates} == legal
    visited = [c for c in explanation.candidates if c.visits]
    iterations = explanation.data["iterations"]
    assert sum(c.visits or 0 for c in explanation.candidates) == iterations
    assert all(c.value is not None and 0.0 <= c.value <= 1.0 for c in visited)
    assert explanation.candidates[0].notation == explanation.notation
    assert explanation.candidates[0].visits == max(c.visits or 0 for c in explanation.candidates)
    assert explanation.data["search"] == spec.split(":")[0]
    # the reason is the game's words for the move; the figures stay in the candidates and data
    assert explanation.reason and explanation.public
    assert not re.search(r"\d+%|visits|iterations", explanation.reason + explanation.public)
    assert explanation.notation not in explanation.reason


@pytest.mark.parametrize("spec", ["ismcts:iterations=150", "openloop:iterations=150"])
@pytest.mark.parametrize("game_name", HIDDEN)
def test_a_seeded_search_is_reproducible(game_name: str, spec: str) -> None:
    game = deckhand.load_game(game_name)
    state = later_decision(game, 5, 3)
    view = state.view(state.current_player())
    one = make_agent(spec, game).explain(view, random.Random(9))
    two = make_agent(spec, game).explain(view, random.Random(9))
    assert decision(one) == decision(two)


@pytest.mark.parametrize("game_name", HIDDEN)
def test_ismcts_decides_from_the_view_alone(game_name: str) -> None:
    """Two worlds the searcher cannot tell apart (other hidden cards) get the same search."""
    game = deckhand.load_game(game_name)
    state = later_decision(game, 11, 4)
    seat = state.current_player()
    other = state.view(seat).sample_world(random.Random(4))
    assert other.view(seat) == state.view(seat)
    agent = make_agent("ismcts:iterations=120", game)
    one = agent.explain(state.view(seat), random.Random(2))
    two = agent.explain(other.view(seat), random.Random(2))
    assert decision(one) == decision(two)


def test_mcts_plays_perfect_information_games_only() -> None:
    with pytest.raises(ConfigError, match="perfect-information"):
        make_agent("mcts", deckhand.load_game("basra"))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=0", "iterations"),
        ("ismcts:seconds=-1", "seconds"),
        ("ismcts:rollout=greedy", "rollout"),
        ("openloop:c=-2", "exploration"),
        ("ismcts:depth=3", "unknown setting 'depth'"),
        ("ismcts:belief=psychic", "belief"),
        ("ismcts:opponents=mirror", "opponents"),
        ("ismcts:widen=-1", "widen"),
        ("ismcts:iterations=true", "iterations"),
        ("ismcts:seconds=inf", "seconds"),
        ("ismcts:seconds=nan", "seconds"),
        ("ismcts:c=nan", "exploration"),
        ("ismcts:widen=inf", "widen"),
        ("ismcts:trust=-1", "trust"),
        ("ismcts:trust=0.5", "trust"),
        ("openloop:trust=true", "trust"),
        ("openloop:opponents=mirror", "opponents"),
        ("ismcts:seconds=-" + "9" * 200, "seconds"),  # once an OverflowError: too large for a float
        ("ismcts:seconds=" + "9" * 16, "seconds"),
        ("ismcts:iterations=1_000", "iterations"),
        ("ismcts:c=1e999", "exploration"),
    ],
)
def test_bad_settings_are_refused_with_their_name(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_agent(spec, deckhand.load_game("basra"))


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:iterations=300,c=1.2,rollout=random",
        "ismcts:iterations=300,belief=uniform,widen=0.5,opponents=own",
        "ismcts:iterations=1000,opponents=policy",
        "openloop:iterations=20,belief=uniform",
        "ismcts:iterations=300,widen=0.1,opponents=policy,trust=300",
        "openloop:iterations=20,opponents=policy,trust=1000",
    ],
)
def test_spec_round_trips_the_settings(spec: str) -> None:
    game = deckhand.load_game("basra")
    agent = make_agent(spec, game)
    assert agent.spec() == spec
    assert make_agent(agent.spec(), game).spec() == agent.spec()


@pytest.mark.parametrize("below", ["widen=1", "trust=40"])
@pytest.mark.parametrize("opponents", ["tree", "own", "policy"])
def test_every_way_of_playing_the_opponents_searches_from_the_view_alone(opponents: str, below: str) -> None:
    """Whatever the opponents' model and the moves below the root, the same view gets the same decision."""
    game = deckhand.load_game("cambio")
    state = later_decision(game, 4, 6)
    me = state.current_player()
    twin = state.view(me).sample_world(random.Random(8))
    spec = f"ismcts:iterations=150,opponents={opponents},{below}"
    first = make_agent(spec, game).explain(state.view(me), random.Random(1))
    second = make_agent(spec, game).explain(twin.view(me), random.Random(1))
    assert decision(first) == decision(second)


def test_a_time_budget_stops_the_search() -> None:
    game = deckhand.load_game("cambio")
    state = first_decision(game, 1)
    explanation = make_agent("ismcts:seconds=0.05", game).explain(state.view(state.current_player()), random.Random(1))
    assert explanation.data["iterations"] >= 1
    assert explanation.data["seconds"] < 1.0


def test_budget_defaults_to_a_thousand_iterations() -> None:
    assert Budget(None, None).iterations == 1000
    assert Budget(None, 0.5).iterations is None


def test_uct_counts_availability_not_parent_visits() -> None:
    """An action legal only once is not explored for the 10 visits it could not have had."""
    edges: dict[Hashable, Edge] = {"often": [10, 5.0, 10], "once": [1, 0.5, 1]}
    picks = {uct_pick(edges, ["often", "once"], 0.7, random.Random(s)) for s in range(20)}
    assert picks == {"often"}
    # Were the bound computed from the parent's 11 visits, "once" would win it.
    edges["once"][2] = 11
    assert uct_pick(edges, ["often", "once"], 0.7, random.Random(0)) == "once"


def test_mcts_beats_random_at_three_trios() -> None:
    game = deckhand.load_game("three_trios", shuffle=True)
    mcts, rand = make_agent("mcts:iterations=300", game), make_agent("random", game)
    total = 0.0
    for seed in range(6):
        total += play_game(game, [mcts, rand], random.Random(seed)).returns()[0]
        total += play_game(game, [rand, mcts], random.Random(seed)).returns()[1]
    assert total / 12 >= 0.75


@pytest.mark.parametrize("rollout", ["policy", "random"])
def test_playouts_stop_where_the_game_offers_an_estimate(monkeypatch: pytest.MonkeyPatch, rollout: str) -> None:
    """A playout ends at the first chance node with an estimate, and the search backs that up."""
    from deckhand.agents.search import PLAYOUTS

    game = deckhand.load_game("casino")
    state = first_decision(game, 3)
    monkeypatch.setattr(type(state.game), "playout_estimate", lambda self, state: [0.25, 0.75])
    assert PLAYOUTS[rollout](state, random.Random(1)) == [0.25, 0.75]
    assert state.is_chance_node() and not state.is_terminal()
    explanation = make_agent(f"ismcts:iterations=60,rollout={rollout}", game).explain(
        first_decision(game, 3).view(0), random.Random(2)
    )
    assert {c.value for c in explanation.candidates if c.visits} == {0.25}
