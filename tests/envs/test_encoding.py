"""Every game's learning encoding keeps its promises, under every preset (see deckhand.testing.encoding)."""

from __future__ import annotations

import pytest

import deckhand
from deckhand.core.encoding import Encoding, EncodingError, TokenTree, encoding_of
from deckhand.core.registry import game_class
from deckhand.testing.encoding import EncodingStats, check_encoding_game

GAMES_PER_CONFIG = 12


def configs() -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    for name in deckhand.games():
        presets = list(game_class(name).PRESETS) or [None]
        out.extend((name, preset) for preset in presets)
    return out


def load(name: str, preset: str | None) -> deckhand.Game:
    return deckhand.load_game(name) if preset is None else deckhand.load_game(name, preset=preset)


@pytest.mark.parametrize(("name", "preset"), configs())
def test_random_games_keep_the_encoding_promises(name: str, preset: str | None) -> None:
    game = load(name, preset)
    total = EncodingStats()
    for seed in range(GAMES_PER_CONFIG):
        stats = check_encoding_game(game, seed, rollout=seed % 2 == 1)
        total.decisions += stats.decisions
        total.views |= stats.views
        total.tensors |= stats.tensors
    assert total.decisions > 0
    # the tensor follows the game: most different views give different tensors
    assert len(total.tensors) > 1
    assert len(total.tensors) >= 0.5 * len(total.views), (len(total.tensors), len(total.views))


@pytest.mark.parametrize(("name", "preset"), configs())
def test_token_names_are_distinct_and_the_encoding_is_cached(name: str, preset: str | None) -> None:
    game = load(name, preset)
    encoding = encoding_of(game)
    assert encoding_of(game) is encoding
    names = encoding.token_names()
    assert len(names) == encoding.num_tokens
    assert len(set(names)) == len(names)
    assert encoding.observation_size > 0 and encoding.max_chance_outcomes > 0


def test_a_game_without_an_encoding_says_so() -> None:
    class Bare(game_class("three_trios")):  # type: ignore[misc]
        ENCODING = ""

    with pytest.raises(deckhand.ConfigError, match="has no encoding for learning environments"):
        encoding_of(Bare())


class _Toy(Encoding):
    """Tokens given per action by a table: for testing the trie's checks."""

    def __init__(self, table: dict[str, tuple[int, ...]]) -> None:
        self.table = table
        self.num_tokens = 5
        self.max_chance_outcomes = 1
        self.observation_shape = (1,)
        self.max_tokens = 3

    def tokens(self, action: object) -> tuple[int, ...]:
        return self.table[str(action)]

    def observation(self, view: deckhand.View) -> list[float]:
        return [0.0]

    def token_name(self, token: int) -> str:
        return f"t{token}"


def test_the_trie_walks_and_refuses_what_breaks_the_promises() -> None:
    toy = _Toy({"a": (0, 1, 4), "b": (0, 2, 4), "c": (3,)})
    tree = TokenTree(toy, ["a", "b", "c"])
    assert tree.next_tokens(()) == [0, 3]
    assert tree.next_tokens((0,)) == [1, 2]
    assert tree.complete((0, 2, 4)) == "b" and tree.complete((0, 2)) is None
    assert tree.step((0,), 1) == ((0, 1), None)
    assert tree.step((0, 1), 4) == ((0, 1, 4), "a")
    with pytest.raises(deckhand.IllegalActionError, match="not legal here"):
        tree.step((), 1)
    assert toy.observe(deckhand.load_game("three_trios").new_initial_state().view(0), (0, 2)) == [
        0.0, 1.0, 0.0, 1.0, 0.0, 0.0,
    ]  # fmt: skip
    for bad, match in (
        ({"a": (0, 1), "b": (0, 1)}, "share the tokens"),
        ({"a": (0,), "b": (0, 1)}, "is a prefix of"),
        ({"a": (0, 1), "b": (0,)}, "is a prefix of"),
        ({"a": (0, 7)}, "not in range"),
        ({"a": ()}, "empty token sequence"),
    ):
        with pytest.raises(EncodingError, match=match):
            TokenTree(_Toy(bad), list(bad))


@pytest.mark.parametrize("name", deckhand.games())
def test_a_token_out_of_range_has_no_name(name: str) -> None:
    encoding = encoding_of(deckhand.load_game(name))
    for token in (-1, encoding.num_tokens):
        with pytest.raises(deckhand.IllegalActionError, match="not in range"):
            encoding.token_name(token)
