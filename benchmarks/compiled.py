"""What the compiled build gives, measured beside the pure-Python code in one run.

    python benchmarks/compiled.py [--game cambio ...] [--modules NAME,...] [--reference DIR] [--rounds 3] [--tests]

Builds deckhand's wheel the way ``DECKHAND_COMPILE=1 pip install .`` does
(``--modules`` compiles only those of ``deckhand.compiled.HOT_MODULES``),
unpacks it into a scratch folder, and runs ``cpu_throughput.py`` and
``ismcts_speed.py`` (both in CPU time) for each game once on the pure-Python
source and once on the compiled build; for Cambio with ``--reference``, also
``cambio_reference.py`` (random playouts beside the reference Cambio in that
folder). ``--tests`` first runs the games' tests and the conformance suite
against the compiled build. Needs a C compiler, the Python headers and the
package registries (the build fetches mypy); nothing is installed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GAMES = ("cambio", "basra", "casino", "three_trios")
TESTS = ["tests/conformance", "tests/agents", "tests/arena", "tests/advise", *(f"tests/{game}" for game in GAMES)]


SOURCES = ("pyproject.toml", "setup.py", "README.md", "build_support", "src")
"""What a build reads: copied first, so that building leaves the checkout as it was."""


def build(folder: Path, modules: str) -> Path:
    """The wheel ``DECKHAND_COMPILE=modules`` builds from a copy of this checkout, unpacked in ``folder``: its path.

    Raises ``RuntimeError`` with pip's last words when a step fails.
    """
    source = folder / "source"
    source.mkdir(parents=True)
    for name in SOURCES:
        if (ROOT / name).is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info")
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, source / name)
    env = dict(os.environ, DECKHAND_COMPILE=modules)
    wheels, target = folder / "wheels", folder / "site"
    pip = [sys.executable, "-m", "pip"]
    done = subprocess.run(
        [*pip, "wheel", "-q", "--no-deps", "-w", str(wheels), str(source)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode == 0:
        install = [*pip, "install", "-q", "--no-deps", "--target", str(target), *map(str, wheels.glob("*.whl"))]
        done = subprocess.run(install, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, done.args[2:4]))} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return target


def run(command: list[str], path: Path) -> list[str]:
    """``command``'s output lines, run with ``deckhand`` imported from ``path``."""
    env = dict(os.environ, PYTHONPATH=str(path))
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"compiled: {' '.join(command[1:3])} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return done.stdout.strip().splitlines()


SAME_GAMES = """
import json, random, deckhand
from deckhand.agents.registry import make_agent
from deckhand.play.runner import play_game
for name in %r:
    game = deckhand.load_game(name)
    agents = [make_agent("ismcts:iterations=100", game), make_agent(game.LEVELS["medium"], game)]
    for seed in range(4):
        state = play_game(game, agents, random.Random(seed))
        print(name, seed, state.returns(), json.dumps(state.history()))
"""
"""Seeded games between a search and a seed strategy: both builds must print the same moves."""


def script(name: str, args: list[str], path: Path) -> list[str]:
    return run([sys.executable, str(HERE / name), *args], path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", choices=GAMES, help="a game to measure (repeat; default: all)")
    parser.add_argument("--modules", default="1", help="modules to compile, comma-separated (default: all hot ones)")
    parser.add_argument("--reference", type=Path, help="Cambio: the folder holding cambio_fast.py")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tests", action="store_true", help="run the games' tests against the compiled build first")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        try:
            compiled = build(Path(scratch), args.modules)
        except RuntimeError as error:
            raise SystemExit(f"compiled: {error}") from None
        print(run([sys.executable, "-c", "import deckhand.compiled as c; print(c.build_name())"], compiled)[-1])
        if args.tests:
            print("tests:", run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS], compiled)[-1])
            games = [run([sys.executable, "-c", SAME_GAMES % (GAMES,)], path) for path in (ROOT / "src", compiled)]
            same = "the same moves" if games[0] == games[1] else "DIFFERENT moves"
            print(f"seeded games, search against medium: {len(games[0])} games, {same} in both builds")
        for game in args.game or GAMES:
            for label, path in (("pure Python", ROOT / "src"), ("compiled", compiled)):
                for line in script("cpu_throughput.py", ["--game", game, "--runs", str(args.rounds)], path):
                    print(f"{label:<12} {line}")
                options = ["--game", game, "--runs", str(args.rounds), "--iterations", "2000"]
                print(f"{label:<12} {script('ismcts_speed.py', options, path)[-1]}")
                if args.reference and game == "cambio":
                    for policy in ("uniform", "nocall"):
                        options = [str(args.reference), "--rounds", str(args.rounds), "--policy", policy]
                        print(f"{label:<12} {policy:<8} {script('cambio_reference.py', options, path)[-1]}")


if __name__ == "__main__":
    main()
