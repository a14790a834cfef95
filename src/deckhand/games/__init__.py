"""The built-in games, registered by name and imported on first use."""

from deckhand.core.registry import register_game

register_game("three_trios", "deckhand.games.three_trios:ThreeTriosGame")
register_game("cambio", "deckhand.games.cambio:CambioGame")
register_game("casino", "deckhand.games.casino:CasinoGame")
register_game("basra", "deckhand.games.basra:BasraGame")
register_game("go_fish", "deckhand.games.go_fish:GoFishGame")
