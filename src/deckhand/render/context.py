"""What every renderer is given besides a view's JSON: who looks, the seats' names, and the hint's marks."""

from __future__ import annotations

from dataclasses import dataclass, field

HEADER = frozenset({"game", "rules_version", "options", "history", "viewer", "current_player", "scores"})
"""Fields every game's JSON has; renderers show them their own way or not at all."""


@dataclass
class Context:
    """What a renderer needs besides the JSON: who looks, the seats' names, extras."""

    viewer: int | None
    names: list[str]
    hide_known: bool = False
    """Memory mode: the cards the viewer has seen are drawn face down; it must remember them."""
    marks: dict[str, int] = field(default_factory=dict)
    """A hint's numbers by place in notation (``Presentation.hint_marks``)."""

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"
