"""Whole games at a simulated table: the tracker, fed only what seat 0 sees, knows what seat 0 knows.

A true game is played with a mix of random and policy moves. Each event is
typed the way a person at the table would type it (cards only where seat 0
sees them), and after every command the tracker's view must equal seat 0's
true view, up to the suits the tracker was free to choose.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import deckhand
from deckhand.advise.commands import Move, parse_command, short_form
from deckhand.advise.tracker import Tracker
from deckhand.core.cards import Card
from deckhand.core.errors import NotationError
from deckhand.core.protocol import State


def normal(data: Any) -> Any:
    """A view's JSON with every card code replaced by its short form (suits are the tracker's choice)."""
    if isinstance(data, dict):
        return {k: normal(v) for k, v in data.items() if k != "history"}
    if isinstance(data, list):
        return [normal(v) for v in data]
    if isinstance(data, str) and data != "??":
        try:
            return short_form(Card.parse(data).code)
        except NotationError:
            return data
    return data


class Table:
    """Turns a true game's actions into what seat 0 types, with the same seat numbering."""

    def __init__(self, state: State, me: int, first: int, players: int) -> None:
        self.true = state
        self.me = me
        self.first = first
        self.players = players
        self.passes = 0

    def seat(self, game_seat: int) -> int:
        return (game_seat + self.first) % self.players

    def pos(self, text: str) -> str:
        seat, slot = text.split(".")
        return f"{self.seat(int(seat))}.{slot}"

    def known(self, seat: int, slot: int) -> bool:
        return bool(self.true.view(self.me).to_json()["hands"][seat][slot] != "??")

    def card(self, seat: int, slot: int) -> str:
        code = self.true.card_at(seat, slot)  # type: ignore[attr-defined]
        return short_form(code)

    def line(self, notation: str, rng: random.Random) -> str | None:
        """What seat 0 types for this action (``None``: nothing yet, e.g. a pass the next command covers)."""
        verb, *args = notation.split()
        mover = self.true.current_player()
        if verb == "pass":
            self.passes += 1
            return None
        if verb == "draw":
            self.passes = 0
            return "+"  # the card is added once the chance outcome is known
        if verb == "cambio":
            self.passes = 0
            return "c"
        if verb == "discard":
            drawn = self.true.view(mover).to_json()["drawn"]
            return "-" if mover == self.me else f"- {short_form(drawn)}"
        if verb == "swap":
            slot = int(args[0])
            if mover == self.me and self.known(mover, slot) and rng.random() < 0.5:
                return f"x{slot}"
            return f"x{slot} {self.card(mover, slot)}"
        if verb == "peek":
            seat, slot = (int(x) for x in args[0].split("."))
            if mover == self.me:
                return f"p{self.pos(args[0])} {self.card(seat, slot)}"
            return f"p{self.pos(args[0])}"
        if verb == "switch":
            return f"w{self.pos(args[0])} {self.pos(args[1])}"
        if verb == "stick":
            seat, slot = (int(x) for x in args[0].split("."))
            self.passes = 0
            return f"s{self.seat(mover)} {self.pos(args[0])} {self.card(seat, slot)}"
        if verb == "give":
            return f"g{args[0]}"
        return {"skip": "n", "keep": "k", "take": "t"}[verb]


def play_table(
    seed: int, players: int, first: int, preset: str = "house", wild: float = 0.3, cambio_after: int = 0
) -> Tracker:
    rng = random.Random(seed)
    game = deckhand.load_game("cambio", preset=preset, players=players)
    true = game.new_initial_state()
    while true.is_chance_node():
        true.apply_action(true.sample_chance_outcome(rng))
    me = (-first) % players
    bottom = [short_form(c) for c in true.view(me).to_json()["hands"][me] if c != "??"]
    tracker = Tracker(players=players, first=first, known=bottom, preset=preset)
    table = Table(true, me, first, players)
    assert normal(tracker.view().to_json()) == normal(true.view(me).to_json())
    commands = draws = 0
    while not true.is_terminal():
        action = rng.choice(true.legal_actions()) if rng.random() < wild else true.rollout_action(rng)
        notation = true.action_to_string(action)
        if notation == "cambio" and draws < cambio_after:
            action, notation = true.string_to_action("draw"), "draw"
        draws += notation == "draw"
        text = table.line(notation, rng)
        drawer = true.current_player()
        true.apply_action(action)
        if notation == "draw":
            card = true.sample_chance_outcome(rng)
            true.apply_action(card)
            if drawer == me:
                text = f"+ {short_form(true.action_to_string(card))}"
        while true.is_chance_node():  # a penalty card nobody sees
            true.apply_action(true.sample_chance_outcome(rng))
        if text is None:
            if not true.is_terminal():
                continue
            text = "."
            for _ in range(table.passes - 1):
                move = parse_command(".")
                assert isinstance(move, Move)
                tracker.apply_move(move, ".")
        move = parse_command(text)
        assert isinstance(move, Move), text
        tracker.apply_move(move, text)
        commands += 1
        if not true.is_terminal():
            assert normal(tracker.view().to_json()) == normal(true.view(me).to_json()), (seed, text)
    assert tracker.state.is_terminal() and commands <= len(tracker.history())
    return tracker


@pytest.mark.parametrize("preset", ["house", "classic"])
@pytest.mark.parametrize("seed", range(20))
def test_a_whole_game_at_the_table(seed: int, preset: str) -> None:
    players = 2 + seed % 5
    first = seed % players
    assert play_table(seed, players, first, preset).history()


@pytest.mark.parametrize("seed", range(3))
def test_long_games_through_reshuffles(seed: int) -> None:
    tracker = play_table(seed, 2 + seed, seed, "house", wild=0.05, cambio_after=70)
    assert tracker.state.to_json()["cards_drawn"] > 54  # the discard pile went back into the deck
