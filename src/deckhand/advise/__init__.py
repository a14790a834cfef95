"""The Cambio table-side advisor: track a real game in a few keystrokes, ask search what to do."""

from deckhand.advise.commands import CardSpec, Meta, Move, parse_card, parse_command, short_form
from deckhand.advise.search import Ranked, rank_actions
from deckhand.advise.session import Session, load_tracker
from deckhand.advise.tracker import Tracker, TrackerError

__all__ = [
    "CardSpec",
    "Meta",
    "Move",
    "Ranked",
    "Session",
    "Tracker",
    "TrackerError",
    "load_tracker",
    "parse_card",
    "parse_command",
    "rank_actions",
    "short_form",
]
