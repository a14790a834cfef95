"""Three Trios rules (docs/games/three_trios.md): readers, battles, notation, agents and the solver."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.core.errors import ConfigError, IllegalActionError, NotationError
from deckhand.core.presentation import presentation_of
from deckhand.games.three_trios import parse_board, parse_cards
from deckhand.games.three_trios.files import read_board, read_cards
from deckhand.games.three_trios.hints import flip_hints

FIXTURES = Path(__file__).parent / "fixtures"
REFUSED = {
    "boards/all_holes.txt": "0 card cells; the number must be odd",
    "boards/bad_size_line.txt": r"line 1: expected 'ROWS COLS' \(two whole numbers\)",
    "boards/cols_too_few.txt": "line 2: the header says 4 columns, but row 0 has 3",
    "boards/cols_too_many.txt": "line 2: the header says 2 columns, but row 0 has 3",
    "boards/digits.txt": "line 2, column 1: unknown character '1'",
    "boards/empty.txt": "empty board file",
    "boards/even_cells.txt": "4 card cells; the number must be odd",
    "boards/lowercase.txt": "line 2, column 1: unknown character 'c'",
    "boards/rows_too_few.txt": "line 5: the header says 4 rows, but the file has 3",
    "boards/rows_too_many.txt": "line 4: the header says 2 rows, but the file has 3",
    "boards/unknown_characters.txt": "line 3, column 2: unknown character 'O'",
    "boards/words_for_size.txt": "line 1: expected 'ROWS COLS'",
    "cards/duplicate_names.txt": r"line 2: duplicate card name 'Kraken' \(first on line 1\)",
    "cards/empty.txt": "holds no cards",
    "cards/no_name.txt": r"line 1: expected 'NAME N S E W' \(5 fields\), found 4",
    "cards/two_values.txt": r"line 1: expected 'NAME N S E W' \(5 fields\), found 3",
    "cards/value_eleven.txt": "line 1: north value '11' is not 1-9, A or 10",
    "cards/value_zero.txt": "line 1: north value '0' is not 1-9, A or 10",
    "cards/words_for_values.txt": "line 1: north value 'nine'",
}
"""Files written the way other programs write them, broken on purpose: each refused with the file, the line and why
(docs/sources.md, *Files from other programs*)."""


def game_with(tmp_path: Path, board: str, cards: str, **options: object) -> deckhand.Game:
    (tmp_path / "board.txt").write_text(board)
    (tmp_path / "cards.txt").write_text(cards)
    options.setdefault("shuffle", False)  # dealt from the top of the file, alternately: the tests name the hands
    return deckhand.load_game(
        "three_trios", board=str(tmp_path / "board.txt"), cards=str(tmp_path / "cards.txt"), **options
    )


ROW = "1 3\nCCC\n"


@pytest.mark.parametrize(
    ("rules", "red", "blue", "last", "board"),
    [
        (["greater"], "R 1 1 5 1", "B 1 1 1 3", "R2 1 1 9 9", "RRR"),
        # reverse: B's 1 takes R2's 9; then 2 takes B's 3 and the combo takes R2 back
        (["reverse"], "R 1 1 2 1", "B 1 1 1 3", "R2 1 1 9 9", "RRR"),
        (["greater", "fallen-ace"], "R 1 1 1 1", "B 1 1 1 A", "R2 1 1 9 9", "RRR"),
        (["greater"], "R 1 1 1 1", "B 1 1 1 A", "R2 1 1 9 9", "RBR"),
    ],
)
def test_comparison_rules(tmp_path: Path, rules: list[str], red: str, blue: str, last: str, board: str) -> None:
    game = game_with(tmp_path, ROW, f"{red}\n{blue}\n{last}\nSpare 1 1 1 1", rules=rules)
    state = game.new_initial_state()
    for move in ("B 0,1", "R 0,0"):
        if move.startswith("B"):
            state.apply_action(state.string_to_action("R2 0,2"))
            state.apply_action(state.string_to_action(move))
        else:
            state.apply_action(state.string_to_action(move))
    assert state.is_terminal()
    assert state.to_json()["board"] == [board]


def test_same_plus_and_combo(tmp_path: Path) -> None:
    board = "3 3\nCCC\nCCC\nCCC\n"
    cards = "\n".join(f"C{i} 5 5 5 5" for i in range(10))
    game = game_with(tmp_path, board, cards, rules=["same"])
    state = game.new_initial_state()
    for move in ("C0 0,1", "C1 1,0", "C2 2,2", "C3 1,2"):
        state.apply_action(state.string_to_action(move))
    state.apply_action(state.string_to_action("C4 1,1"))  # four 5-5 matches: same flips the blue ones
    assert state.to_json()["board"] == [".R.", "RRR", "..R"]
    with pytest.raises(ConfigError, match="same and plus"):
        deckhand.load_game("three_trios", rules="same plus")
    with pytest.raises(ConfigError, match="greater and reverse"):
        deckhand.load_game("three_trios", rules=["greater", "reverse"])


def test_bad_moves_change_nothing() -> None:
    game = deckhand.load_game("three_trios", preset="file-order")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("Griffin 0,0"))
    before = state.to_json()
    for text in ("Kraken 0,0", "Wyvern 1,1", "Griffin 1,1"):
        with pytest.raises(IllegalActionError):
            state.apply_action(state.string_to_action(text))
    with pytest.raises(IllegalActionError, match="outside"):
        state.string_to_action("Kraken 3,0")
    with pytest.raises(NotationError):
        state.string_to_action("Kraken")
    assert state.to_json() == before
    assert state.string_to_action("#0 1,1") == state.string_to_action("Kraken 1,1")


def test_readers_name_file_and_line() -> None:
    with pytest.raises(ConfigError, match=r"b.txt, line 3: .*2 columns"):
        parse_board("2 2\nCX\nC\n", "b.txt")
    with pytest.raises(ConfigError, match="must be odd"):
        parse_board("2 2\nCC\nCC", "b.txt")
    with pytest.raises(ConfigError, match=r"c.txt, line 2: duplicate"):
        parse_cards("A 1 2 3 4\nA 1 2 3 4", "c.txt")
    assert [c.values for c in parse_cards("x a 10 A 9", "c.txt")] == [(10, 10, 10, 9)]


@pytest.mark.parametrize("name", sorted(str(p.relative_to(FIXTURES)) for p in FIXTURES.glob("*/*.txt")))
def test_files_from_the_field_load_or_are_refused_naming_the_line(name: str) -> None:
    path = FIXTURES / name
    reader = read_board if name.startswith("boards/") else read_cards
    if name in REFUSED:
        with pytest.raises(ConfigError, match=REFUSED[name]) as refused:
            reader(path)
        assert str(refused.value).startswith(str(path)) and "\n" not in str(refused.value)
    else:
        assert reader(path)


def test_the_quirks_read_as_they_mean() -> None:
    assert read_cards(FIXTURES / "cards" / "ace_forms.txt")[0].values == (10, 1, 10, 10)
    assert [c.name for c in read_cards(FIXTURES / "cards" / "no_final_newline.txt")][-1] == "Four"
    assert read_board(FIXTURES / "boards" / "crlf.txt") == read_board(FIXTURES / "boards" / "plain_3x3.txt")


def test_hints_and_strategies() -> None:
    game = deckhand.load_game("three_trios", preset="file-order")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("Griffin 1,1"))
    hints = flip_hints(state, "Kraken")
    assert hints.at(1, 1) is None and len(hints.grid) == 3
    rng = random.Random(1)
    for name in ("corner", "flip-most", "least-exposed", "minimax", "solver"):
        explanation = make_agent(name, game).explain(state.view(1), rng)
        assert explanation.action in state.legal_actions()
        assert explanation.reason


def test_hint_marks_are_the_flip_hints_by_cell_in_notation() -> None:
    game = deckhand.load_game("three_trios", preset="file-order")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("Griffin 1,1"))
    expected = flip_hints(state, "Kraken", 1)
    grid = {f"{r},{c}": n for r, row in enumerate(expected.grid) for c, n in enumerate(row) if n is not None}
    assert presentation_of(game).hint_marks(state.view(1), "kraken") == ("Kraken", grid)
    assert presentation_of(game).hint_marks(state.view(1), None, state.string_to_action("Kraken 0,0")) == (
        "Kraken",
        grid,
    )
    with pytest.raises(NotationError, match="no card called"):
        presentation_of(game).hint_marks(state.view(1), "Griffin")


def test_hint_marks_count_what_each_placement_would_really_flip() -> None:
    """The hint's numbers, checked by playing each placement on a copy and counting the cards that change colour."""
    game = deckhand.load_game("three_trios", preset="file-order")
    state = game.new_initial_state()
    for text in ["Griffin 0,0", "Kraken 0,1", "Wyvern 1,1", "Golem 1,0"]:
        state.apply_action(state.string_to_action(text))
    before = state.to_json()["board"]
    for card in ["Sphinx", "Phoenix", "Chimera"]:
        used, marks = presentation_of(game).hint_marks(state.view(0), card)
        assert used == card and marks
        for cell, flips in marks.items():
            after = state.child(state.string_to_action(f"{card} {cell}")).to_json()["board"]
            turned = sum(
                1 for r, line in enumerate(before) for c, mark in enumerate(line) if mark == "B" and after[r][c] == "R"
            )
            assert flips == turned, (card, cell)


