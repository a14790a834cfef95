"""No seat ever receives a card it cannot see: views, counts, and what it is told of others' moves.

Runs :func:`deckhand.testing.check_secrets` over every game with hidden
information, under every preset, with every difficulty level at the table
(searches on a small budget: what they say does not depend on how long they
think). A deliberately talkative agent shows that the check can fail.
The slow tier plays 6 seeds at every table; the quick tier, for each game's
first preset, one seed at every table and the few games of the others that
reach every kind of move the 6 seeds reach (``reached.json``); the slow tier
plays those few games of the other presets too.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import deckhand
from deckhand.agents.base import Agent, Explanation
from deckhand.agents.registry import make_agent
from deckhand.core.protocol import View
from deckhand.core.registry import game_class
from deckhand.testing import SecretLeak, check_secrets
from deckhand.testing.secrets import cards_named, leaked_in_text, quick_spec, ranks_named, wrong_counts
from tests.conformance.kinds import kinds_played
from tests.conformance.reached import REACHED_BY_LEVELS
from tests.tiers import beyond_the_first_preset

GAMES_PER_CONFIG = 6
QUICK_GAMES: dict[str, tuple[int, tuple[tuple[int, int], ...]]] = {
    "basra preset=bazzi": (0, ()),
    "basra preset=egyptian": (0, ()),
    "basra preset=partners": (2, ()),
    "cambio preset=classic": (1, ((4, 1), (0, 1), (5, 1), (3, 0))),
    "cambio preset=house": (3, ((0, 2),)),
    "cambio players=3 preset=house": (0, ((3, 0), (5, 0), (3, 3), (4, 1))),
    "casino preset=ramapo": (2, ()),
    "casino preset=aces-either": (1, ()),
    "go_fish preset=standard": (0, ((1, 0),)),
    "go_fish preset=family": (1, ((4, 2),)),
}
"""The quick tier's games: one seed at every table, and the (seed, table) games that reach the kinds of move
it misses (``reached.json``)."""


def hidden_configs() -> list[tuple[str, dict[str, object]]]:
    out: list[tuple[str, dict[str, object]]] = []
    for name in deckhand.games():
        cls = game_class(name)
        if cls.perfect_information:
            continue
        # every preset, or the default options of a game that has none: no hidden-card game goes unchecked
        presets: list[dict[str, object]] = [{"preset": p} for p in cls.PRESETS] or [{}]
        out.extend((name, options) for options in presets)
    out.append(("cambio", {"preset": "house", "players": 3}))
    return out


def config_id(name: str, options: dict[str, object]) -> str:
    return " ".join([name, *(f"{key}={value}" for key, value in sorted(options.items()))])


def tiered_configs() -> list[Any]:
    """Each hidden-card configuration with its quick tier's (seed, table) games, and all of them under ``slow``."""
    out = []
    for name, options in hidden_configs():
        config = config_id(name, options)
        count = len(tables(deckhand.load_game(name, **options)))
        every = tuple((seed, table) for seed in range(GAMES_PER_CONFIG) for table in range(count))
        if config not in QUICK_GAMES or config not in REACHED_BY_LEVELS:
            out.append(pytest.param(name, options, every, id=f"{config}-quick"))
            continue
        seed, extra = QUICK_GAMES[config]
        quick = tuple((seed, table) for table in range(count)) + extra
        later = beyond_the_first_preset(name, options)
        out.append(pytest.param(name, options, quick, id=f"{config}-quick", marks=later))
        out.append(pytest.param(name, options, every, id=f"{config}-soak", marks=pytest.mark.slow))
    return out


def tables(game: deckhand.Game) -> list[list[Agent]]:
    """Every level, each at some seat, facing the others in turn."""
    levels = [make_agent(quick_spec(spec), game) for spec in game.LEVELS.values()] + [make_agent("random", game)]
    n = game.num_players
    return [[levels[(i + k) % len(levels)] for k in range(n)] for i in range(len(levels))]


@pytest.mark.parametrize(("name", "options", "games"), tiered_configs())
def test_no_seat_receives_a_card_it_cannot_see(
    name: str, options: dict[str, object], games: tuple[tuple[int, int], ...]
) -> None:
    game = deckhand.load_game(name, **options)
    rotation = tables(game)
    kinds: set[str] = set()
    for seed, table in games:
        kinds |= kinds_played(check_secrets(game, seed, rotation[table]))
    expected = REACHED_BY_LEVELS.get(config_id(name, options))
    if expected is not None:
        assert kinds == expected, (
            f"kinds missed: {sorted(expected - kinds)}; reached, not in reached.json: {sorted(kinds - expected)}"
        )


