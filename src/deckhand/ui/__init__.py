"""The games' instructions for players (``rules_text`` and ``rules/<game>.md``), until they move into the games.

The terminal UI itself is :mod:`deckhand.terminal`.
"""
