"""Basra for four (the ``partners`` preset): deals, partnerships, views, agents, screens."""

from __future__ import annotations

import importlib.util
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

import deckhand
from deckhand import CHANCE, ConfigError, load_game
from deckhand.agents.registry import make_agent
from deckhand.core.presentation import presentation_of
from deckhand.core.rules_text import rules_text
from deckhand.games.basra import BasraState
from deckhand.render import Context, renderer_for
from deckhand.terminal.reader import ScriptReader
from deckhand.terminal.session import Session
from deckhand.testing import check_random_game, check_secrets
from deckhand.testing.secrets import quick_spec
from tests.basra.helpers import arrange_seats, deal, play
from tests.conformance.kinds import kinds_played
from tests.conformance.reached import REACHED

FIRST_DEAL = "SA S2 S3 S4  HA H2 H3 H4  CA C2 C3 C4  DA D2 D3 D4  S5 S6 S7 S8"
NAMES = ["You", "Computer 1", "Computer 2", "Computer 3"]


def test_partners_is_the_egyptian_game_for_four() -> None:
    partners, egyptian = load_game("basra", preset="partners"), load_game("basra", preset="egyptian")
    assert partners.num_players == 4 and egyptian.num_players == 2
    assert load_game("basra").num_players == 2
    same = {k: v for k, v in partners.options.items() if k not in ("preset", "players")}
    assert same == {k: v for k, v in egyptian.options.items() if k not in ("preset", "players")}
    assert load_game("basra", preset="egyptian", players=4).options == {**partners.options, "preset": "egyptian"}
    assert partners.rules_version == "2"
    with pytest.raises(ConfigError, match="players"):
        load_game("basra", players=3)


def test_the_first_deal_goes_round_from_the_dealers_left_then_to_the_table() -> None:
    state = deal("partners", deck=FIRST_DEAL)
    data = state.to_json()
    assert state.dealer == 3
    assert data["hands"] == [
        ["SA", "S2", "S3", "S4"],
        ["HA", "H2", "H3", "H4"],
        ["CA", "C2", "C3", "C4"],
        ["DA", "D2", "D3", "D4"],
    ]
    assert data["table"] == ["S5", "S6", "S7", "S8"]
    assert data["deck"] == 52 - 20 and data["teams"] == [[0, 2], [1, 3]]
    seats = []
    for _ in range(8):
        seats.append(state.current_player())
        state.apply_action(state.legal_actions()[-1])
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3]


def deals_of_first_deck(state: BasraState) -> list[tuple[int, int, int]]:
    """(cards each seat got, cards dealt to the table, cards left in the deck) for each deal of deck 1."""
    rng = random.Random(1)
    out = []
    while state.deck_no == 1 and not state.is_terminal():
        if state.is_chance_node():
            while state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            if state.deck_no > 1:
                break
            sizes = {len(hand) for hand in state.hands}
            assert len(sizes) == 1, "every seat gets the same number of cards"
            out.append((sizes.pop(), state.deal_table, len(state.pile)))
        else:
            state.apply_action(state.rollout_action(rng))
    return out


@pytest.mark.parametrize(
    ("options", "deals"),
    [
        ({"preset": "partners"}, [(4, 4, 32), (4, 0, 16), (4, 0, 0)]),  # 52 = 4 + 3 × 16
        ({"preset": "bazzi", "players": 4}, [(5, 4, 20), (5, 0, 0)]),  # 44 = 4 + 2 × 20
        ({"preset": "bazzi", "players": 4, "hand_size": 4}, [(4, 4, 24), (4, 0, 8), (2, 0, 0)]),  # the last deal short
        ({"preset": "egyptian"}, [(4, 4, 40), *[(4, 0, 40 - 8 * i) for i in range(1, 6)]]),  # two seats: as before
    ],
    ids=str,
)
def test_deal_sizes_of_each_deal(options: dict[str, Any], deals: list[tuple[int, int, int]]) -> None:
    state = load_game("basra", **options).new_initial_state()
    assert deals_of_first_deck(state) == deals


