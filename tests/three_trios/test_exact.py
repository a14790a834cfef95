"""The exact search's fast battles and results agree with the game's own rules and a plain minimax."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.games.three_trios.exact import LOSS, ExactSearch, OutOfBudget
from deckhand.games.three_trios.game import ThreeTriosGame
from deckhand.games.three_trios.state import ThreeTriosState, place

RULES = [
    [comparison, *ace, *special]
    for comparison, ace, special in itertools.product(
        ("greater", "reverse"), ([], ["fallen-ace"]), ([], ["same"], ["plus"])
    )
]
"""Every rule combination the game accepts."""


def small_values_game(tmp_path: Path, rules: list[str], board: str = "classic", top: int = 3) -> ThreeTriosGame:
    """Cards with values 1..top (and some aces), so that same, plus, duplicates and combos come up often."""
    rng = random.Random(f"{rules}{board}{top}")
    values = [*range(1, top + 1), 10]
    lines = [f"C{i} " + " ".join(str(rng.choice(values)) for _ in range(4)) for i in range(24)]
    (tmp_path / "cards.txt").write_text("\n".join(lines))
    game = deckhand.load_game("three_trios", board=board, cards=str(tmp_path / "cards.txt"), rules=rules, shuffle=True)
    assert isinstance(game, ThreeTriosGame)
    return game


def position(game: ThreeTriosGame, rng: random.Random, empty: int) -> ThreeTriosState:
    """A random deal played at random until ``empty`` card cells are left."""
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.empty_cells()) > empty:
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    return state


def reference(state: ThreeTriosState, memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int]) -> int:
    """WIN, DRAW or LOSS for the mover by plain minimax over the game's own states and rules."""
    key = (tuple(state.board()), tuple(state.owners()))
    if key not in memo:
        me = state.current_player()
        best = LOSS - 1
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            if child.is_terminal():
                scores = child.scores()
                value = (scores[me] > scores[1 - me]) - (scores[me] < scores[1 - me])
            else:
                value = -reference(child, memo)
            best = max(best, value)
        memo[key] = best
    return memo[key]


@pytest.mark.parametrize("rules", RULES, ids=["+".join(r) for r in RULES])
def test_fast_battles_match_the_game(tmp_path: Path, rules: list[str]) -> None:
    rng = random.Random(1)
    for board in ("classic", "holes"):
        game = small_values_game(tmp_path, rules, board)
        for _ in range(30):
            state = position(game, rng, rng.randrange(1, len(game.card_cells) + 1))
            search = ExactSearch(state, 1)
            me = state.current_player()
            for index, card in enumerate(search.cards[: len(state.hand(0)) + len(state.hand(1))]):
                seat = 0 if index < len(state.hand(0)) else 1
                for cell in state.empty_cells():
                    red = search.place(index, cell, seat, search.red)
                    search.board[cell] = len(search.cards)
                    owner = state.owners()
                    place(game, state.board(), owner, cell, card, seat)
                    assert red == sum(1 << x for x, o in enumerate(owner) if o == 0), (rules, state, card, cell)
            assert state.current_player() == me


@pytest.mark.parametrize("rules", RULES, ids=["+".join(r) for r in RULES])
def test_results_match_plain_minimax(tmp_path: Path, rules: list[str]) -> None:
    rng = random.Random(2)
    games = [small_values_game(tmp_path, rules), deckhand.load_game("three_trios", rules=rules, shuffle=True)]
    for game in games:
        assert isinstance(game, ThreeTriosGame)
        for empty in (1, 2, 3, 4, 5):
            for _ in range(4):
                state = position(game, rng, empty)
                memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
                expected = reference(state, memo)
                (card, cell), value = ExactSearch(state, 10**6).solve()
                assert value == expected, (rules, state)
                child = state.clone()
                child.apply_action(card * game.ncells + cell)
                if child.is_terminal():
                    scores = child.scores()
                    me = state.current_player()
                    got = (scores[me] > scores[1 - me]) - (scores[me] < scores[1 - me])
                else:
                    got = -reference(child, memo)
                assert got == value, (rules, state, card, cell)


@pytest.mark.parametrize("rules", [["greater"], ["reverse", "same"], ["greater", "fallen-ace", "plus"]])
def test_endgames_with_big_combos_match_plain_minimax(tmp_path: Path, rules: list[str]) -> None:
    """Cards of ones and aces: combos often sweep the board, which is where the bounds are tight."""
    rng = random.Random(5)
    game = small_values_game(tmp_path, rules, top=1)
    for _ in range(150):
        state = position(game, rng, rng.choice((1, 2, 2, 3)))
        assert ExactSearch(state, 10**6).value() == reference(state, {}), (rules, state)


def test_holes_board_endgames_match_plain_minimax() -> None:
    rng = random.Random(3)
    game = deckhand.load_game("three_trios", board="holes", shuffle=True)
    assert isinstance(game, ThreeTriosGame)
    for _ in range(6):
        state = position(game, rng, 5)
        assert ExactSearch(state, 10**6).value() == reference(state, {})


@pytest.mark.parametrize(
    ("seed", "notation", "result"),
    [(3, "Griffin 2,0", "draw"), (5, "Griffin 0,1", "win"), (11, "Golem 0,0", "win")],
)
def test_whole_3x3_openings(seed: int, notation: str, result: str) -> None:
    """Whole games solved from the first move give what the general alpha-beta gave before."""
    game = deckhand.load_game("three_trios", shuffle=True)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    explanation = make_agent("solver", game).explain(state.view(0), rng)
    assert (explanation.notation, explanation.data["result"]) == (notation, result)


def test_budget_runs_out_cleanly() -> None:
    game = deckhand.load_game("three_trios", shuffle=True)
    state = position(game, random.Random(4), 9)
    search = ExactSearch(state, 50)
    board = search.board[:]
    with pytest.raises(OutOfBudget):
        search.solve()
    assert search.board == board
    explanation = make_agent("solver:exact_nodes=50,nodes=2000", game).explain(state.view(0), random.Random(0))
    assert explanation.action in state.legal_actions() and explanation.data["exact"] is False
