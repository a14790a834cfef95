"""The optional compiled build: what it compiles, that it is refused where it would mislead, and that it works.

The full build and the games' tests against it are ``benchmarks/compiled.py
--tests``; here one small module is compiled through the real build (the
isolated build environment fetches mypy) and a game is played on it, in the
slow tier (``-m slow``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

from deckhand.compiled import HOT_MODULES, build_name, compiled_modules

ROOT = Path(__file__).resolve().parent.parent


def test_every_hot_module_exists_as_source() -> None:
    for name in HOT_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        assert (ROOT / "src" / (name.replace(".", "/") + ".py")).is_file(), name


def test_the_build_says_what_it_compiled() -> None:
    done = compiled_modules()
    assert set(done) <= set(HOT_MODULES)
    assert build_name() == (f"compiled: {len(done)} of {len(HOT_MODULES)} hot modules" if done else "pure Python")


def setup_py(*args: str, compile: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, DECKHAND_COMPILE=compile)
    return subprocess.run(
        [sys.executable, "setup.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_an_unknown_module_is_named_in_one_line() -> None:
    done = setup_py("--name", compile="deckhand.core.deck,deckhand.nowhere")
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1] == (
        f"DECKHAND_COMPILE: deckhand.nowhere not among the hot modules ({', '.join(HOT_MODULES)})"
    )


def test_unset_or_zero_builds_pure_python() -> None:
    for value in ("", "0"):
        done = setup_py("--name", compile=value)
        assert done.returncode == 0 and done.stdout.strip() == "deckhand", done.stderr


def test_an_editable_install_refuses_to_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "build_support"))
    import deckhand_build

    monkeypatch.setenv("DECKHAND_COMPILE", "1")
    with pytest.raises(SystemExit, match="an editable install stays pure Python"):
        deckhand_build.build_editable("unused")
    assert "mypy>=1.10" in deckhand_build.get_requires_for_build_wheel()
    monkeypatch.setenv("DECKHAND_COMPILE", "0")
    assert not deckhand_build.compiling()


def can_compile() -> str | None:
    """Why a C extension cannot be built here, or None."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers"
    return None


GAME = """
import random, deckhand
from deckhand.compiled import compiled_modules
game = deckhand.load_game("cambio")
state, rng = game.new_initial_state(), random.Random(5)
while not state.is_terminal():
    if state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))
print(compiled_modules(), state.returns(), len(state.history()))
"""


@pytest.fixture(scope="module")
def compiled() -> ModuleType:
    """``benchmarks/compiled.py``: its build is the one tested here."""
    spec = importlib.util.spec_from_file_location("compiled_benchmark", ROOT / "benchmarks" / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # a real build in an isolated environment: half a minute and more
@pytest.mark.skipif(can_compile() is not None, reason=str(can_compile()))
def test_a_compiled_module_builds_installs_and_plays(compiled: ModuleType, tmp_path: Path) -> None:
    try:
        site = compiled.build(tmp_path, "deckhand.core.deck")
    except RuntimeError as error:
        if "Could not find a version" in str(error):
            pytest.skip("the build's requirements cannot be fetched here")
        raise
    assert list((site / "deckhand" / "core").glob("deck.*.so")), "the module was not compiled"
    assert not list((ROOT / "src").rglob("*.so")), "the checkout was written to"

    def play(path: Path) -> str:
        out = subprocess.run(
            [sys.executable, "-c", GAME],
            env=dict(os.environ, PYTHONPATH=str(path)),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert out.returncode == 0, out.stderr[-2000:]
        return out.stdout.strip()

    on_compiled, on_source = play(site), play(ROOT / "src")
    assert on_compiled.startswith("['deckhand.core.deck'] ") and on_source.startswith("[] ")
    assert on_compiled.split(" ", 1)[1] == on_source.split(" ", 1)[1]
