"""What compiling a game's hot modules with mypyc would give, measured beside the pure-Python code.

    python benchmarks/compiled.py [--game cambio] [--modules state,actions,...] [--reference DIR] [--rounds 3]

Copies the installed ``deckhand`` package to a scratch folder, compiles the
listed modules of ``deckhand.games.GAME`` (by default the ones its playouts
spend their time in) and ``deckhand.core.deck`` with mypyc there, and runs
``throughput.py`` and ``ismcts_speed.py`` for the game once on the
pure-Python package and once on the compiled copy; for Cambio with
``--reference``, also ``cambio_reference.py`` (random playouts beside the
reference Cambio in that folder). Needs mypy (the test extra) and a C
compiler; nothing is installed and the project is left as it is.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import deckhand

HERE = Path(__file__).resolve().parent
HOT_MODULES = {
    "cambio": "state,actions,playout,view",
    "basra": "captures,playout",
    "casino": "moves",
}
"""The modules each game's searches spend their time in, that mypyc compiles as they are."""


def compile_copy(folder: Path, game: str, modules: list[str]) -> None:
    """``deckhand`` copied into ``folder`` and the modules compiled in place."""
    source = Path(deckhand.__file__).resolve().parent
    shutil.copytree(source, folder / "deckhand", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    files = [f"deckhand/games/{game}/{m}.py" for m in modules] + ["deckhand/core/deck.py"]
    mypyc = shutil.which("mypyc", path=str(Path(sys.executable).parent)) or shutil.which("mypyc")
    if mypyc is None:
        raise SystemExit("compiled: mypyc not found (pip install mypy)")
    done = subprocess.run([mypyc, *files], cwd=folder, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"compiled: mypyc failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


def run(script: str, args: list[str], path: Path | None) -> list[str]:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    done = subprocess.run(
        [sys.executable, str(HERE / script), *args], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"compiled: {script} failed:\n{done.stderr[-3000:]}")
    return done.stdout.strip().splitlines()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="cambio", choices=sorted(HOT_MODULES))
    parser.add_argument("--modules", help="modules of deckhand.games.GAME to compile (comma-separated)")
    parser.add_argument("--reference", type=Path, help="Cambio: the folder holding cambio_fast.py")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    modules = (args.modules or HOT_MODULES[args.game]).split(",")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        compile_copy(folder, args.game, modules)
        print(f"compiled: deckhand.games.{args.game}.{{{','.join(modules)}}} and deckhand.core.deck")
        for label, path in (("pure Python", None), ("compiled", folder)):
            for line in run("throughput.py", ["--game", args.game, "--runs", str(args.rounds)], path)[2:]:
                print(f"{label:<12} {line}")
            options = ["--game", args.game, "--runs", str(args.rounds), "--iterations", "2000"]
            print(f"{label:<12} {run('ismcts_speed.py', options, path)[-1]}")
            if args.reference and args.game == "cambio":
                for policy in ("uniform", "nocall"):
                    options = [str(args.reference), "--rounds", str(args.rounds), "--policy", policy]
                    print(f"{label:<12} {policy:<8} {run('cambio_reference.py', options, path)[-1]}")


if __name__ == "__main__":
    main()
