"""Every game has the same files with the same roles, and its imports run one way.

The line is ``options → state → notation → words → view → playout → agents
→ game``: a file may import the files before it, never one after it, and
extras (card tables, save formats, solvers) may hang off the line anywhere
as long as no import goes round in a circle. No deckhand import sits inside
a function: an import placed there is how a circle hides.

At the edge, the terminal is imported by nothing but itself and the
``deckhand`` command (``cli*.py``) that launches it, and the web server
imports no part of the terminal.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import deckhand

DECKHAND = Path(deckhand.__file__).parent
GAMES = DECKHAND / "games"
LINE = ["options", "state", "notation", "words", "view", "playout", "agents", "game"]
PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").exists())


def _absolute(path: Path, module: str | None, level: int) -> str:
    """The absolute name of an import in ``path``: ``from .x import y`` in ``deckhand/a/b.py`` is ``deckhand.a.x``."""
    if not level:
        return module or ""
    parts = ["deckhand", *path.relative_to(DECKHAND).parent.parts]
    base = parts[: len(parts) - (level - 1)]
    return ".".join([*base, module] if module else base)


def _imports(path: Path, package: str) -> tuple[set[str], list[tuple[int, str]]]:
    """The deckhand modules ``path`` imports at module level, and those imported inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: set[str] = set()
    inner: list[tuple[int, str]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ImportFrom) and (child.module or child.level):
                module = _absolute(path, child.module, child.level)
                names = [module] + [f"{module}.{a.name}" for a in child.names]
            elif isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            else:
                visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))
                continue
            for name in names:
                if name.startswith("deckhand"):
                    (inner.append((child.lineno, name)) if in_function else top.add(name))

    visit(tree, False)
    return top, inner


