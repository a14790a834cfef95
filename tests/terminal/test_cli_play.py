"""The ``deckhand`` command: the menu, play, saves in both formats, stats and rules."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deckhand.cli import app

runner = CliRunner()
FILE_ORDER = ("play", "three_trios", "--preset", "file-order")
"""Three Trios dealt from the top of its card file: red holds Griffin first."""


def deckhand(*args: str, input: str = "") -> str:
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    return result.output


def test_no_arguments_opens_the_menu_and_quit_leaves() -> None:
    out = deckhand(input="5\n")
    assert "Main menu" in out and "New game" in out and "Resume a saved game" in out
    assert "Goodbye." in out


def test_the_menu_plays_a_game_against_the_computer() -> None:
    # New game -> Three Trios -> preset 1 -> no options -> opponent: easy -> five moves by number -> quit
    games = json.loads(deckhand("games", "--json"))
    number = [g["game"] for g in games].index("three_trios") + 1
    out = deckhand(input=f"1\n{number}\n1\n\n1\n" + "1\n" * 5 + "5\n")
    assert "Game over" in out and "Final scores" in out
    stats = json.loads(deckhand("stats", "--json"))
    assert [(s["game"], s["level"], s["played"]) for s in stats["levels"]] == [("three_trios", "easy", 1)]


def test_the_menus_presets_are_named_and_said_in_a_line() -> None:
    games = json.loads(deckhand("games", "--json"))
    number = [g["game"] for g in games].index("casino") + 1
    out = deckhand(input=f"1\n{number}\nb\n5\n")  # New game -> Casino -> back at the preset -> quit
    assert "Ramapo — the standard rules: an ace counts 1; the first to 21 points wins" in out
    assert "Aces 1 or 14 — as Ramapo, but an ace counts 1 or 14" in out
    assert "aces-either" not in out


def test_the_menu_shows_instructions_and_statistics() -> None:
    out = deckhand(input="2\n1\n3\n5\n")
    assert "Basra" in out and "basra" in out.lower()
    assert "No finished games yet" in out


def test_end_of_input_in_the_menu_leaves_quietly() -> None:
    deckhand(input="")


def test_resume_from_the_menu() -> None:
    deckhand(*FILE_ORDER, "--seats", "human,easy", "--seed", "2", input="Griffin 0,0\n")
    out = deckhand(input="4\n1\n")
    assert "Three Trios: You against Computer (easy), 2 moves" in out
    assert "Griffin" in out


def test_resume_pages_through_older_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    from deckhand.terminal import menu

    monkeypatch.setattr(menu, "SAVES_PER_PAGE", 1)
    from deckhand.play.saves import list_saves

    deckhand(*FILE_ORDER, "--seats", "human,easy", "--seed", "2", input="Griffin 0,0\n")
    (older,) = list_saves()
    os.utime(older.path, (1_000_000_000, 1_000_000_000))  # plainly the older save, whatever the clock's grain
    deckhand("play", "basra", "--seats", "human,easy", "--seed", "2", input="1\nquit\n")
    out = deckhand(input="4\n2\n1\n")
    assert "Older saves (1 more)" in out
    assert "Three Trios: You against Computer (easy), 2 moves" in out and "Griffin" in out


def test_play_with_only_computers_prints_the_whole_game() -> None:
    out = deckhand("play", "basra", "--seats", "easy,medium", "--seed", "4")
    assert "Computer 1 (easy) takes " in out or "Computer 1 (easy) lays " in out
    assert "Computer 0" not in out and "plays play" not in out and "Game over" in out


def test_game_options_and_presets_on_the_command_line() -> None:
    out = deckhand("play", "cambio", "players=3", "--preset", "house", "--vs", "easy", "--seed", "1", input="quit\n")
    assert "Computer 1" in out and "Computer 2" in out  # counted from one in seat order
    assert "2.3" in out  # house: four slots in a 2×2 grid, numbered


def test_save_and_load_a_json_record(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    deckhand(*FILE_ORDER, "--seats", "human,easy", "--seed", "3", input=f"Griffin 0,0\nsave {target}\n")
    record = json.loads(target.read_text())
    assert record["seats"] == ["human", "easy"] and record["actions"][0] == "Griffin 0,0"
    out = deckhand("play", "three_trios", "--load", str(target), input="1\n")
    assert "You place " in out


def test_casino_saves_in_the_seed_text_format_and_resumes_from_it(tmp_path: Path) -> None:
    target = tmp_path / "casino.txt"
    deckhand("play", "casino", "--seats", "human,easy", "--seed", "3", input=f"heads\nsave {target}\n")
    text = target.read_text()
    for tag in ("Round:", "Computer:", "Human:", "Table:", "Deck:", "Next Player:"):
        assert tag in text
    out = deckhand("play", "casino", "--load", str(target), "--vs", "easy", input=f"save {tmp_path / 'again.txt'}\n")
    assert (tmp_path / "again.txt").read_text() == text
    assert "Saved to" in out


def test_stats_json_and_table() -> None:
    deckhand("play", "three_trios", "--seats", "human,easy", input="1\n" * 5)
    data = json.loads(deckhand("stats", "--json"))
    [level] = data["levels"]
    assert level["played"] == 1 and level["computer_wins"] + level["player_wins"] + level["draws"] == 1
    out = deckhand("stats")
    assert "computer victory" in out and "Three Trios" in out and "three_trios" not in out  # the game's title
    header = next(line for line in out.splitlines() if "level" in line)
    assert header.split() == ["game", "level", "played", "computer", "people", "draws", "computer", "victory"]
    assert max(len(line) for line in out.splitlines()) <= 80  # a standard terminal, nothing cut


def test_a_game_dealt_from_a_chosen_seed_is_practice() -> None:
    """Whoever chose the seed can play the same deal again and again: its result is not a level's."""
    deckhand("play", "three_trios", "--seats", "human,easy", "--seed", "1", input="1\n" * 5)
    [level] = json.loads(deckhand("stats", "--json"))["levels"]
    assert (level["played"], level["practice"]) == (0, 1)
    out = deckhand("stats")
    assert "Practice (dealt from a chosen seed or deck), not counted: Three Trios easy 1" in " ".join(out.split())


