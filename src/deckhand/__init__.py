"""deckhand: card games with strong, explainable computer opponents.

>>> import deckhand
>>> "three_trios" in deckhand.games()
True
"""

from importlib.metadata import PackageNotFoundError, version

import deckhand.envs as _environments  # noqa: F401  (registers the environments' agents)
import deckhand.games as _builtin_games  # noqa: F401  (registers the built-in games)
from deckhand.core import (
    CHANCE,
    PUBLIC,
    TERMINAL,
    AmbiguousActionError,
    Card,
    ConfigError,
    DeckhandError,
    Game,
    IllegalActionError,
    NotationError,
    Presentation,
    Rank,
    State,
    Suit,
    View,
    games,
    load_game,
    parse_cards,
    presentation_of,
)

try:
    __version__ = version("deckhand")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.0.0"

__all__ = [
    "CHANCE",
    "PUBLIC",
    "TERMINAL",
    "AmbiguousActionError",
    "Card",
    "ConfigError",
    "DeckhandError",
    "Game",
    "IllegalActionError",
    "NotationError",
    "Presentation",
    "Rank",
    "State",
    "Suit",
    "View",
    "__version__",
    "games",
    "load_game",
    "parse_cards",
    "presentation_of",
]
