"""The uniformly random agent: the floor every other agent must beat."""

from __future__ import annotations

import random

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.core.errors import IllegalActionError
from deckhand.core.protocol import Action, Game, View


class RandomAgent(Agent):
    """Plays a legal action chosen uniformly at random."""

    name = "random"
    rule = True

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def step(self, view: View, rng: random.Random) -> Action:
        actions: list[Action] = view.legal_actions()
        if not actions:
            raise IllegalActionError(f"seat {view.player} has no action to choose")
        return actions[int(rng.random() * len(actions))]

    def explain(self, view: View, rng: random.Random) -> Explanation:
        action = self.step(view, rng)
        candidates = [Candidate(view.action_to_string(a)) for a in view.legal_actions()]
        many = len(candidates) > 1
        return Explanation(
            action=action,
            notation=view.action_to_string(action),
            reason=f"picked at random from the {len(candidates)} moves you have" if many else "it is your only move",
            candidates=candidates,
            public="picked at random" if many else "it has no other move",
        )