def test_stats_show_people_by_name() -> None:
    from deckhand.play.records import GameRecord
    from deckhand.store import record_game

    def finished(seats: list[str], returns: list[float]) -> GameRecord:
        outcome = {"returns": returns, "scores": [0.0] * len(returns)}
        return GameRecord(game="cambio", rules_version="1", options={}, seats=seats, actions=[], outcome=outcome)

    record_game(finished(["human", "human"], [1.0, 0.0]), names=["[bold]Ann", "Bob"])
    record_game(finished(["human", "hard"], [0.5, 0.5]), names=["[bold]Ann", None])
    data = json.loads(deckhand("stats", "--json"))
    rows = [(p["name"], p["played"], p["wins"], p["against_people"], p["against_computer"]) for p in data["people"]]
    assert rows == [
        ("Bob", 1, 0.0, 1, 0),
        ("[bold]Ann", 2, 1.5, 1, 1),
    ]
    out = deckhand("stats")
    assert "People" in out and "[bold]Ann" in out  # a name is text, never markup
    header = next(line for line in out.splitlines() if "vs computer" in line)
    assert header.split() == ["name", "game", "played", "wins", "win", "rate", "vs", "people", "vs", "computer"]
    assert json.loads(deckhand("stats", "--json", "--game", "casino"))["people"] == []


def test_rules_for_each_game() -> None:
    for game, words in [("cambio", "cambio"), ("three_trios", "Combo"), ("basra", "basra"), ("casino", "Build Owner")]:
        assert words in deckhand("rules", game)


