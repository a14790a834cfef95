"""What compiling Cambio's rules with mypyc would give, measured beside the pure-Python code.

    python benchmarks/compiled.py REFERENCE_DIR [--modules state,actions,...] [--rounds 3]

Copies the installed ``deckhand`` package to a scratch folder, compiles the
listed modules of ``deckhand.games.cambio`` (and ``deckhand.core.deck``)
with mypyc there, and runs ``cambio_reference.py`` (random playouts through
the public API beside the reference Cambio in ``REFERENCE_DIR``) and
``ismcts_speed.py`` once on the pure-Python package and once on the compiled
copy. Needs mypy (the test extra) and a C compiler; nothing is installed and
the project is left as it is.
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
DEFAULT_MODULES = "state,actions,playout,view"


def compile_copy(folder: Path, modules: list[str]) -> None:
    """``deckhand`` copied into ``folder`` and the modules compiled in place."""
    source = Path(deckhand.__file__).resolve().parent
    shutil.copytree(source, folder / "deckhand", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    files = [f"deckhand/games/cambio/{m}.py" for m in modules] + ["deckhand/core/deck.py"]
    mypyc = shutil.which("mypyc", path=str(Path(sys.executable).parent)) or shutil.which("mypyc")
    if mypyc is None:
        raise SystemExit("compiled: mypyc not found (pip install mypy)")
    done = subprocess.run([mypyc, *files], cwd=folder, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"compiled: mypyc failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


def run(script: str, args: list[str], path: Path | None) -> str:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    done = subprocess.run([sys.executable, str(HERE / script), *args], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"compiled: {script} failed:\n{done.stderr[-3000:]}")
    return done.stdout.strip().splitlines()[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reference", type=Path, help="the folder holding cambio_fast.py")
    parser.add_argument("--modules", default=DEFAULT_MODULES, help="modules of deckhand.games.cambio to compile")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        compile_copy(folder, args.modules.split(","))
        for label, path in (("pure Python", None), ("compiled", folder)):
            for policy in ("uniform", "nocall"):
                options = [str(args.reference), "--rounds", str(args.rounds), "--policy", policy]
                print(f"{label:<12} {policy:<8} {run('cambio_reference.py', options, path)}")
            options = ["--game", "cambio", "--runs", "3", "--iterations", "3000"]
            print(f"{label:<12} {run('ismcts_speed.py', options, path)}")


if __name__ == "__main__":
    main()
