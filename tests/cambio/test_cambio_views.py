"""Presets and options, notation, the JSON fields relied on (docs/architecture.md), and views."""

from __future__ import annotations

import json
import random

import pytest

from deckhand import AmbiguousActionError, ConfigError, NotationError, load_game
from deckhand.core.presentation import presentation_of
from deckhand.games.cambio.options import PRESETS
from tests.cambio.helpers import CLASSIC_DEAL, game, play, table


# -- presets and options --------------------------------------------------------------------------------
@pytest.mark.parametrize(("preset", "cards", "jokers"), [("classic", 52, 0), ("house", 54, 2)])
def test_presets_decks(preset: str, cards: int, jokers: int) -> None:
    g = game(preset)
    assert len(g.all_cards()) == cards and g.all_cards().count("JK") == jokers


@pytest.mark.parametrize("preset", ["classic", "house"])
def test_every_preset_line_is_an_option_that_can_be_overridden(preset: str) -> None:
    other = "house" if preset == "classic" else "classic"
    for key, value in PRESETS[other].items():
        g = load_game("cambio", preset=preset, **{key: value})
        assert g.options[key] == value


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 7}, "players"),
        ({"players": 1}, "players"),
        ({"values": "poker"}, "values"),
        ({"king_power": "all"}, "king_power"),
        ({"known_slots": "4"}, "slot 4 is not among the 4 dealt"),
        ({"known_slots": "x"}, "known_slots"),
        ({"deck": "SA SA"}, "appears more often"),
        ({"deck": "JK"}, "not in this game's deck"),
        ({"colour": 1}, "colour"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_game("cambio", **options)


def test_stacked_deck_fixes_the_deal_then_chance_takes_over() -> None:
    state = table(deck=CLASSIC_DEAL + " C5")
    play(state, "draw")
    assert state.chance_outcomes() == [(state.string_to_action("C5"), 1.0)]
    play(state, "C5", "discard", "draw")
    assert len(state.chance_outcomes()) == 52 - 9  # eight dealt, C5 on the discard pile


# -- notation -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "cambio",
        "draw",
        "take",
        "swap 3",
        "discard",
        "peek 1.2",
        "switch 0.1 1.3",
        "skip",
        "stick 0.0",
        "pass",
        "give 2",
        "keep",
        "H7",
        "JK",
        "DX",
    ],
)
def test_notation_round_trips(text: str) -> None:
    state = table()
    assert state.action_to_string(state.string_to_action(text)) == text


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", NotationError),
        ("fly", NotationError),
        ("swap", NotationError),
        ("swap x", NotationError),
        ("peek 1", NotationError),
        ("switch 0.1", NotationError),
        ("draw 2", NotationError),
    ],
)
def test_malformed_notation(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        table().string_to_action(text)


def test_positions_of_missing_seats_are_refused_when_read() -> None:
    from deckhand import IllegalActionError

    with pytest.raises(IllegalActionError, match="no seat 5"):
        table().string_to_action("peek 5.0")
    assert not issubclass(AmbiguousActionError, IllegalActionError)


# -- JSON and views ---------------------------------------------------------------------------------------
def test_state_json_has_the_rules_fields_and_restores() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D9"), "draw", "D9", "discard", "peek 1.0")
    data = state.to_json()
    for key in ("game", "rules_version", "options", "current_player", "scores", "hands", "discard", "caller"):
        assert key in data
    assert data["hands"][0] == ["SA", "S2", "S3", "S4"] and data["discard"] == ["D9"] and data["caller"] is None
    restored = state.game.state_from_json(json.loads(json.dumps(data)))
    assert restored.to_json() == data


def test_view_hides_unknown_cards_the_pile_and_the_scores() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D5"), "draw", "D5")
    seen = state.view(1).to_json()
    assert seen["hands"] == [["??"] * 4, ["H5", "H6", "??", "??"]]
    assert seen["drawn"] == "??" and seen["draw_pile"] == 43 and seen["scores"] == [None, None]
    assert "history" not in seen
    del seen["options"]  # a stacked deck is part of the game's options, which everyone has
    assert "D5" not in json.dumps(seen) and "S3" not in json.dumps(seen)


def test_terminal_view_turns_every_card_over() -> None:
    state = play(table(deck=CLASSIC_DEAL + " D5"), "cambio", "draw", "D5", "discard")
    seen = state.view(1).to_json()
    assert seen["hands"] == [["SA", "S2", "S3", "S4"], ["H5", "H6", "H7", "H8"]]
    assert seen["scores"] == [10.0, 26.0] and seen["winners"] == [0]


def test_public_view_hides_a_card_every_seat_has_peeked() -> None:
    # Seat 1 knows 1.0 from the deal; seat 0 peeks it: both seats know H5, no onlooker does.
    state = play(table(deck=CLASSIC_DEAL + " D9"), "draw", "D9", "discard", "peek 1.0")
    assert state.view(0).to_json()["hands"][1][0] == "H5" and state.view(1).to_json()["hands"][1][0] == "H5"
    public = state.public_view().to_json()
    assert public["hands"][1][0] == "??" and public["known"][1][0] == [0, 1] and not public["shown"][1][0]
    assert "H5" not in json.dumps(public)


def test_public_view_shows_a_card_taken_from_the_discard_pile_and_a_wrong_stick() -> None:
    taken = play(table(deck=CLASSIC_DEAL + " D9"), "draw", "D9", "swap 2", "take", "swap 1")
    assert taken.public_view().to_json()["hands"][1][1] == "S3" and taken.to_json()["shown"][1][1]
    stuck = play(table("house", deck=CLASSIC_DEAL + " D5 C9"), "draw", "D5", "discard", "stick 0.0")
    assert stuck.public_view().to_json()["hands"][0][0] == "SA"


def test_view_legal_actions_only_for_the_seat_to_move() -> None:
    state = table()
    assert state.view(1).legal_actions() == []
    assert state.view(0).legal_actions() == state.legal_actions()


def test_information_key_equal_exactly_when_views_are() -> None:
    a = play(table(), "draw", "D5")
    b = play(table(), "draw", "D6")
    assert a.view(1) == b.view(1) and a.information_key(1) == b.information_key(1)
    assert a.view(0) != b.view(0) and a.information_key(0) != b.information_key(0)


def test_sample_world_deals_unknown_cards_uniformly() -> None:
    view = table().view(0)
    counts: dict[str, int] = {}
    rng = random.Random(1)
    for _ in range(2000):
        code = view.sample_world(rng).card_at(1, 0)
        assert code is not None and code not in ("SA", "S2")
        counts[code] = counts.get(code, 0) + 1
    assert len(counts) == 50
    assert max(counts.values()) < 3 * min(counts.values())


# -- the end, as the table hears it ----------------------------------------------------------------

REVEALS = [
    pytest.param(
        "SA S2 S3 S4  H5 H6 H7 H8 D2",
        [
            "Ann: A♠ 2♠ 3♠ 4♠, a total of 10.",
            "Bob: 5♥ 6♥ 7♥ 8♥, a total of 26.",
            "Lowest total wins: Ann wins with 10.",
        ],
        id="the caller is lowest",
    ),
    pytest.param(
        "SA S2 S3 S4  HA H2 H3 H4 D2",
        [
            "Ann: A♠ 2♠ 3♠ 4♠, a total of 10.",
            "Bob: A♥ 2♥ 3♥ 4♥, a total of 10.",
            "Lowest total wins: Bob wins with 10. Ann called cambio, and a caller tied for lowest loses the tie.",
        ],
        id="the caller ties",
    ),
]


@pytest.mark.parametrize(("deck", "lines"), REVEALS)
def test_the_end_shows_every_hand_with_its_total_and_the_rule(deck: str, lines: list[str]) -> None:
    state = play(table(deck=deck), "cambio", "draw", "D2")  # Ann calls; Bob's last turn
    told = presentation_of(state.game).announce(state, state.string_to_action("discard"), ["Ann", "Bob"])
    assert told == ["The game is over, and every hand is shown.", *lines]
    play(state, "discard")
    assert state.is_terminal()


def test_the_end_agrees_with_you() -> None:
    state = play(table(deck="SA S2 S3 S4  H5 H6 H7 H8 D2"), "cambio", "draw", "D2")
    assert presentation_of(state.game).announce(state, state.string_to_action("discard"), ["You", "Computer"])[-1] == (
        "Lowest total wins: You win with 10."
    )
