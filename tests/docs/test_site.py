"""The manual builds strictly: a broken link, a missing page or a missing included file fails the build."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None,
    reason="MkDocs and mkdocs-material are not installed (the docs extra; the light test-core extra leaves them out)",
)


def test_the_manual_builds_strictly(tmp_path: Path) -> None:
    """Built in a process of its own, as ``mkdocs build --strict`` runs, with this checkout's deckhand."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    env["NO_MKDOCS_2_WARNING"] = "1"  # mkdocs-material's notice of its end of life is not a page's problem
    site = tmp_path / "site"
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    basra = (site / "games" / "basra" / "index.html").read_text(encoding="utf-8")
    assert '<h2 id="the-deal">' in basra  # the rules.md of the game, included
    assert "<code>seven_diamonds</code>" in basra  # a table the hook made
