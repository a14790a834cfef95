"""What one seat may know: its own hand, the other hand's size, the table, both piles.

The view keeps a private copy of the state with the opponent's hand folded
back into the unseen cards, so that its legal moves and notation come from
the same code as the state's and nothing hidden can leak through it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from deckhand.core.cards import CODES
from deckhand.core.protocol import Action, State, View, player_label
from deckhand.games.casino.moves import ORDER
from deckhand.games.casino.save import SEATS
from deckhand.games.casino.state import PHASE_NAMES, SIDES

if TYPE_CHECKING:
    from deckhand.games.casino.state import CasinoState


def public_json(state: CasinoState, viewer: int | None) -> dict[str, Any]:
    """The fields of ``to_json`` shared by the state and the views (``viewer=None``: everything)."""
    hands: list[list[str]] = []
    for seat in (0, 1):
        hand = state.hands[seat]
        hands.append([CODES[c] for c in hand] if viewer is None or viewer == seat else ["??"] * len(hand))
    return {
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "seats": list(SEATS),
        "call": SIDES[state.call] if state.call >= 0 else None,
        "leader": state.leader,
        "hands": hands,
        "table": {
            "loose": [CODES[c] for c in state.loose],
            "builds": [
                {"value": v, "owner": owner, "parts": [[CODES[c] for c in part] for part in parts]}
                for v, owner, parts in state.builds
            ],
        },
        "piles": [[CODES[c] for c in pile] for pile in state.piles],
        "deck_count": len(state.pile),
        "aside": [CODES[c] for c in state.aside],
        "last_capturer": state.last_capturer if state.last_capturer >= 0 else None,
        "last_round_points": list(state.last_points) if state.last_points else None,
        "notes": list(state.notes),
    }


def information_key(state: CasinoState, player: int) -> Any:
    """Everything the view shows, as a tuple: equal exactly when the views are."""
    other = 1 - player
    return (
        player,
        state.phase,
        state.current_player(),
        state.round,
        state.call,
        state.leader,
        tuple(state.hands[player]),
        len(state.hands[other]),
        tuple(state.loose),
        tuple(state.builds),
        tuple(state.piles[0]),
        tuple(state.piles[1]),
        len(state.pile),
        tuple(state.aside),
        state.last_capturer,
        tuple(state.tally),
        state.last_points,
        state.notes,
    )


class CasinoView(View):
    """Seat ``player``'s view of a Casino state."""

    def __init__(self, state: CasinoState, player: int) -> None:
        self.game = state.game
        self.player = player
        masked = state.clone()
        other = 1 - player
        masked.pile = sorted(masked.pile + masked.hands[other], key=ORDER.__getitem__)
        self._hidden = len(masked.hands[other])
        masked.hands[other] = []
        if masked.stack is not state.game.stack:
            masked.stack = ()  # a save's deck order is not public
            masked.drawn = 0
        masked.hist = []
        masked.origin = None
        masked._legal = state._legal if state.current_player() == player else None
        self._state = masked

    def current_player(self) -> int:
        return self._state.current_player()

    @property
    def state(self) -> CasinoState:
        """The public part of the position (the opponent's hand is empty in it)."""
        return self._state.clone()

    @property
    def hidden_count(self) -> int:
        """How many cards the opponent holds."""
        return self._hidden

    def legal_actions(self) -> list[Action]:
        if self._state.current_player() != self.player:
            return []
        return self._state.legal_actions()

    def action_to_string(self, action: Action) -> str:
        return self._state.action_to_string(action)

    def string_to_action(self, text: str) -> Action:
        return self._state.string_to_action(text)

    def to_json(self) -> dict[str, Any]:
        s = self._state
        data: dict[str, Any] = {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": self.game.public_options(),
            "current_player": player_label(s.current_player()),
            "scores": s.scores(),
            "viewer": self.player,
        }
        data.update(public_json(s, self.player))
        data["hands"][1 - self.player] = ["??"] * self._hidden
        data["deck_count"] = len(s.pile) - self._hidden  # the masked pile holds the opponent's hand too
        return data

    def sample_world(self, rng: random.Random) -> State:
        """Deal the opponent's hand at random from the cards this seat has not seen."""
        world = self._state.clone()
        other = 1 - self.player
        pile = world.pile
        hand = world.hands[other]
        for _ in range(self._hidden):
            i = int(rng.random() * len(pile))
            hand.append(pile[i])
            pile[i] = pile[-1]
            pile.pop()
        world._legal = None
        return world
