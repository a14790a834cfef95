"""Checks that any game implementing the protocol can run in its own tests."""

from deckhand.testing.conformance import ConformanceError, check_determinism, check_random_game

__all__ = ["ConformanceError", "check_determinism", "check_random_game"]
