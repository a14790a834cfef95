"""Ratings in the store: a rated game moves its accounts; a person gone at the end loses, whatever the board said."""

from __future__ import annotations

import random

from sqlalchemy.orm import Session

from deckhand.agents import RandomAgent
from deckhand.core.registry import load_game
from deckhand.play import play_game
from deckhand.play.records import GameRecord
from deckhand.store.accounts import create_account
from deckhand.store.db import Played, add_games, get_engine
from deckhand.store.ratings import abandoned, profile, rate_game


def a_game_won_by(seat: int) -> GameRecord:
    """A finished Three Trios game that ``seat`` won."""
    game = load_game("three_trios")
    for seed in range(200):
        state = play_game(game, [RandomAgent(), RandomAgent()], random.Random(seed))
        if state.returns()[seat] == 1.0:
            return GameRecord.from_state(state, ["human", "human"])
    raise AssertionError("no game won by that seat")


def last_move_of(record: GameRecord, seat: int) -> int:
    game = load_game(record.game, **record.options)
    state, last = game.new_initial_state(), -1
    for index, text in enumerate(record.actions):
        if not state.is_chance_node() and state.current_player() == seat:
            last = index
        state.apply_action(state.string_to_action(text))
    return last


def stored(record: GameRecord, accounts: list[int]) -> None:
    with Session(get_engine()) as session, session.begin():
        (game_id,) = add_games(session, [Played(record, ["Ada", "Bea"], accounts, rated=True)])
        rate_game(session, game_id, record, accounts)


def test_a_seat_whose_last_move_the_stand_in_made_was_abandoned_and_loses() -> None:
    record = a_game_won_by(1)
    game = load_game("three_trios")
    early = {"action": last_move_of(record, 1) - 2, "seat": 1, "by": "medium"}  # a move before her last
    record.meta["stand_ins"] = [early]
    assert abandoned(record, game) == set(), "the person came back: the game is theirs"
    record.meta["stand_ins"] = [early, {"action": last_move_of(record, 1), "seat": 1, "by": "medium"}]
    assert abandoned(record, game) == {1}
    ada = create_account("Ada", "ada", "$argon2id$x").id
    bea = create_account("Bea", "bea", "$argon2id$x").id
    stored(record, [ada, bea])
    ratings = {name: profile(name)["ratings"]["three_trios/classic"] for name in ("ada", "bea")}  # type: ignore[index]
    assert (ratings["ada"]["wins"], ratings["bea"]["losses"]) == (1, 1), "Bea won on the board but was gone"
    assert ratings["ada"]["rating"] > 1500 > ratings["bea"]["rating"]


def test_a_game_played_to_the_end_is_rated_as_it_ended() -> None:
    record = a_game_won_by(1)
    ada = create_account("Ada", "ada", "$argon2id$x").id
    bea = create_account("Bea", "bea", "$argon2id$x").id
    stored(record, [ada, bea])
    ratings = {name: profile(name)["ratings"]["three_trios/classic"] for name in ("ada", "bea")}  # type: ignore[index]
    assert ratings["bea"]["rating"] > 1500 > ratings["ada"]["rating"]