def test_the_deal_and_the_lead_pass_to_the_left_with_each_deck() -> None:
    state = load_game("basra", preset="partners", target=1000).new_initial_state()
    rng = random.Random(2)
    seen = []
    while state.deck_no <= 4:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            if not state.is_chance_node() and len(state.pile) == 32:
                seen.append((state.deck_no, state.dealer, state.current_player()))
        else:
            state.apply_action(state.rollout_action(rng))
    assert seen == [(1, 3, 0), (2, 0, 1), (3, 1, 2), (4, 2, 3)]


def test_partners_share_a_pile_and_a_score() -> None:
    state = arrange_seats(hands=["H5 S9", "D9 CK", "HX H8", "S8 C8"], table="C5 C2 D3 DX")
    play(state, "play H5 {C5} {C2 D3}", "play D9", "play HX {DX}")
    assert state.scores() == [5.0, 0.0, 5.0, 0.0]  # 2♣ 2 by seat 0, 10♦ 3 by seat 2
    piles = state.to_json()["piles"]
    assert piles[0] == piles[2] == ["C5", "C2", "D3", "H5", "DX", "HX"]
    assert piles[1] == piles[3] == []
    assert state.current_player() == 3


def test_a_basra_counts_for_its_seat_and_its_points_for_the_partnership() -> None:
    state = arrange_seats(hands=["H9 S9", "D9 CK", "H4 H8", "S8 C8"], table="C4", mover=2)
    play(state, "play H4 {C4}")
    assert state.to_json()["basras"] == [0, 0, 1, 0]
    assert state.scores() == [10.0, 0.0, 10.0, 0.0]


LAST_CARDS = [
    # (table, hands of seats 0-3, their last moves in turn, the seat that captured last, its partnership)
    ("C5 DX", ["HQ", "SK", "C9", "D5"], ["play HQ", "play SK", "play C9", "play D5 {C5}"], 3, 1),
    ("S5 DX", ["HQ", "SK", "C5", "D9"], ["play HQ", "play SK", "play C5 {S5}", "play D9"], 2, 0),
    ("C5 DX", ["HQ", "S5", "C9", "DK"], ["play HQ", "play S5 {C5}", "play C9", "play DK"], 1, 1),
]


@pytest.mark.parametrize(("table", "hands", "moves", "last", "side"), LAST_CARDS)
def test_the_end_of_a_deck_goes_to_the_last_capturers_partnership(
    table: str, hands: list[str], moves: list[str], last: int, side: int
) -> None:
    state = arrange_seats(hands=hands, table=table, max_decks=1)
    state.pile = []  # these are the deck's last cards
    for text in moves[:-1]:
        play(state, text)
    told = " ".join(presentation_of(state.game).announce(state, state.string_to_action(moves[-1]), NAMES))
    play(state, moves[-1])
    # 10♦ (3) with the leftovers, and 3 for most cards: 6 cards to none
    expected = [0.0] * 4
    expected[side] = expected[side + 2] = 6.0
    assert state.scores() == expected
    assert state.is_terminal()
    returns = [0.0] * 4
    returns[side] = returns[side + 2] = 0.5
    assert state.returns() == returns
    piles = state.to_json()["piles"]
    assert len(piles[side]) == 6 and piles[side] == piles[side + 2] and piles[1 - side] == []
    said = ["you" if name == "You" else name for name in NAMES]  # after a preposition
    partners = f"{said[side]} and {said[side + 2]}"
    assert f"goes to the last capturer, {said[last]}, for {partners}." in told
    assert f"Most cards (6 to 0): 3 points for {partners}." in told


def test_no_capture_at_all_is_a_tie_shared_by_all_four() -> None:
    state = arrange_seats(hands=["HQ", "SK", "C9", "D8"], table="S5 DX", max_decks=1)
    state.pile = []
    play(state, "play HQ", "play SK", "play C9", "play D8")
    assert state.is_terminal() and state.returns() == [0.25] * 4


