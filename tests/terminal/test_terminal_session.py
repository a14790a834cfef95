"""The terminal session: moves by notation or number, bad input, hints, saves, hot-seat, peeks."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import deckhand
from deckhand.core.errors import ConfigError
from deckhand.play.saves import list_saves, load_file
from deckhand.play.seats import parse_seats, seat_names
from deckhand.store import statistics
from deckhand.terminal.reader import ScriptReader
from deckhand.terminal.session import Session

Play = Callable[..., tuple[Session, io.StringIO]]
"""The ``session`` fixture (see conftest): a scripted session and what it printed."""

FILE_ORDER = "file-order"
"""Three Trios dealt from the top of its card file: red holds Griffin, Wyvern, ...; blue Kraken, Golem, ..."""


@pytest.mark.parametrize(
    ("text", "players", "seats"),
    [
        ("human,hard", 2, ["human", "hard"]),
        ("hard", 2, ["human", "hard"]),
        ("easy", 4, ["human", "easy", "easy", "easy"]),
        ("human,ismcts:iterations=50,c=1.4", 2, ["human", "ismcts:iterations=50,c=1.4"]),
        ("hard,easy", 2, ["hard", "easy"]),
        ("", 2, ["human", "medium"]),
        ("Human:Ann,MEDIUM", 2, ["human:Ann", "medium"]),
        ("HARD", 2, ["human", "hard"]),
    ],
)
def test_seats_are_read_like_a_person_writes_them(text: str, players: int, seats: list[str]) -> None:
    assert parse_seats(text, players) == seats


def test_too_many_seats_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="3 seats given; this game has 2"):
        parse_seats("human,easy,easy", 2)


def test_seat_names() -> None:
    assert seat_names(["human", "hard"]) == ["You", "Computer"]
    assert seat_names(["human", "human"]) == ["Player 1", "Player 2"]  # counted from one, as people count
    assert seat_names(["human:Ann", "easy", "easy"]) == ["Ann", "Computer 1", "Computer 2"]
    # a mixed table: people by name (or as people count), computers counted among themselves in seat order
    assert seat_names(["human", "human", "easy", "hard"]) == ["Player 1", "Player 2", "Computer 1", "Computer 2"]
    assert seat_names(["easy", "human", "hard"]) == ["Computer 1", "You", "Computer 2"]


def test_a_move_by_notation_and_by_number_and_a_computer_move_told_with_its_reason(session: Play) -> None:
    s, out = session("three_trios", "human,medium", ["Griffin 0,0", "1"], preset=FILE_ORDER)
    s.run()
    text = out.getvalue()
    assert "You place Griffin in the top left corner; it flips nothing." in text
    assert text.count("Computer (medium) places ") == 2
    assert len(s.state.history()) == 4  # two moves each


def test_bad_input_is_one_line_and_the_same_prompt_again(session: Play) -> None:
    s, out = session(
        "three_trios", "human,medium", ["dance", "Griffin 9,9", "99", "Nobody 0,0", "Griffin 0,0"], preset=FILE_ORDER
    )
    s.run()
    text = out.getvalue()
    assert "Traceback" not in text
    assert text.count("You > ") == 5  # each bad line met the same prompt again
    assert "there is no move 99" in text
    assert "You place Griffin in the top left corner; it flips nothing." in text


def test_end_of_input_saves_and_the_game_resumes_where_it_was(session: Play) -> None:
    s, out = session("three_trios", "human,medium", ["Griffin 0,0"], preset=FILE_ORDER)
    s.run()
    assert "End of input: game saved to" in out.getvalue()
    [saved] = list_saves()
    assert saved.game == "three_trios" and saved.seats == ["human", "medium"]
    loaded = load_file(saved.path)
    assert loaded.state.to_json() == s.state.to_json()
    assert loaded.seats == ["human", "medium"]


def test_quit_saves_too_and_a_finished_game_goes_to_the_statistics(session: Play) -> None:
    s, out = session("three_trios", "human,easy", ["1"] * 5)
    s.run()
    assert s.state.is_terminal()
    assert "Game over" in out.getvalue()
    levels, _ = statistics()
    assert [(x.game, x.level, x.played) for x in levels] == [("three_trios", "easy", 1)]
    assert list_saves() == []


def test_save_to_a_file_writes_a_record_and_leaves(session: Play, tmp_path: Path) -> None:
    target = tmp_path / "mine.json"
    s, out = session("three_trios", "human,medium", ["Griffin 0,0", f"save {target}", "1"], preset=FILE_ORDER)
    s.run()
    assert f"Saved to {target}" in out.getvalue()
    assert len(s.state.history()) == 2  # the line after save was never read
    assert load_file(target).state.to_json() == s.state.to_json()


def test_an_unwritable_save_is_one_line_and_the_game_goes_on(session: Play, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    s, out = session(
        "three_trios", "human,medium", [f"save {tmp_path / 'file' / 'x.json'}", "Griffin 0,0"], preset=FILE_ORDER
    )
    s.run()
    assert "cannot write" in out.getvalue()
    assert "You place Griffin in the top left corner; it flips nothing." in out.getvalue()


@pytest.mark.parametrize(
    ("game", "first", "name"), [("three_trios", "Griffin 0,0", "x.json"), ("casino", "heads", "x.txt")]
)
def test_a_save_into_a_missing_folder_is_refused_in_one_line_and_makes_no_folder(
    session: Play, tmp_path: Path, game: str, first: str, name: str
) -> None:
    missing = tmp_path / "nonexistent" / "dir"
    s, out = session(game, "human,easy", [first, f"save {missing / name}", "quit"])
    s.run()
    text = out.getvalue()
    refusal = f"{missing / name}: the folder {missing} does not exist; make it first, or save elsewhere"
    assert refusal in text.splitlines()
    assert not (tmp_path / "nonexistent").exists()
    assert "Leaving: game saved to" in text  # the game went on, and its autosave still goes to the saves folder


def test_the_saves_folder_is_made_again_if_it_was_removed(session: Play) -> None:
    import shutil

    from deckhand.core.paths import saves_dir
    from deckhand.play.saves import save_game

    state = deckhand.load_game("three_trios").new_initial_state()
    folder = saves_dir()
    shutil.rmtree(folder)
    assert save_game(folder / "kept.json", state, ["human", "easy"]).exists()  # deckhand's own folder


def test_a_hint_names_the_strongest_agents_move_and_reason(session: Play) -> None:
    s, out = session("basra", "human,easy", ["hint"])
    s.run()
    text = out.getvalue()
    start = text.index("Hint: ")
    line = " ".join(text[start : text.index(")", text.index("(move", start)) + 1].split())  # wrapped between words
    assert re.match(r"Hint: Play the \S+ (to take|onto the table)[^:]*: it .*\. \(move \d+: play [^)]+\)$", line), line
    assert "play play" not in line.lower()  # Basra's notation already says "play"
    assert s.state.history()  # nothing was played for the person: only the deal


def test_a_hint_with_a_card_where_the_game_takes_none_is_refused_not_ignored(session: Play) -> None:
    s, out = session("basra", "human,easy", ["hint ZZ"])
    s.run()
    text = " ".join(out.getvalue().split())
    assert "hint ZZ: a hint in Basra takes no card; type hint alone" in text and "Hint: " not in text


def test_a_three_trios_hint_draws_flip_counts_on_the_board(session: Play) -> None:
    s, out = session("three_trios", "human,human", ["Griffin 0,2", "Kraken 1,1", "hint Sphinx"], preset=FILE_ORDER)
    s.run()
    text = out.getvalue()
    assert "Cards that Sphinx would flip in each empty cell:" in text
    assert "+0" in text and "flips" in text


def test_hot_seat_hides_each_players_cards_from_the_other(session: Play) -> None:
    s, out = session("cambio", "human,human", ["draw", "swap 2"], seed=11)
    s.run()
    text = out.getvalue()
    _, _, after = text.partition("Pass the keyboard to Player 2")
    assert after, "the keyboard is handed over between the two people"
    known = s.state.view(0).to_json()["hands"][0]
    secret = [code for code in known if code not in ("??", None)]
    assert len(secret) == 3  # slots 0 and 1 from the deal, and the card swapped into slot 2
    from deckhand.render.cards import card_label

    shown_to_two = after.split("Player 2 > ")[0]
    for code in secret:
        assert card_label(code) not in shown_to_two


PEEK_DECK = "S2 S3 S4 S5 H2 H3 H4 H5 C7"
"""Seat 0 holds S2 S3 S4 S5 and draws the 7 of Clubs: discarded, it lets seat 0 peek at its own card."""

CLEAR = "\x1b[2J"
"""What Rich's ``console.clear()`` writes to a terminal: everything shown before it is gone from the screen."""


