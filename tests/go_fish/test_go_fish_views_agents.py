"""What each seat sees, the worlds dealt from it, what the table is told, and the three levels."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import deckhand
from deckhand.agents import make_agent
from deckhand.core.cards import CODES
from deckhand.core.presentation import presentation_of
from deckhand.games.go_fish import GoFishState, GoFishView
from deckhand.games.go_fish.state import ASK, REFILL, ask_parts, rank_of
from deckhand.play.tell import told_to_others
from deckhand.testing.secrets import cards_named, ranks_named
from tests.go_fish.helpers import arrange, deal, play


def _random_positions(players: int, count: int = 60) -> list[GoFishState]:
    game = deckhand.load_game("go_fish", players=players)
    out = []
    for seed in range(count):
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(rng.randrange(20, 140)):
            if state.is_terminal():
                break
            state.apply_action(
                state.sample_chance_outcome(rng) if state.is_chance_node() else state.rollout_action(rng)
            )
        assert isinstance(state, GoFishState)
        out.append(state)
    return out


def test_a_view_hides_other_hands_and_the_stock_but_not_what_was_shown() -> None:
    state = deal(deck="S7 H2 D3 C4 S5 H6 D8  H7 D7 S9 H9 D9 CQ SQ")
    play(state, "ask 1 7")
    data = state.view(0).to_json()
    assert data["hands"][0] == ["H2", "D3", "C4", "S5", "H6", "S7", "H7", "D7", "D8"]
    assert data["hands"][1] == ["??"] * 5
    assert data["stock"] == 38 and data["seen"] == [["H7", "D7"], []]
    other = state.view(1).to_json()
    assert other["hands"][0] == ["H7", "D7"] + ["??"] * 7
    assert "history" not in other and other["options"]["deck"] == "stacked (14 cards)"


@pytest.mark.parametrize("players", [2, 4])
def test_sampled_worlds_keep_every_fact(players: int) -> None:
    rng = random.Random(7)
    for state in _random_positions(players, 40):
        for seat in range(players):
            view = state.view(seat)
            for _ in range(5):
                world = view.sample_world(rng)
                assert world.view(seat) == view
                assert Counter(world.cards()) == Counter(state.cards())
                for q, hand in enumerate(world.hands):
                    ranks = Counter(rank_of(c) for c in hand)
                    assert max(ranks.values(), default=0) < 4
                    assert all(ranks[r] for r in range(13) if world.holds[q] >> r & 1)
                    assert not any(ranks[r] for r in range(13) if world.lacks[q] >> r & 1)


def test_worlds_deal_the_unseen_cards_evenly() -> None:
    """The seat asked for sevens holds one: which seven is even among those unseen."""
    state = arrange(["S7 C2", "S9 H9", "D9 C9 SK"], "HK DK HQ DQ CQ SQ H7 D7 C7")
    state.holds[1] |= 1 << 6  # seat 1 once asked for sevens
    state.hands[1].append(state.stock.pop())  # ... and holds C7, unseen
    view = state.view(0)
    rng = random.Random(3)
    counts: Counter[int] = Counter()
    for _ in range(3000):
        world = view.sample_world(rng)
        counts.update(c for c in world.hands[1] if rank_of(c) == 6)
    assert sorted(counts) == [19, 32, 45]  # H7 D7 C7
    assert max(counts.values()) / min(counts.values()) < 1.2


@pytest.mark.parametrize("players", [2, 3])
def test_information_keys_are_equal_exactly_when_views_are(players: int) -> None:
    positions = _random_positions(players, 40)
    keys: dict[object, object] = {}
    for state in positions:
        for seat in range(players):
            view = state.view(seat).to_json()
            key = state.information_key(seat)
            view.pop("options")
            assert keys.setdefault(key, view) == view
    assert len({str(v) for v in keys.values()}) == len(keys)


def test_views_give_agents_typed_accessors() -> None:
    state = play(arrange(["S7 C2", "H7 D7 S9"], "SK HK"), "ask 1 7")
    view = state.view(1)
    assert isinstance(view, GoFishView)
    assert view.hand_sizes() == (4, 1) and view.stock_size() == 2
    assert view.known_ranks(0) == {6} and view.lacks(1) == {6}
    assert [CODES[c] for c in view.seen_in(0)] == ["H7", "D7"]


# -- what the table is told ----------------------------------------------------------------


def _told(state: GoFishState, move: str, names: list[str] | None = None) -> list[str]:
    names = names or [f"Seat {i}" for i in range(state.game.num_players)]
    return presentation_of(state.game).announce(state, state.string_to_action(move), names)


TOLD = [
    (["S7 C2", "H7 D7 S9"], "SK", "ask 1 7", ["Seat 1 hands over two 7s: 7♥ and 7♦.", "Seat 0 goes on."]),
    (["S7 C2", "S9"], "SK", "ask 1 7", ["Seat 1 has no 7s: go fish!"]),
    (
        ["S7 C2", "S9 H2"],
        "",
        "ask 1 7",
        ["Seat 1 has no 7s, and the stock is empty.", "The turn passes to Seat 1."],
    ),
    (
        ["S7 H7 D7 C2", "C7 S9"],
        "SK",
        "ask 1 7",
        ["Seat 1 hands over the 7♣.", "Seat 0 lays down a book of 7s: 7♠ 7♥ 7♦ 7♣.", "Seat 0 goes on."],
    ),
]


@pytest.mark.parametrize(("hands", "stock", "move", "lines"), TOLD)
def test_what_an_ask_tells_the_table(hands: list[str], stock: str, move: str, lines: list[str]) -> None:
    assert _told(arrange(hands, stock), move) == lines


def test_a_draw_names_only_a_card_it_shows() -> None:
    state = play(arrange(["S7 C2", "S9"], "H7 SK"), "ask 1 7")
    assert _told(state, "H7") == ["Seat 0 draws 7♥, the rank asked for, and shows it.", "Seat 0 goes on."]
    assert _told(state, "SK", ["You", "Computer"]) == [
        "You draw a card from the stock.",
        "The turn passes to Computer.",
    ]


def test_you_are_told_with_the_verbs_of_you() -> None:
    """The table calls the person at the screen "You": every verb of theirs agrees, the second one too."""
    asked = play(arrange(["S7 C2", "S9"], "H7 SK"), "ask 1 7")
    assert _told(asked, "H7", ["You", "Computer"])[0] == "You draw 7♥, the rank asked for, and show it."
    emptied = arrange(["", "S9 H9"], "SK HK")
    emptied.phase = REFILL  # an empty hand draws before it asks
    assert _told(emptied, "SK", ["You", "Computer"])[0] == "You have no cards and draw one from the stock."
    assert _told(emptied, "SK")[0] == "Seat 0 has no cards and draws one from the stock."
    passed = arrange(["S7 C2", "S9 H2"], "")
    assert _told(passed, "ask 1 7", ["Computer", "You"])[-1] == "The turn passes to you."


def test_the_end_is_told_with_the_books() -> None:
    state = arrange(["S7 H7 D7", "C7", "S9"], books=["AXJQK2", "3456", "8"])
    state.hands[2] = []
    assert _told(state, "ask 1 7")[-1] == "All 13 books are down (Seat 0: 7, Seat 1: 4, Seat 2: 1): Seat 0 wins."


# -- the levels -------------------------------------------------------------------------------


def test_the_levels() -> None:
    game = deckhand.load_game("go_fish")
    assert game.LEVELS == {"easy": "guess", "medium": "recall", "hard": "infer"}
    assert game.SEARCH.startswith("ismcts:iterations=")


def test_hard_asks_where_a_rank_is_known_and_says_why() -> None:
    state = arrange(["S7 H2 D2 C2", "S9 H9", "D9 C7"], "SK HK")
    state.holds[2] |= 1 << 6  # seat 2 asked for sevens before
    told = make_agent("hard", state.game).explain(state.view(0), random.Random(1))
    assert told.notation == "ask 2 7"
    assert told.reason == "they asked for 7s and have handed none over since: they still hold one, and you hold one"
    assert told.public == "it remembers who asked for 7s"
    others = {c.notation: c.note for c in told.candidates[1:]}  # no chance reckoned: none is claimed
    assert others and {note.split("; ", 1)[1] for note in others.values()} == {
        "not reckoned: a question sure of an answer comes first"
    }
    assert all(c.value is None for c in told.candidates[1:])


@pytest.mark.parametrize("worlds", ["0", "-3", "1.5", "many"])
def test_hard_with_a_bad_count_of_worlds_is_a_one_line_error(worlds: str) -> None:
    with pytest.raises(deckhand.ConfigError, match="worlds must be a whole number >= 1") as caught:
        make_agent(f"infer:worlds={worlds}", deckhand.load_game("go_fish"))
    assert "\n" not in str(caught.value)


def test_hard_fishes_for_its_most_held_rank_where_an_answer_may_come() -> None:
    """Mid-game it asks for the rank it holds most of, as recall does, never where the seat holds none."""
    state = arrange(["S2 H2 D2 S7", "S9 H9", "D9 C7"], "SK HK C2 H7 D7 CK HQ")
    state.lacks[1] |= 1 << 1  # seat 1 said "go fish" to twos
    told = make_agent("hard", state.game).explain(state.view(0), random.Random(3))
    assert told.notation == "ask 2 2"
    assert told.reason.startswith("nobody is known to hold a rank of yours; of those they may hold, you hold the most")
    assert "% of the deals that fit what you have seen" in told.reason and "2s" not in told.public
    assert told.candidates[-1].note.endswith("; they hold none in any likely deal")  # asking seat 1 for twos


def test_hard_keeps_asking_for_a_rank_the_seat_may_hold_however_unlikely() -> None:
    """Seat 1 said "go fish" to twos and has drawn one card since: a two is unlikely but possible, and
    asking again reveals nothing new, so hard asks for twos again rather than show its sevens."""
    state = deal(deck="S2 H2 D2 S7 H8 D4 CQ  S9 H9 C9 SJ HJ S5 SK  C5 HQ", players=2)
    play(state, "ask 1 2", "C5", "ask 0 9", "HQ")  # seat 0 fished for twos; seat 1 for nines, then drew
    view = state.view(0)
    assert isinstance(view, GoFishView) and view.may_hold(1, 1)
    told = make_agent("hard", state.game).explain(view, random.Random(4))
    assert told.notation == "ask 1 2"


def test_hard_asks_where_an_answer_is_likely_once_the_stock_is_nearly_out() -> None:
    """Four cards left: seat 1 holds four of the eight unseen cards; a seven it likely holds
    (three are unseen: 93%) beats the last two (one is unseen: 50%), though seat 0 holds more twos."""
    state = arrange(["S7 S2 H2 D2", "H7 D7 C7 C9"], "C2 S9 H9 D9", books=["", "A34568XJQK"])
    told = make_agent("hard", state.game).explain(state.view(0), random.Random(2))
    assert told.notation == "ask 1 7"
    assert told.reason.startswith("with four cards left in the stock, they hold 7s in")
    assert make_agent("medium", state.game).explain(state.view(0), random.Random(2)).notation == "ask 1 2"


def test_guess_asks_at_random_among_the_legal_asks() -> None:
    state = deal(seed=2)
    agent = make_agent("easy", state.game)
    picks = {agent.step(state.view(0), random.Random(i)) for i in range(40)}
    assert picks <= set(state.legal_actions()) and len(picks) > 2


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "ismcts:iterations=30"])
def test_every_level_plays_legally_and_tells_others_no_card(level: str) -> None:
    game = deckhand.load_game("go_fish", players=3)
    agent = make_agent(level, game)
    rng = random.Random(5)
    state = game.new_initial_state()
    codes = game.all_cards()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        explanation = agent.explain(state.view(state.current_player()), rng)
        assert explanation.action in state.legal_actions() and explanation.reason
        told = told_to_others(state, explanation, ["You", "Computer 1", "Computer 2", "Computer 3"][: game.num_players])
        public = f"{told.words} {told.why}"
        assert not cards_named(public, codes) and not ranks_named(public)
        assert ask_parts(explanation.action) is not None and state.phase == ASK
        state.apply_action(explanation.action)