def test_the_target_is_a_partnerships_and_play_goes_on_until_the_deal_ends() -> None:
    state = arrange_seats(hands=["HQ HX", "SK H9", "C5 H2", "D9 H3"], table="S5 DX", target=3)
    play(state, "play HQ", "play SK", "play C5 {S5}", "play D9", "play HX {DX}")
    assert state.scores() == [3.0, 0.0, 3.0, 0.0] and state.current_player() == 1
    play(state, "play H9 {D9}", "play H2", "play H3")
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.0, 0.5, 0.0]


def test_each_seat_sees_only_its_own_hand_and_partners_see_nothing_of_each_other() -> None:
    state = deal("partners", deck=FIRST_DEAL)
    hands = state.to_json()["hands"]
    for seat in range(4):
        view = state.view(seat).to_json()
        assert view["hands"] == [hands[s] if s == seat else 4 for s in range(4)]
        text = json.dumps({k: v for k, v in view.items() if k != "options"})
        for other in range(4):
            if other != seat:
                assert not any(f'"{code}"' in text for code in hands[other])
    public = state.public_view().to_json()
    assert public["hands"] == [4, 4, 4, 4] and public["viewer"] == deckhand.PUBLIC
    text = json.dumps({k: v for k, v in public.items() if k != "options"})
    assert not any(f'"{code}"' in text for hand in hands for code in hand)


def test_sample_world_deals_the_hidden_cards_among_the_three_other_hands() -> None:
    state = deal("partners", deck=FIRST_DEAL)
    view = state.view(0)
    seen = {"SA", "S2", "S3", "S4", "S5", "S6", "S7", "S8"}
    rng = random.Random(3)
    partner_hands = set()
    found: dict[int, set[str]] = {1: set(), 2: set(), 3: set()}
    for _ in range(200):
        world = view.sample_world(rng)
        assert world.view(0) == view
        hands = world.to_json()["hands"]
        assert hands[0] == ["SA", "S2", "S3", "S4"]
        for seat in (1, 2, 3):
            assert len(hands[seat]) == 4 and not seen & set(hands[seat])
            found[seat].update(hands[seat])
        partner_hands.add(tuple(hands[2]))
    assert len(partner_hands) > 100  # the partner's hand is as unknown as an opponent's
    assert all(len(cards) == 52 - 8 for cards in found.values())


def test_information_key_equal_exactly_when_views_are() -> None:
    state = deal("partners", seed=4)
    rng = random.Random(4)
    seen: dict[object, str] = {}
    for _ in range(80):
        for p in range(4):
            key, view = state.information_key(p), str(state.view(p).to_json())
            assert seen.setdefault(key, view) == view
            assert state.view(p).sample_world(rng).information_key(p) == key
        state.apply_action(state.rollout_action(rng))
    assert len(set(seen.values())) == len(seen)


def test_the_estimate_at_a_fresh_deck_is_shared_by_partners() -> None:
    state = deal("partners", seed=5)
    rng = random.Random(5)
    while state.deck_no == 1:
        state.apply_action(state.rollout_action(rng))
    estimate = state.playout_estimate()
    assert estimate is not None and len(estimate) == 4
    assert estimate[0] == estimate[2] and estimate[1] == estimate[3]
    assert sum(estimate) == pytest.approx(1.0)
    a, b = state.totals
    assert (estimate[0] > estimate[1]) == (a > b) or a == b


LEVELS = ["easy", "medium", "hard", "ismcts", "openloop"]


def agent_spec(game: deckhand.Game, level: str) -> str:
    """The level's agent, searches on a small budget: the choices are legal whatever the budget."""
    spec = game.LEVELS.get(level, f"{level}:iterations=60")
    return quick_spec(spec, 60)


@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_full_game_at_four_seats_for_every_level(level: str) -> None:
    game = load_game("basra", preset="partners")
    spec = agent_spec(game, level)
    agents = [make_agent(spec, game), make_agent("random", game), make_agent(spec, game), make_agent("medium", game)]
    rngs = [random.Random(10 + seat) for seat in range(4)]
    state = game.new_initial_state()
    rng = random.Random(7)
    moves = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        action = agents[player].step(state.view(player), rngs[player])
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 48 and sorted(state.returns()) in ([0.0, 0.0, 0.5, 0.5], [0.25] * 4)
    assert max(state.totals) >= 101 or state.deck_no == game.options["max_decks"]