def test_a_cambio_peek_in_memory_mode_hides_the_card_after_enter() -> None:
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    lines = ["", "draw", "discard", "peek 0.2", "", "show", "quit"]  # Enter after the deal's cards, and after the peek
    game = deckhand.load_game("cambio", deck=PEEK_DECK)
    reader = ScriptReader(lines, console, interactive=True)
    s = Session(game, ["human", "easy"], console=console, reader=reader, seed=5, remember=True)
    s.run()
    text = out.getvalue()
    shown, _, after_enter = text.partition("Remember it, then press Enter to hide it")
    assert "You see your card 3: [4♠]" in shown
    assert CLEAR in after_enter, "Enter clears the screen"
    on_screen = after_enter.rpartition(CLEAR)[2]  # what the terminal shows once the card is hidden
    assert "4♠" not in on_screen
    assert "You > show" in on_screen and "[??]" in on_screen  # the board again, the card face down


def test_a_cambio_peek_without_memory_mode_stays_on_the_board_and_promises_nothing(session: Play) -> None:
    s, out = session(
        "cambio", "human,easy", ["draw", "discard", "peek 0.2", "show", "quit"], interactive=True, deck=PEEK_DECK
    )
    s.run()
    text = out.getvalue()
    _, _, after = text.partition("You see your card 3: [4♠]")
    assert after and "hide" not in text  # the board shows the cards a seat knows: nothing is hidden
    assert "[4♠]" in after.partition("You > show")[2]
    assert "Leaving: game saved to" in text