def run(*args: str, stdin: str = "", home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DECKHAND_HOME": str(home), "DECKHAND_DB": f"sqlite:///{home / 'db.sqlite'}"}
    return subprocess.run(
        [sys.executable, "-m", "deckhand.cli", *args], input=stdin, capture_output=True, text=True, timeout=120, env=env
    )


def test_bad_command_line_input_is_one_line(tmp_path: Path) -> None:
    for args in (
        ["play", "chess"],
        ["play", "cambio", "players=9"],
        ["play", "cambio", "--seats", "human,wizard"],
        ["play", "basra", "--load", str(tmp_path / "missing.json")],
        ["rules", "poker"],
    ):
        out = run(*args, home=tmp_path)
        assert out.returncode == 2, args
        assert "Traceback" not in out.stderr and out.stderr.strip().count("\n") == 0, out.stderr


def test_an_unreadable_save_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_text("Round: x\n")
    out = run("play", "casino", "--load", str(tmp_path / "bad.txt"), home=tmp_path)
    assert out.returncode == 2 and "bad.txt" in out.stderr and "Traceback" not in out.stderr


def test_the_readme_command_opens_the_menu_and_ends_cleanly_without_input(tmp_path: Path) -> None:
    out = run(home=tmp_path)
    assert out.returncode == 0 and "Main menu" in out.stdout and "Traceback" not in out.stderr


def test_loading_a_finished_game_shows_it_without_counting_it_again(tmp_path: Path) -> None:
    import random

    import deckhand as dh
    from deckhand.agents import RandomAgent
    from deckhand.play import GameRecord, play_game

    final = play_game(dh.load_game("three_trios"), [RandomAgent(), RandomAgent()], random.Random(2))
    GameRecord.from_state(final, seats=["human", "easy"]).save(tmp_path / "done.json")
    out = deckhand("play", "three_trios", "--load", str(tmp_path / "done.json"))
    assert "Game over" in out and "Final scores" in out
    assert json.loads(deckhand("stats", "--json"))["levels"] == []


def test_resume_names_broken_saves_and_opens_a_file_by_name(tmp_path: Path) -> None:
    from deckhand.core.paths import saves_dir

    saves_dir().mkdir(parents=True, exist_ok=True)
    (saves_dir() / "garbage.json").write_bytes(b"\x00\xff not json")
    mine = tmp_path / "mine.json"
    deckhand(*FILE_ORDER, "--seats", "human,easy", "--seed", "2", input=f"Griffin 0,0\nsave {mine}\n")
    assert mine.exists()
    out = deckhand(input=f"4\n1\n{mine}\nquit\n5\n")  # no autosaves: the only choice is to open a file
    assert "Cannot resume garbage.json: cannot read record: not UTF-8 text" in out
    assert "Open a save file by name" in out
    assert "Griffin" in out and "Leaving: game saved to" in out


def test_resume_by_a_name_that_is_not_a_save_says_so(tmp_path: Path) -> None:
    out = deckhand(input=f"4\n1\n{tmp_path / 'nothing.json'}\n5\n")
    assert "cannot read" in out and "Goodbye." in out


def test_a_casino_text_save_does_not_change_the_level_silently(tmp_path: Path) -> None:
    import io

    from rich.console import Console

    from deckhand.terminal.launch import start_game
    from deckhand.terminal.reader import ScriptReader

    target = tmp_path / "casino.txt"
    deckhand("play", "casino", "--seats", "human,hard", "--seed", "3", input=f"heads\nsave {target}\n")
    out = deckhand("play", "casino", "--load", str(target), input="quit\n")
    assert "does not say how strong the computer was: it plays medium" in out and "--seats human,LEVEL" in out
    console = Console(file=io.StringIO())
    asked = ScriptReader(["expert", "hard"], console, interactive=True)
    session = start_game("casino", console=console, reader=asked, load=target)
    assert session.specs == ["human", "hard"]
    assert "Please type one of easy, medium, hard" in console.file.getvalue()  # type: ignore[attr-defined]


def test_replay_of_a_casino_text_save_says_how_to_resume_it(tmp_path: Path) -> None:
    target = tmp_path / "casino.txt"
    deckhand("play", "casino", "--seats", "human,easy", "--seed", "3", input=f"heads\nsave {target}\n")
    out = run("replay", str(target), home=tmp_path)
    assert out.returncode == 2 and "deckhand play casino --load" in out.stderr and "Traceback" not in out.stderr


def test_a_new_game_without_a_level_asks_for_one_as_the_menu_does() -> None:
    import io

    from rich.console import Console

    from deckhand.terminal.launch import start_game
    from deckhand.terminal.reader import ScriptReader

    console = Console(file=io.StringIO(), width=80)
    session = start_game("cambio", console=console, reader=ScriptReader(["b", "1"], console, interactive=True))
    asked = console.file.getvalue()  # type: ignore[attr-defined]
    assert session.specs == ["human", "easy"]
    assert "Opponent" in asked and "The computer, medium  (default)" in asked
    assert "save" not in asked  # a new game has no save to speak of
    console = Console(file=io.StringIO(), width=80)
    people = start_game(
        "cambio", console=console, reader=ScriptReader(["4"], console, interactive=True), options={"players": 3}
    )
    assert people.specs == ["human", "human", "human"]


def test_a_new_game_read_from_a_script_plays_the_default_level_and_says_so() -> None:
    out = deckhand("play", "cambio", input="quit\n")
    assert "You play against the computer at level medium (choose with --vs LEVEL" in " ".join(out.split())
    assert "The save does not say" not in out
    assert deckhand("play", "cambio", input="").strip().startswith("You play against")