FOUR_SEATS: list[Any] = [
    pytest.param({"preset": "partners"}, (3,), id="partners-quick"),
    pytest.param({"preset": "bazzi", "players": 4}, (0,), id="bazzi-4-quick"),
    *(
        pytest.param(options, tuple(range(6)), id=f"{name}-soak", marks=pytest.mark.slow)
        for name, options in [("partners", {"preset": "partners"}), ("bazzi-4", {"preset": "bazzi", "players": 4})]
    ),
]
"""Six seeded games in the slow tier; by default one that makes every kind of move the preset's two-seat
random games make (``tests/conformance/reached.json``)."""


@pytest.mark.parametrize(("options", "seeds"), FOUR_SEATS)
def test_random_games_at_four_seats_keep_every_promise(options: dict[str, Any], seeds: tuple[int, ...]) -> None:
    game = load_game("basra", **options)
    seen: dict[object, None] = {}
    kinds: set[str] = set()
    for seed in seeds:
        kinds |= kinds_played(check_random_game(game, seed, foreign=seen))
    moves = {kind for kind in REACHED[("basra", options["preset"])] if not kind.startswith("end:")}
    assert moves <= kinds, f"kinds of moves not reached: {sorted(moves - kinds)}"


@pytest.mark.parametrize(
    "options",
    [{"preset": "partners"}, pytest.param({"preset": "bazzi", "players": 4}, marks=pytest.mark.slow)],
    ids=str,
)
def test_no_seat_of_four_receives_a_card_it_cannot_see(options: dict[str, Any]) -> None:
    game = load_game("basra", **options)
    levels = [make_agent(agent_spec(game, level), game) for level in LEVELS]
    check_secrets(game, 1, levels[:4])
    check_secrets(game, 2, [levels[4], levels[0], levels[4], levels[1]])


def _suite(name: str) -> Any:
    path = Path(__file__).parents[1] / "conformance" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"basra_partners_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shared_suites_include_the_partners_preset() -> None:
    assert ("basra", "partners") in _suite("test_conformance").configs()
    assert ("basra", {"preset": "partners"}) in _suite("test_secrets").hidden_configs()


def test_the_terminal_draws_four_seats_and_the_partnerships() -> None:
    game = load_game("basra", preset="partners")
    state = game.new_initial_state()
    rng = random.Random(8)
    render = renderer_for("basra")
    for _ in range(60):
        if state.current_player() >= 0:
            for seat in range(4):
                data = state.view(seat).to_json()
                out = io.StringIO()
                Console(file=out, width=80, color_system=None).print(render(data, Context(viewer=seat, names=NAMES)))
                text = out.getvalue()
                assert all(name in text for name in NAMES)
                assert "You & Computer 2" in text and "Computer 1 & Computer 3" in text
                assert "with Computer 2" in text and "with You" in text
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(state.sample_chance_outcome(rng))


def test_every_turn_at_four_seats_fits_an_80_by_24_terminal() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    game = load_game("basra", preset="partners")
    pick = random.Random(1)
    lines = [str(pick.choice([1, 2, 2, 3, 4])) for _ in range(600)]
    Session(game, ["human", "easy", "easy", "easy"], console=console, reader=ScriptReader(lines, console), seed=1).run()
    text = out.getvalue()
    assert "Game over" in text
    turns = [part.split("\nYou > ")[0] for part in text.split("\n──")[1:] if "to play ─" in part.splitlines()[0]]
    assert len(turns) > 3
    for screen in turns:
        rows = sum(max(1, -(-cell_len(line) // 80)) for line in ("──" + screen + "\nYou > ").splitlines())
        assert rows <= 24, screen


def test_the_rules_text_explains_the_partnerships() -> None:
    text = rules_text("basra")
    assert "--preset partners" in text and "seats 0 and 2 against seats 1 and 3" in text
