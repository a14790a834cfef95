"""Worlds dealt from a Go Fish view are whole histories that agree with everything the viewer saw."""

from __future__ import annotations

import random

import pytest

import deckhand
from deckhand.core.turns import PUBLIC
from deckhand.games.go_fish import GoFishState, GoFishView
from deckhand.games.go_fish.belief import Worlds, masked_history, read_facts
from deckhand.games.go_fish.state import rank_of
from tests.go_fish.helpers import deal, play


def _positions(players: int, count: int, **options: object) -> list[GoFishState]:
    """Decisions along seeded games played by the playout policy (and a few random questions)."""
    game = deckhand.load_game("go_fish", players=players, **options)
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, GoFishState)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            if rng.random() < 0.25:
                out.append(state.clone())
            policy = rng.random() < 0.7
            state.apply_action(state.rollout_action(rng) if policy else rng.choice(state.legal_actions()))
    return out


def _public(state: GoFishState) -> tuple[object, ...]:
    return (
        [sorted(h) for h in state.hands],
        sorted(state.stock),
        state.books,
        state.seen,
        state.holds,
        state.lacks,
        state.player,
        state.phase,
        state.notes,
    )


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {}),
        (2, {"hand_size": 2}),
        *(pytest.param(n, o, marks=pytest.mark.slow) for n, o in [(4, {}), (6, {}), (3, {"hand_size": 10})]),
    ],
)
def test_every_world_is_a_history_that_replays_to_it(players: int, options: dict[str, object]) -> None:
    """Every ask answered, every draw shown or not, every book laid down as the table saw: the world's
    history, replayed by the rules from the first deal, gives the world, and the viewer's view of it."""
    game = deckhand.load_game("go_fish", players=players, **options)
    rng = random.Random(players)
    worlds = 0
    for state in _positions(players, 10 if players < 4 else 5, **options):
        for seat in [*range(players), PUBLIC]:
            view = state.view(seat)
            for sample in (view.sample_world, view.sample_likely_world):
                world = sample(rng)
                again = game.new_initial_state()
                for action in world.history():
                    again.apply_action(action)
                assert _public(again) == _public(world)
                assert world.view(seat) == view
                worlds += 1
    assert worlds > 100


@pytest.mark.parametrize("players", [2, 4])
def test_the_true_deal_keeps_every_fact(players: int) -> None:
    """The facts are sound: the game's own history, read as slots, keeps each of them."""
    for state in _positions(players, 10):
        for seat in [*range(players), PUBLIC]:
            facts = read_facts(state, seat, masked_history(state, seat))
            truth = [state.actions[index] for index in facts.slot_action]
            assert all(index >= 0 for index in facts.slot_action)
            order = {card: k for k, card in enumerate(facts.cards)}
            at = [order[card] for card in truth] + [order[card] for card in state.stock]
            worlds = Worlds(facts)
            assert sorted(at) == sorted(range(len(facts.cards)))
            assert all(worlds.fits(k, place) for place, k in enumerate(at))
            worlds.at = at
            assert not worlds._broken()


def test_a_seat_that_said_go_fish_holds_a_rank_again_only_by_drawing_it() -> None:
    """Seat 1 said "go fish" to sevens and has drawn one card unseen since: it holds a seven only if
    that card was one (three sevens among the 44 cards seat 0 cannot place: about 7%, not the 45%
    of eight cards dealt at random)."""
    state = deal(deck="S7 H2 D3 C4 S5 H6 D8  SJ HJ DJ S9 H9 D9 CQ  SK HK")
    play(state, "ask 1 7", "SK", "ask 0 9", "HK")
    view = state.view(0)
    assert isinstance(view, GoFishView)
    rng = random.Random(5)
    worlds = [view.sample_world(rng) for _ in range(2000)]
    share = sum(any(rank_of(c) == 6 for c in w.hands[1]) for w in worlds) / len(worlds)
    assert 0.03 < share < 0.13
    assert all(w.hands[1].count(state.actions[-1]) <= 1 for w in worlds)


def test_a_draw_after_go_fish_that_was_not_shown_is_not_the_rank_asked_for() -> None:
    state = deal(deck="S7 H2 D3 C4 S5 H6 D8  SJ HJ DJ S9 H9 D9 CQ  SK")
    play(state, "ask 1 7", "SK")  # seat 0 fished for sevens and drew a card it did not show
    view = state.view(1)
    rng = random.Random(2)
    for _ in range(300):
        world = view.sample_world(rng)
        assert rank_of(world.history()[-1]) != 6


def test_the_same_rng_deals_the_same_world() -> None:
    """Worlds walk from a start fixed by the facts: an agent's hint and its move see the same worlds."""
    state = _positions(2, 3)[-1]
    view = state.view(state.current_player())
    view.sample_world(random.Random(9))
    first = view.sample_world(random.Random(1))
    assert first.history() == state.view(state.current_player()).sample_world(random.Random(1)).history()
