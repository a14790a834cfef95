"""The menu at 80×24: long texts a page at a time, every option explained, help and back at every question."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

import deckhand
from deckhand.core.options import accepts
from deckhand.core.registry import game_class
from deckhand.play.records import GameRecord
from deckhand.play.saves import list_saves
from deckhand.store import record_game
from deckhand.terminal.menu import run_menu
from deckhand.terminal.reader import ScriptReader

WIDTH, HEIGHT = 80, 24
MORE = re.compile(r"-- More \(\d+%\) · Enter for the next page, q to stop -- ")


class Reading(ScriptReader):
    """A person who reads on: Enter at every "more", the scripted lines at every other question."""

    def read(self, prompt: str) -> str:
        if MORE.fullmatch(prompt):
            self.console.print(prompt, markup=False, highlight=False)
            return ""
        return super().read(prompt)


def menu(lines: list[str], *, interactive: bool = True, reading: bool = False) -> str:
    """The menu at an 80×24 terminal, answered by ``lines`` (and Enter at every "more" when ``reading``)."""
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=HEIGHT, color_system=None)
    reader = (Reading if reading else ScriptReader)(lines, console, interactive=interactive)
    run_menu(console, reader)
    return out.getvalue()


def game_number(name: str) -> str:
    return str(deckhand.games().index(name) + 1)


def pages(out: str) -> list[str]:
    """The screens a pager showed: the text between two "more" questions (the first from its title)."""
    return MORE.split(out)


@pytest.mark.parametrize("name", deckhand.games())
def test_instructions_come_a_page_at_a_time_and_the_menu_comes_back(name: str) -> None:
    out = menu(["2", game_number(name), "5"], reading=True)
    asked = out.split("Instructions for which game?", 1)[1]
    shown = asked.split(f"> {game_number(name)}\n", 1)[1].split("Main menu")[0]
    screens = pages(shown)
    assert len(screens) > 1, "the instructions are longer than one screen"
    for screen in screens[1:-1]:
        assert len(screen.splitlines()) == HEIGHT, screen  # a full page, and the question on the last row
    assert all(cell_len(line) <= WIDTH for line in shown.splitlines())
    assert "## " not in shown and "Options" in shown  # rendered Markdown, with the generated options section
    for option in game_class(name).OPTIONS:
        assert option in shown
    assert out.rstrip().endswith("Goodbye."), "after the last page, back to the menu"


def test_q_leaves_the_pager_early_and_a_script_gets_the_whole_text() -> None:
    out = menu(["2", game_number("cambio"), "q", "5"])
    assert len(MORE.findall(out)) == 1 and "Worked example" not in out
    assert "Main menu" in out.split("stop -- q\n", 1)[1]
    whole = menu(["2", game_number("cambio"), "5"], interactive=False)
    assert not MORE.search(whole) and "Worked example" in whole and "max_rounds" in whole


def test_statistics_come_a_page_at_a_time() -> None:
    outcome = {"returns": [1.0, 0.0], "scores": [1.0, 0.0]}
    for agent in range(25):  # a row of its own for each computer player: longer than a screen
        seats = [f"mcts:iterations={10 + agent}", "random"]
        record_game(
            GameRecord(game="three_trios", rules_version="1", options={}, seats=seats, actions=[], outcome=outcome)
        )
    out = menu(["3", "5"], reading=True)
    assert MORE.search(out) and "Computer players" in out
    assert out.rstrip().endswith("Goodbye.")


def test_the_options_question_says_what_each_option_means_and_takes() -> None:
    for name in deckhand.games():
        cls = game_class(name)
        out = menu(["1", game_number(name)] + (["1"] if cls.PRESETS else []) + ["help", "b", "b", "b", "5"])
        question = " ".join(out.split("Options (change any", 1)[1].split())
        for key, option in cls.OPTIONS.items():
            assert key in question
            assert " ".join(option.help.split())[1:30] in question, (name, key)  # the meaning, wrapped as it may be
            assert accepts(option.parse) in question
        assert "Type options as key=value words" in out  # help


def test_cambio_options_show_the_presets_values_and_take_key_value_words() -> None:
    out = menu(["1", game_number("cambio"), "2", "king_power=any players=9", "players=3", "1", "draw", "quit", "5"])
    flat = " ".join(out.split())
    assert "king_power Black K: peek any card" in flat and "Takes any, peeked. Now peeked." in flat  # house
    assert "option players takes a whole number from 2 to 6, not '9'" in flat  # asked again
    assert "Computer 1" in flat and "Computer 2" in flat  # three players
    [saved] = list_saves()
    assert saved.seats == ["human", "easy", "easy"]


def test_b_goes_back_one_step_at_every_question() -> None:
    # game, preset, options, opponent; then back from each in turn, and forward again with other answers
    lines = ["1", game_number("cambio"), "2", "players=3", "b", "", "b", "b", "b", game_number("basra"), "2"]
    lines += ["b", "1", "", "1", "1", "quit", "5"]
    out = menu(lines)
    questions = re.findall(r"^(Which game\?|Rules preset|Options \(change|Opponent)", out, re.MULTILINE)
    assert questions == [
        *["Which game?", "Rules preset", "Options (change", "Opponent", "Options (change", "Opponent"],
        *["Options (change", "Rules preset", "Which game?", "Rules preset", "Options (change"],
        *["Rules preset", "Options (change", "Opponent"],
    ]
    assert "Now 3." in out.split("Options (change")[2]  # players=3 kept when coming back to the options
    [saved] = list_saves()
    assert saved.game == "basra" and saved.seats == ["human", "easy"]


def test_help_at_every_question_of_the_menu() -> None:
    out = menu(["help", "1", "help", "b", "4", "help", "b", "5"])
    assert out.count("Type a number, or the start of a name") == 3
    assert "b here quits" in out and "d N deletes save N" in out


def test_a_save_can_be_deleted_from_the_resume_list_after_a_yes() -> None:
    from typer.testing import CliRunner

    from deckhand.cli import app

    for seed in ("2", "3"):
        CliRunner().invoke(app, ["play", "three_trios", "--seats", "human,easy", "--seed", seed], input="1\n")
    assert len(list_saves()) == 2
    out = " ".join(menu(["4", "d 1", "n", "d 1", "y", "b", "5"]).split())
    assert "Delete Three Trios: You against Computer (easy)" in out and "It cannot be undone. (y/N)" in out
    assert "Kept." in out and "Deleted three_trios-" in out
    assert len(list_saves()) == 1
    out = menu(["4", "d 7", "delete 1", "yes", "b", "5"])
    assert "There is no save 7 on this page." in out
    assert list_saves() == [] and "No unfinished games are saved." in out


def test_the_menu_game_plays_with_the_options_typed() -> None:
    out = menu(["1", game_number("go_fish"), "", "players=3 hand_size=4", "1", "1", "quit", "5"])
    assert "Computer 2" in out
    [saved] = list_saves()
    assert json.loads(saved.path.read_text())["options"]["hand_size"] == 4


@pytest.mark.parametrize(("answer", "preset", "shuffled"), [("", "classic", True), ("file order", "file-order", False)])
def test_the_menus_three_trios_shuffles_unless_asked_for_the_file_order(
    answer: str, preset: str, shuffled: bool
) -> None:
    out = menu(["1", game_number("three_trios"), answer, "", "1", "1", "quit", "5"])
    assert "File order" in out.split("Rules preset", 1)[1]  # offered
    [saved] = list_saves()
    options = json.loads(saved.path.read_text())["options"]
    assert (options["preset"], options["shuffle"]) == (preset, shuffled)