def test_solver_takes_the_win(tmp_path: Path) -> None:
    game = game_with(tmp_path, "1 3\nCCC\n", "R 1 1 9 9\nB 1 1 1 1\nR2 1 1 1 9\nSpare 1 1 1 1")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("R 0,0"))
    state.apply_action(state.string_to_action("B 0,1"))
    explanation = make_agent("solver", game).explain(state.view(0), random.Random(0))
    assert explanation.notation == "R2 0,2" and explanation.data["result"] == "win"


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("strategy1", "CornerAgent"),
        ("strategy2", "FlipMostAgent"),
        ("strategy3", "LeastExposedAgent"),
        ("strategy4", "MinimaxAgent"),
    ],
)
def test_the_seeds_strategy_names_are_aliases(alias: str, name: str) -> None:
    assert type(make_agent(alias, deckhand.load_game("three_trios"))).__name__ == name


BROKEN_BOARDS = [
    ("empty", "", "empty board file"),
    ("header only", "3 3\n", "3 rows"),
    ("header lies about the rows", "3 3\nCCC\nCCC\n", "3 rows"),
    ("a row too short", "2 3\nCCC\nCC\n", r"line 3: .*3 columns"),
    ("a row too long", "1 3\nCCCC\n", r"line 2: .*3 columns"),
    ("unknown character", "1 3\nCYC\n", r"line 2, column 2: unknown character 'Y'"),
    ("lower-case letters", "1 3\nccc\n", r"line 2, column 1: unknown character 'c'"),
    ("an even number of card cells", "2 2\nCC\nCC\n", "must be odd"),
    ("no card cells", "1 3\nXXX\n", "must be odd"),
    ("words in the header", "three three\nCCC\n", "line 1: expected 'ROWS COLS'"),
    ("a superscript in the header", "1 ²\nC\n", "line 1: expected 'ROWS COLS'"),
    ("zero rows", "0 3\n", "at least 1"),
]