def test_memory_mode_draws_known_cards_face_down(session: Play) -> None:
    s, out = session("cambio", "human,easy", ["", "show"], deck="S2 S3 S4 S5 H2 H3 H4 H5", interactive=True)
    s.remember = True
    s.run()
    shown, _, later = out.getvalue().partition("press Enter to hide them")
    assert "Cards you know: your card 1 [2♠], your card 2 [3♠]" in shown
    assert "[2♠]" not in later and "[3♠]" not in later
    s2, out2 = session("cambio", "human,easy", [], deck="S2 S3 S4 S5 H2 H3 H4 H5")
    s2.run()
    assert "[2♠]" in out2.getvalue()


def test_computer_only_games_play_to_the_end(session: Play) -> None:
    s, out = session("basra", "easy,medium", [])
    s.run()
    assert s.state.is_terminal()
    assert "Game over" in out.getvalue() and "Final scores" in out.getvalue()


def test_ctrl_c_saves_the_game_before_leaving(session: Play) -> None:
    s, out = session("three_trios", "human,medium", ["Griffin 0,0"], preset=FILE_ORDER)

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    s.run()
    s.reader.read = interrupted  # type: ignore[method-assign]
    s.run()
    assert "Interrupted: game saved to" in out.getvalue()
    (saved,) = list_saves()  # one game, one save, kept up to date
    assert saved.moves == len(s.state.history())


def test_casino_tells_the_computers_move_in_the_seeds_words(session: Play) -> None:
    s, out = session("casino", "human,medium", ["tails", "hint"], seed=2)
    s.run()
    text = out.getvalue()
    told = re.search(r"Computer \(medium\) plays an? \S+ of \w+ (as a trail|to .*) — it wanted to ", text)
    assert told, text
    hint = " ".join(text[text.index("Hint: ") :].split())
    # the Casino course rules' help mode: the card, the action (capture, build or trail) and why, in one sentence
    assert re.match(r"Hint: (Capture|Build|Increase|Trail|Add) .*the \S+[♠♥♦♣].*(:| to ) ", hint), hint


def test_a_casino_card_with_no_move_is_refused_with_the_rule_that_binds_a_build_owner() -> None:
    """Typing a card alone that the owner of a build may not trail says why, in Casino's terms."""
    from rich.console import Console

    import deckhand
    from deckhand.terminal.reader import ScriptReader
    from tests.casino.test_casino_save import SEED_EXAMPLE

    game = deckhand.load_game("casino")
    state = game.state_from_save(SEED_EXAMPLE)  # Human holds SA S4 CA C9 and owns the build of 9
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    Session(game, ["human", "easy"], console=console, reader=ScriptReader(["S4", "quit"], console), state=state).run()
    text = out.getvalue()
    assert "the 4♠ has no move: it cannot be trailed while you own a build (your build of 9: 6♣ 3♠ + 9♠)" in text
    assert "no legal move plays" not in text


def test_a_peek_that_ends_the_game_is_not_shown_after_game_over() -> None:
    """The last turn after a cambio call is a peek: the end shows every hand, and no peek follows "Game over"."""
    import random

    game = deckhand.load_game("cambio")
    rng, state = random.Random(208), game.new_initial_state()  # a seed whose random game reaches such a peek
    while True:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        ending = [a for a in state.legal_actions() if state.action_to_string(a) == "peek 1.0"]
        if state.current_player() == 0 and ending and _ends(state, ending[0]):
            break
        state.apply_action(rng.choice(state.legal_actions()))
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False)
    s = Session(
        game,
        ["human", "human"],
        console=console,
        reader=ScriptReader(["peek 1.0"], console),
        state=state,
        record_stats=False,
        autosave=False,
    )
    s.run()
    text = out.getvalue()
    assert s.state.is_terminal() and "Game over" in text and "The game is over" in text
    assert text.index("You see ") < text.index("The game is over"), "the peek came after the end's words"
    assert "You see" not in text[text.index("The game is over") :], "the peek came after the end"


def _ends(state: Any, action: int) -> bool:
    after = state.clone()
    after.apply_action(action)
    return bool(after.is_terminal())
