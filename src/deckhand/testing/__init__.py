"""Checks that any game implementing the protocol can run in its own tests."""

from deckhand.testing.conformance import ConformanceError, check_determinism, check_random_game, check_unchecked_path
from deckhand.testing.onlooker import SpectatorReport, check_spectator
from deckhand.testing.presentation import PresentationError, check_presentation
from deckhand.testing.secrets import SecretLeak, check_secrets
from deckhand.testing.words import WordingError, check_words

__all__ = [
    "ConformanceError",
    "PresentationError",
    "SecretLeak",
    "SpectatorReport",
    "WordingError",
    "check_determinism",
    "check_presentation",
    "check_random_game",
    "check_secrets",
    "check_spectator",
    "check_unchecked_path",
    "check_words",
]