class Blabbermouth(Agent):
    """Tells everyone its private reason: the leak the check exists to catch."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner

    def explain(self, view: View, rng: random.Random) -> Explanation:
        told = self.inner.explain(view, rng)
        return dataclasses.replace(told, public=told.reason)


@pytest.mark.parametrize(
    ("name", "spec"),
    [("cambio", "medium"), ("cambio", "hard"), ("basra", "ismcts:iterations=20"), ("casino", "ismcts:iterations=20")],
)
def test_a_private_reason_told_to_the_table_is_caught(name: str, spec: str) -> None:
    game = deckhand.load_game(name)
    with pytest.raises(SecretLeak, match="gives away"):
        for seed in range(6):
            check_secrets(game, seed, [Blabbermouth(make_agent(spec, game)) for _ in range(game.num_players)])


def test_cards_are_found_by_code_name_and_label() -> None:
    assert cards_named("play SX {H2}", ["SX", "H2", "S2"]) == {"SX", "H2"}
    assert cards_named("the 10 of Spades and the Queen of hearts", ["SX", "HQ"]) == {"SX", "HQ"}
    assert cards_named("out comes 9♣", ["C9", "S9"]) == {"C9"}
    assert cards_named("USA, SAX, slot 3", ["SA", "S3"]) == set()
    assert cards_named("the Joker is discarded", ["JK", "SA"]) == {"JK"}


def test_ranks_are_found_as_cards_not_as_numbers() -> None:
    assert ranks_named("swapped the 2 into slot 3") == {"2"}
    assert ranks_named("took a King and the red K; an ace") == {"K", "A"}
    assert ranks_named("worth 6 to me, 10 cards left") == set()
    assert leaked_in_text("swapped the 2 into slot 3", hidden={"H2", "C5"}, seen=set()) == ["rank 2"]
    assert leaked_in_text("swapped the 2 into slot 3", hidden={"H2"}, seen={"S2"}) == []


def test_counts_in_a_view_must_be_the_true_counts() -> None:
    state = {"deck": ["SA", "H2"], "deck_count": 2, "hands": [["S3"], ["H4", "H5"]]}
    assert wrong_counts({"deck": 2, "deck_count": 2, "hands": [["S3"], 2]}, state) == []
    assert wrong_counts({"deck": 3, "deck_count": 4, "hands": [["S3"], 1]}, state) == [
        "deck is 3 in the view, 2 in truth",
        "deck_count is 4 in the view, 2 in truth",
        "hands.1 is 1 in the view, 2 in truth",
    ]


def test_casino_views_count_the_deck_without_the_opponents_hand() -> None:
    game = deckhand.load_game("casino")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node() or state.to_json()["phase"] != "play":
        state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node() else state.legal_actions()[0])
    assert state.view(0).to_json()["deck_count"] == state.to_json()["deck_count"] == 40


@pytest.mark.parametrize("name", ["basra", "cambio", "casino", "go_fish"])
def test_a_public_view_that_shows_a_seats_cards_is_caught(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = deckhand.load_game(name)
    monkeypatch.setattr(game, "public_view", lambda state: state.view(0))  # a spectator handed seat 0's view
    with pytest.raises(SecretLeak, match="the spectator"):
        check_secrets(game, 1, [make_agent("random", game) for _ in range(game.num_players)])


@pytest.mark.parametrize("name", deckhand.games())
def test_the_public_view_is_no_seats(name: str) -> None:
    game = deckhand.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    view = state.public_view()
    assert view.player == deckhand.PUBLIC
    assert view.legal_actions() == []
    with pytest.raises(deckhand.IllegalActionError, match="spectator"):
        view.string_to_action(state.action_to_string(state.legal_actions()[0]))


def test_a_tally_that_draws_a_hidden_card_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The end-of-deck picture may show only cards everyone has seen: one from another's hand is a leak."""
    from deckhand.core.tally import Tally, TallySide
    from deckhand.games.basra.presentation import BasraPresentation

    def blabbing(self: Any, state: Any, action: Any, names: Any) -> Tally | None:
        mover = state.current_player()
        others = [code for seat, hand in enumerate(state.to_json()["hands"]) if seat != mover for code in hand]
        if not others:
            return None
        side = TallySide(name="Seat 1", cards=others[:1], counted=[], notes=[], feat="", points=0, total=0)
        return Tally(title="Deck 1 is over", sides=[side], over=False)

    monkeypatch.setattr(BasraPresentation, "tally", blabbing)
    game = deckhand.load_game("basra")
    with pytest.raises(SecretLeak, match="tally"):
        check_secrets(game, 0, [make_agent("easy", game) for _ in range(game.num_players)])
