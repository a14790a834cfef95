"""Playing games: the match runner, game records and replays."""

from deckhand.play.records import GameRecord, replay
from deckhand.play.runner import agent_rngs, play_game, random_playout

__all__ = ["GameRecord", "agent_rngs", "play_game", "random_playout", "replay"]
