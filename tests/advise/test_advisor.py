"""The advisor's loop: scripted input, one-line answers, advice, undo, save and load."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from deckhand.advise import advisor as advisor_module
from deckhand.advise.advisor import Advisor, margin, too_close
from deckhand.advise.sessions import load_tracker
from deckhand.advise.tracker import Tracker
from deckhand.agents.ranking import ENGINE_WORDS, Ranked
from deckhand.core.errors import ConfigError


def run(script: str, players: int = 2) -> tuple[Advisor, str]:
    tracker = Tracker(players=players, known=["3", "rk"])
    out = io.StringIO()
    session = Advisor(tracker, out, playouts=200, seed=3, engine="flat")
    session.run(io.StringIO(script))
    return session, out.getvalue()


def test_show_draws_the_table_as_you_know_it() -> None:
    _, out = run("show\n")
    assert "you     0:??  1:??  2:3  3:rk" in out
    assert "seat 1  0:??  1:??  2:??  3:??" in out
    assert "you to move" in out


def test_advice_ranks_every_legal_action_and_marks_the_best() -> None:
    _, out = run("+ 5\n?\n")
    lines = [line for line in out.splitlines() if "win" in line]
    legal = {"discard", "swap 0", "swap 1", "swap 2", "swap 3"}
    named = {line.replace("*", " ").split(" win ")[0].strip() for line in lines}
    assert named == legal
    assert sum(1 for line in lines if line.startswith("  *")) == 1
    assert "200 playouts" in out
    assert all(re.search(r"win +\d+\.\d% ±\d+ +\(\d+\)$", line) for line in lines), lines


def test_a_figure_from_few_playouts_says_how_little_it_knows() -> None:
    """28 playouts at 25% are known to ±18 points: the advice says so, and that the moves are too close."""
    assert round(margin(Ranked("swap 0", None, 0.25, 28))) == 18
    assert round(margin(Ranked("swap 0", None, 0.46, 352))) == 5
    assert too_close(Ranked("a", None, 0.46, 352), Ranked("b", None, 0.25, 28))
    assert not too_close(Ranked("a", None, 0.46, 3000), Ranked("b", None, 0.25, 3000))
    _, out = run("+ 5\n? 20\n")
    assert "too close to call at this budget" in out


def test_ctrl_c_stops_the_advice_and_the_session_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(advisor_module, "rank_actions", interrupted)
    session, out = run("+ 5\n? 1000000\nx0 8\n")
    assert "advice interrupted; the table is as it was" in out
    assert [text for text, _ in session.tracker.history()] == ["+ 5", "x0 8"]


def test_advice_is_for_your_moves_only() -> None:
    _, out = run("+ 5\nx0 8\n+\n?\n")
    assert "no advice: seat 1 is to move" in out


def test_bad_input_gets_one_line_and_the_loop_goes_on() -> None:
    session, out = run("z\n- 7\n+ 5\nx9 4\nundo\nundo\nshow\n")
    errors = [line for line in out.splitlines() if line.startswith("! ")]
    assert len(errors) == 4  # unknown command, nothing drawn yet, no slot 9, nothing left to undo
    assert "undid '+ 5'" in out
    assert session.tracker.history() == []


def test_quit_stops_reading() -> None:
    session, _ = run("+ 5\nquit\nx0 8\n")
    assert [text for text, _ in session.tracker.history()] == ["+ 5"]


def test_help_lists_the_commands() -> None:
    _, out = run("help\n")
    for word in ("+ [card]", "xS [card]", "pP.S", "wP.S Q.T", "sQ P.S", "undo", "save FILE"):
        assert word in out


def test_help_fits_80_columns_and_names_no_file_you_do_not_have() -> None:
    _, out = run("help\n")
    assert max(len(line) for line in out.splitlines()) <= 80
    assert ".md" not in out and "RULES" not in out


@pytest.mark.parametrize(
    ("script", "pile"),
    [
        ("", "  no discard  -- you to move"),
        ("+ 5\n-\n", "  discard: top 5, 1 card (5)  -- stick window: seat 1 may stick or pass"),
        ("+ 5\nx0 8\n+\n- q\n", "  discard: top q, 2 cards (8 q)  -- seat 1 to move"),
    ],
)
def test_show_names_the_discard_pile_as_a_player_would(script: str, pile: str) -> None:
    _, out = run(script + "show\n")
    assert pile in out.splitlines(), out
    assert "None" not in out and "top none" not in out and "()" not in out


def test_history_shows_what_each_command_did() -> None:
    _, out = run("+ 5\nx0 8\n+\n- q\nhistory\n")
    assert "  3. +                pass; pass; draw; ??" in out
    assert "  4. - q              discard" in out


def test_save_then_load_gives_the_same_table(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    session, _ = run(f"+ 5\nx0 8\n+\n- q\nw1.2 0.3\nsave {path}\n", players=3)
    data = json.loads(path.read_text())
    assert data["commands"] == ["+ 5", "x0 8", "+", "- q", "w1.2 0.3"]
    assert data["players"] == 3 and data["known"] == ["3", "rk"]
    loaded = load_tracker(path)
    assert loaded.view().to_json() == session.tracker.view().to_json()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not valid JSON"),
        ("[" * 100_000, "not valid JSON"),
        ('{"format": "deckhand-advise-cambio", "players": ' + "9" * 5000 + "}", "not valid JSON"),
        ('{"format": "other"}', "not a saved advisor session"),
        ('{"format": "deckhand-advise-cambio", "players": 2}', "field 'first' is missing"),
    ],
)
def test_loading_a_bad_file_names_it(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(ConfigError, match=f"{path.name}.*{message}|{message}"):
        load_tracker(path)


def test_a_missing_file_names_it(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_tracker(tmp_path / "nope.json")


def test_the_end_asks_you_to_count_what_you_never_saw() -> None:
    session, out = run("c\n+\n- 4\n+ 5\nshow\n?\n")
    assert "game over: count the cards: seat 0 2 + 2 unseen, seat 1 0 + 4 unseen" in out
    assert "you     0:??  1:??  2:3  3:rk  (called cambio)" in out
    assert "no advice: the game is over" in out
    assert session.tracker.state.is_terminal()


@pytest.mark.parametrize(
    ("code", "house", "classic"),
    [("SA", 1, 1), ("HX", 10, 10), ("CJ", 10, 11), ("DQ", 10, 12), ("SK", 10, 13), ("HK", -1, -1), ("JK", 0, 0)],
)
def test_card_values_follow_the_preset(code: str, house: int, classic: int) -> None:
    assert advisor_module.card_value(code, "house") == house
    assert advisor_module.card_value(code, "classic") == classic


def test_advise_takes_a_budget_and_refuses_a_bad_one() -> None:
    _, out = run("+ 5\n? 120\nadvise lots\n")
    assert "120 playouts" in out
    assert "! advise 'lots': give a number of playouts" in out


def test_advice_in_a_stick_window_assumes_the_seats_before_you_pass() -> None:
    _, out = run("+ 5\nx0 8\n+\n- 4\n?\n", players=3)
    assert "stick window: seat 2 may stick or pass" in out
    assert "assuming the seats before you in the stick window pass" in out
    assert "pass " in out and "stick 1.0" in out


@pytest.mark.parametrize(
    ("playouts", "seconds", "budget"),
    [(None, None, (None, advisor_module.DEFAULT_SECONDS)), (500, None, (500, None)), (None, 2.0, (None, 2.0))],
)
def test_advice_thinks_for_a_fixed_time_unless_told_otherwise(
    playouts: int | None, seconds: float | None, budget: tuple[int | None, float | None]
) -> None:
    session = Advisor(Tracker(players=2, known=["3", "rk"]), io.StringIO(), playouts=playouts, seconds=seconds)
    assert (session.playouts, session.seconds) == budget
    assert advisor_module.DEFAULT_SECONDS < 1


@pytest.mark.parametrize("engine", ["flat", "ismcts", "openloop"])
def test_the_advice_says_what_its_engine_did(engine: str) -> None:
    """openloop and ismcts search a first move alike (the same figures on the same deals): each says so."""
    tracker = Tracker(players=2, known=["3", "rk"])
    out = io.StringIO()
    Advisor(tracker, out, playouts=100, seed=3, engine=engine).run(io.StringIO("+ 5\n?\n"))
    said = out.getvalue().split(f"advice ({engine}, ")[1].splitlines()[1].strip()
    assert said == f"({ENGINE_WORDS[engine]})"