BROKEN_CARDS = [
    ("empty", "", "no cards"),
    ("a card with two values", "Dragon 1 2\n", r"line 1: .*found 3"),
    ("a card with five values", "Dragon 1 2 3 4 5\n", r"line 1: .*found 6"),
    ("a value of 11", "Dragon 1 2 3 11\n", r"line 1: west value '11' is not 1-9, A or 10"),
    ("a value of 0", "Dragon 0 2 3 4\n", "north value '0'"),
    ("a letter for a value", "Dragon B 2 3 4\n", "north value 'B'"),
    (
        "the same name twice",
        "Dragon 1 2 3 4\nDragon 4 3 2 1\n",
        r"line 2: duplicate card name 'Dragon' \(first on line 1\)",
    ),
]


BROKEN_FILES = [("board.txt", read_board, *case) for case in BROKEN_BOARDS] + [
    ("cards.txt", read_cards, *case) for case in BROKEN_CARDS
]


@pytest.mark.parametrize(
    ("filename", "reader", "text", "message"),
    [(f, r, text, m) for f, r, _, text, m in BROKEN_FILES],
    ids=[f"{f.split('.')[0]}: {name}" for f, _, name, _, _ in BROKEN_FILES],
)
def test_broken_board_and_card_files_name_the_problem(
    tmp_path: Path, filename: str, reader: Callable[[Path], object], text: str, message: str
) -> None:
    path = tmp_path / filename
    path.write_text(text)
    with pytest.raises(ConfigError, match=message) as info:
        reader(path)
    assert filename in str(info.value) and "\n" not in str(info.value)


def test_too_few_cards_for_the_board_is_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cards"):
        game_with(tmp_path, "1 3\nCCC\n", "A 1 1 1 1\nB 1 1 1 1\nC 1 1 1 1\n")


def test_files_with_crlf_are_read(tmp_path: Path) -> None:
    game = game_with(tmp_path, "1 3\r\nCCC\r\n", "A 1 1 1 1\r\nB 2 2 2 2\r\nC 3 3 3 a\r\nD 4 4 4 4")
    assert game.new_initial_state().to_json()["board"] == ["..."]
    game = game_with(tmp_path, "1 1\nC", "A 1 1 1 1\nB 2 2 2 2")  # no final newline
    assert game.new_initial_state().to_json()["board"] == ["."]


def _dealt(preset: str, seed: int) -> tuple[list[str], list[str]]:
    """The two hands ``preset`` deals with chance drawn from ``random.Random(seed)``."""
    state = deckhand.load_game("three_trios", preset=preset).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    red, blue = state.to_json()["hands"]
    return red, blue


@pytest.mark.parametrize(
    ("preset", "board", "new_deal_every_game"),
    [("classic", "classic", True), ("holes", "holes", True), ("file-order", "classic", False)],
)
def test_the_played_presets_shuffle_and_file_order_deals_the_seeds_hands(
    preset: str, board: str, new_deal_every_game: bool
) -> None:
    assert deckhand.load_game("three_trios", preset=preset).options["board"] == board
    deals = {str(_dealt(preset, seed)) for seed in range(6)}
    assert (len(deals) > 1) == new_deal_every_game
    if not new_deal_every_game:
        red, blue = _dealt(preset, 0)
        assert red[:2] == ["Griffin", "Wyvern"] and blue[:2] == ["Kraken", "Golem"]  # alternately from the top


def test_the_default_game_shuffles() -> None:
    assert deckhand.load_game("three_trios").new_initial_state().is_chance_node()
    assert not deckhand.load_game("three_trios", preset="file-order").new_initial_state().is_chance_node()