def _siblings(package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same game it imports (at module level, type-checking imports included)."""
    prefix = f"deckhand.games.{package}."
    graph: dict[str, set[str]] = {}
    for path in sorted((GAMES / package).glob("*.py")):
        top, _ = _imports(path, package)
        modules = {p.stem for p in (GAMES / package).glob("*.py")}
        named = {name[len(prefix) :].split(".")[0] for name in top if name.startswith(prefix)}
        graph[path.stem] = named & modules
        if named - modules:  # ``from deckhand.games.x import Name`` takes Name from the package's __init__
            graph[path.stem].add("__init__")
    return graph


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_has_every_file_of_the_line(package: str) -> None:
    missing = [name for name in LINE if not (GAMES / package / f"{name}.py").exists()]
    assert not missing, f"games/{package} lacks {', '.join(f'{m}.py' for m in missing)}"


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_has_its_rules_for_players(package: str) -> None:
    """``rules.md`` is the one rules text: ``deckhand rules``, the browser and the manual's game page read it."""
    rules = GAMES / package / "rules.md"
    assert rules.is_file(), f"games/{package} lacks rules.md"
    assert rules.read_text(encoding="utf-8").startswith("# "), f"games/{package}/rules.md starts without a title"


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_run_down_the_line_and_never_in_a_circle(package: str) -> None:
    graph = _siblings(package)
    for module, imported in graph.items():
        if module in LINE:
            later = [m for m in imported if m in LINE and LINE.index(m) > LINE.index(module)]
            assert not later, f"games/{package}/{module}.py imports {later}, which come after it"
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> None:
        if module in path:
            cycle = [*path[path.index(module) :], module]
            pytest.fail(f"games/{package}: import circle {' -> '.join(cycle)}")
        if module in done:
            return
        for child in sorted(graph.get(module, ())):
            walk(child, [*path, module])
        done.add(module)

    for module in graph:
        walk(module, [])


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_imports_core_its_own_files_and_the_agents_only(package: str) -> None:
    allowed = ("deckhand.core", f"deckhand.games.{package}", "deckhand.agents")
    for path in sorted((GAMES / package).glob("*.py")):
        top, inner = _imports(path, package)
        assert not inner, f"games/{package}/{path.name}: deckhand imports inside functions: {inner}"
        others = sorted(n for n in top if not n.startswith(allowed))
        assert not others, f"games/{package}/{path.name} imports {others}"


@pytest.mark.parametrize("name", deckhand.games())
def test_no_public_attribute_of_a_view_is_a_state(name: str) -> None:
    """Views own their data: an agent reads typed accessors, and ``sample_world`` is the one way to a State."""
    game = deckhand.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        for seat in range(game.num_players):
            view = state.view(seat)
            for attribute in dir(view):
                if not attribute.startswith("_"):
                    value = getattr(view, attribute)
                    assert not isinstance(value, deckhand.State), f"{type(view).__name__}.{attribute} is a State"
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("folder", ["terminal", "render", "web"])
def test_the_user_interface_never_asks_which_game_it_plays(folder: str) -> None:
    """The terminal and the server read everything game-specific from the Game's hooks; only a game's own
    drawing names it (``render/<game>.py``, and the browser's own per-game scripts)."""
    ui = Path(deckhand.__file__).parent / folder
    names = {name for name in deckhand.games()} | {name.replace("_", " ") for name in deckhand.games()}
    for path in sorted(ui.rglob("*.py")):
        if path.parent.name == "render" and path.stem in deckhand.games():
            continue
        text = path.read_text(encoding="utf-8").lower()
        found = sorted(name for name in names if re.search(rf"\b{re.escape(name)}\b", text))
        assert not found, f"{path.relative_to(ui.parent)} names {found}"


def test_the_browser_names_no_game_outside_each_games_own_files() -> None:
    """The browser's scripts, styles and page read a game's look from its own module and stylesheet
    (``js/games/NAME.js``, ``css/games/NAME.css``); nothing else names a game, in code or in a comment."""
    static = Path(deckhand.__file__).parent / "web" / "static"
    names = set(deckhand.games())
    names |= {name.replace("_", " ") for name in names} | {name.replace("_", "-") for name in names}
    checked = 0
    for path in sorted(static.rglob("*")):
        if path.suffix not in (".js", ".css", ".html") or path.parent.name == "games":
            continue
        checked += 1
        text = path.read_text(encoding="utf-8").lower()
        found = sorted(name for name in names if re.search(rf"\b{re.escape(name)}", text))
        assert not found, f"{path.relative_to(static)} names {found}"
    assert checked > 20, "the browser's files were found"


def _imported(path: Path) -> set[str]:
    """Every deckhand module ``path`` imports, at module level or inside a function."""
    top, inner = _imports(path, "")
    return top | {name for _, name in inner}


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(f"{package}.")


def test_nothing_outside_the_terminal_imports_it_but_the_command() -> None:
    """The terminal renders views and sends actions; only ``deckhand`` (``cli*.py``) may launch it."""
    found: list[str] = []
    for path in sorted(DECKHAND.rglob("*.py")):
        where = path.relative_to(DECKHAND)
        if where.parts[0] == "terminal" or (len(where.parts) == 1 and where.name.startswith("cli")):
            continue
        names = sorted(name for name in _imported(path) if _within(name, "deckhand.terminal"))
        found += [f"{where.as_posix()}: {name}" for name in names]
    assert not found, "the terminal is imported from outside it:\n" + "\n".join(found)


def test_the_web_imports_no_part_of_the_terminal() -> None:
    """The terminal and the server share only what lies below them (``deckhand.ui`` was the terminal's name)."""
    found: list[str] = []
    for path in sorted((DECKHAND / "web").rglob("*.py")):
        where = path.relative_to(DECKHAND).as_posix()
        for name in sorted(_imported(path)):
            if _within(name, "deckhand.terminal") or _within(name, "deckhand.ui"):
                found.append(f"{where}: {name}")
    assert not found, "the web imports the terminal:\n" + "\n".join(found)
