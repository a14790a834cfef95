"""The rating model of rated games: its scale means what chess players expect, and sides move as one."""

from __future__ import annotations

import math

import pytest

from deckhand.core.registry import load_game
from deckhand.play.rated import MODEL, PER_MU, Rating, from_shown, outcome, pool, rate, shown


def test_four_hundred_points_are_ten_to_one_odds_in_the_models_own_updates() -> None:
    """Plackett-Luce moves a winner by (1 - its chance of winning): a 400-point favourite gains a tenth of an upset."""
    game = load_game("casino")
    strong, weak = (Rating(from_shown(points).mu, 1e-3) for points in (1900, 1500))
    favourite_won = rate(game, [1.0, 0.0], [strong, weak])[0].mu - strong.mu
    upset = rate(game, [0.0, 1.0], [strong, weak])[1].mu - weak.mu
    assert favourite_won / upset == pytest.approx(1 / 10, rel=1e-3)
    assert shown(MODEL.mu) == 1500 and Rating().provisional
    assert Rating(sigma=100 / PER_MU).uncertainty == 100 and not Rating(sigma=100 / PER_MU).provisional


def test_the_winner_gains_what_the_loser_loses_and_a_level_stays_put() -> None:
    game = load_game("casino")
    winner, loser = rate(game, [1.0, 0.0], [Rating(), Rating()])
    assert winner.mu > MODEL.mu > loser.mu
    assert math.isclose(winner.mu - MODEL.mu, MODEL.mu - loser.mu, rel_tol=1e-9)
    assert winner.sigma < MODEL.sigma
    person, level = rate(game, [0.0, 1.0], [Rating(), from_shown(1500)])
    assert level == from_shown(1500) and person.mu < MODEL.mu


def test_a_draw_moves_equals_nowhere_and_a_tie_shares_a_rank() -> None:
    game = load_game("three_trios")
    first, second = rate(game, [0.5, 0.5], [Rating(), Rating()])
    assert first.mu == pytest.approx(MODEL.mu) and second.mu == pytest.approx(MODEL.mu)
    sides = game.teams()
    assert (outcome([0.5, 0.5], 0, sides), outcome([1.0, 0.0], 0, sides), outcome([1.0, 0.0], 1, sides)) == (
        "draw",
        "win",
        "loss",
    )


def test_partners_are_rated_as_one_side() -> None:
    game = load_game("basra", preset="partners")
    assert game.teams() == [[0, 2], [1, 3]] and pool(game) == "basra/partners"
    after = rate(game, [0.5, 0.0, 0.5, 0.0], [Rating()] * 4)
    assert after[0] == after[2] and after[1] == after[3] and after[0].mu > MODEL.mu > after[1].mu
    assert [outcome([0.5, 0.0, 0.5, 0.0], seat, game.teams()) for seat in range(4)] == ["win", "loss", "win", "loss"]
    alone = load_game("go_fish", players=4).teams()
    assert outcome([0.5, 0.0, 0.5, 0.0], 0, alone) == "draw", "a win two seats share is a draw unless they are partners"


def test_three_players_rank_by_their_returns() -> None:
    game = load_game("go_fish", players=3)
    after = rate(game, [1.0, 0.0, 0.0], [Rating()] * 3)
    assert after[0].mu > MODEL.mu > after[1].mu and after[1] == after[2]
    sides = game.teams()
    assert outcome([1.0, 0.0, 0.0], 1, sides) == "loss" and outcome([0.5, 0.5, 0.0], 0, sides) == "draw"


def test_every_measured_pool_is_a_real_game_and_preset_with_its_own_levels() -> None:
    from deckhand.core.registry import game_class
    from deckhand.play.rated import LEVELS

    for pool_name, levels in LEVELS.items():
        game_name, preset = pool_name.split("/")
        game = load_game(game_name, preset=preset)
        assert preset in game_class(game_name).PRESETS and pool(game) == pool_name
        assert set(levels) == set(game.LEVELS), f"{pool_name}: every level of the game, measured together"
        assert levels["medium"] == 1500, "anchored at medium, where a newcomer starts"
        assert game.options.get("shuffle") is not False, "a pool whose deal is known in advance is never rated"
