"""The leak check applied to what a server sends: every message a seat or a spectator received.

The server (``deckhand serve``) builds its messages from views and public
reasons; this check does not trust that. Given the game as it was really
played (its start and its actions) and the messages each connection
received, in order, it replays the game to the moment of each message and
checks, as :func:`deckhand.testing.check_secrets` does:

* no card code in the message's view that the receiver cannot place then;
* no card a peek showed it (``glimpse``) that it cannot place;
* no text (events' words, reasons and announcements, a hint, a list of
  matching moves) that names a card hidden from it and never shown to it;
* no ``history`` or ``to_json()`` of a game with hidden cards, no seed, no
  token of any seat anywhere in the message.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from deckhand.core.protocol import Game, State
from deckhand.core.turns import PUBLIC
from deckhand.testing.secrets import (
    Onlooker,
    SecretLeak,
    cards_named,
    codes_in,
    leaked_in_text,
    public_cards,
    told_to_all,
    visible_cards,
)

FORBIDDEN_KEYS = frozenset({"history", "seed", "token", "tokens"})


def check_received(
    start: State,
    actions: Sequence[str],
    viewer: int,
    messages: Sequence[dict[str, Any]],
    *,
    secrets: Sequence[str] = (),
    worlds: int = 4,
    seed: int = 0,
) -> None:
    """Check every message one connection received (``viewer`` a seat, or ``PUBLIC`` for a spectator).

    ``actions`` are the game's actions in notation from ``start`` (the
    server's record); ``secrets`` are strings that must never appear (tokens).
    Raises :class:`SecretLeak` naming the message, the receiver and the card.
    """
    game = start.game
    cards = frozenset(game.all_cards())
    deck = Counter(game.all_cards())
    rng = random.Random(seed)
    states = _States(start, actions)
    seen: set[str] = set()
    seq = 0
    placed_at = -1
    visible: Counter[str] = Counter()
    who = "the spectator" if viewer == PUBLIC else f"seat {viewer}"
    for number, message in enumerate(messages):
        where = f"{game.name} message {number} ({message.get('type')}) to {who}"
        raw = json.dumps(message)
        for secret in secrets:
            if secret and secret in raw:
                raise SecretLeak(f"{where}: it holds a token")
        bad = _forbidden_keys(message, game)
        if bad:
            raise SecretLeak(f"{where}: it holds {bad!r}")
        seq = message.get("seq", seq)
        state = states.at(seq)
        if seq != placed_at:  # the messages of one moment share what the receiver can place: worked out once
            placed_at = seq
            if viewer == PUBLIC:
                visible = public_cards(state, rng, states.onlooker.cards, worlds)
            else:
                visible = visible_cards(state, viewer, rng, worlds)
        hidden = {code for code, n in deck.items() if visible[code] < n}
        for key in ("view", "glimpse"):
            shown = codes_in(message.get(key), cards) - visible
            if shown:
                raise SecretLeak(f"{where}: its {key} shows {sorted(shown)[0]}, a card it cannot see")
        seen |= set(codes_in(message.get("view"), cards))
        for event in message.get("events", []):
            if event.get("move"):
                seen |= cards_named(event["move"], cards)  # a move is made in the open
        for text in _texts(message):
            leaks = leaked_in_text(text, hidden, seen)
            if leaks:
                raise SecretLeak(f"{where}: {text!r} gives away {', '.join(leaks)}")


class _States:
    """The game replayed forward to any seq asked for, in increasing order, watched by an onlooker."""

    def __init__(self, start: State, actions: Sequence[str]) -> None:
        self.state = start.clone()
        self.actions = actions
        self.done = len(start.history())
        self.first = self.done
        self.onlooker = Onlooker(start.game)
        self.names = [f"Seat {seat}" for seat in range(start.game.num_players)]

    def at(self, seq: int) -> State:
        if seq < self.done:  # an earlier moment than the last asked (another connection's order): start again
            raise SecretLeak(f"messages out of order: seq {seq} after {self.done}")
        while self.done < seq:
            self.onlooker.look(self.state)
            action = self.state.string_to_action(self.actions[self.done - self.first])
            self.onlooker.hear(told_to_all(self.state, action, self.names))
            self.state.apply_action(action)
            self.done += 1
        self.onlooker.look(self.state)
        return self.state


def _forbidden_keys(message: Any, game: Game) -> str | None:
    for key, _ in _items(message):
        if key in FORBIDDEN_KEYS and not (key == "history" and game.perfect_information):
            return key
    return None


def _items(node: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield key, value
            yield from _items(value)
    elif isinstance(node, list):
        for value in node:
            yield from _items(value)


def _texts(message: dict[str, Any]) -> list[str]:
    """The sentences in a message: what is told of moves, hints and matching moves."""
    out: list[str] = []
    for event in message.get("events", []):
        out += [event.get("words") or "", event.get("reason") or "", *event.get("said", [])]
    if message.get("type") in ("hint", "error"):
        out += [message.get("reason") or "", message.get("message") or ""]
    for move in message.get("moves", []):
        out.append(move.get("words") or "")
    return [text for text in out if text]
