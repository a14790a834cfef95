"""The Cambio table-side advisor: track a real game in a few keystrokes, ask search what to do."""

from deckhand.advise.advisor import Advisor
from deckhand.advise.commands import CardSpec, Meta, Move, parse_card, parse_command, short_form
from deckhand.advise.sessions import load_tracker
from deckhand.advise.tracker import Tracker, TrackerError
from deckhand.agents.ranking import Ranked, rank_actions

__all__ = [
    "Advisor",
    "CardSpec",
    "Meta",
    "Move",
    "Ranked",
    "Tracker",
    "TrackerError",
    "load_tracker",
    "parse_card",
    "parse_command",
    "rank_actions",
    "short_form",
]
