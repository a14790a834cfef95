"""What an agent is: it chooses from a view and can say why.

``agent.step(view, rng)`` returns an action for the seat the view belongs
to; ``agent.explain(view, rng)`` returns the same choice with its reasons,
which a UI turns into a sentence or a hint.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from deckhand.core.protocol import Action, View


@dataclass(frozen=True)
class Candidate:
    """One action an agent weighed, with what it thought of it."""

    notation: str
    """The action in notation, as ``Explanation.notation`` writes it."""
    value: float | None = None
    visits: int | None = None
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.notation}
        if self.value is not None:
            data["value"] = self.value
        if self.visits is not None:
            data["visits"] = self.visits
        if self.note:
            data["note"] = self.note
        return data


@dataclass(frozen=True)
class Explanation:
    """An agent's choice, the rule or search that chose it, and the alternatives."""

    action: Action
    notation: str
    reason: str
    """Why, said to the seat that decides as a player would say it: in the second person ("it beats your
    worst card"), in words, without a search's figures. It follows the move in that seat's hint
    (``deckhand.agents.hints.hint_sentence``), so it may name the seat's own cards."""
    candidates: list[Candidate] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    """Extra structured data for UIs (a Three Trios hint map, a search's iterations, say)."""
    public: str = ""
    """Why, in words every other seat may read, in the third person ("it keeps its low cards"): nothing they
    cannot see.

    ``reason``, ``candidates`` and ``data`` are for the deciding seat only (its
    hint, its log, the advisor): they may name its hidden cards. The other
    seats are told the move in public words (``Presentation.tell_move``) and
    this; empty when the move speaks for itself.
    """

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.notation,
            "reason": self.reason,
            "candidates": [c.to_json() for c in self.candidates],
            **({"data": self.data} if self.data else {}),
            **({"public": self.public} if self.public else {}),
        }

    def public_reason(self, perfect_information: bool) -> str:
        """What another seat may read of the reason: :attr:`public`.

        ``reason`` is said to the deciding seat ("your"), so even where nothing
        is hidden the table reads the third-person form.
        """
        return self.public


class Agent(ABC):
    """Base class of every agent. Subclasses implement :meth:`explain` (and may
    override :meth:`step` with something cheaper)."""

    name: str = "agent"
    rule: ClassVar[bool] = False
    """A rule over the legal moves, not a search: a decision costs a few milliseconds at most whatever its
    settings, so a server makes it at once, in its own process (a search goes to a thinking process)."""

    def step(self, view: View, rng: random.Random) -> Action:
        """The action to play for ``view.player``."""
        return self.explain(view, rng).action

    @abstractmethod
    def explain(self, view: View, rng: random.Random) -> Explanation:
        """The action to play, with the reasons."""

    def spec(self) -> str:
        """The string that builds this agent again (``ismcts:iterations=2000``)."""
        return self.name

    def __repr__(self) -> str:
        return f"<agent {self.spec()}>"
