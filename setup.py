"""Compiled extensions for the optional compiled build; the rest of the metadata is in pyproject.toml.

``DECKHAND_COMPILE=1 pip install .`` compiles ``deckhand.compiled.HOT_MODULES``
with mypyc; ``DECKHAND_COMPILE=deckhand.core.deck,...`` compiles just those.
Unset (or 0), the build is pure Python and needs no compiler.
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent


def hot_modules() -> list[str]:
    """``HOT_MODULES`` read from ``deckhand/compiled.py`` without importing the package."""
    tree = ast.parse((HERE / "src" / "deckhand" / "compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "HOT_MODULES":
            assert node.value is not None
            return list(ast.literal_eval(node.value))
    raise SystemExit("setup.py: HOT_MODULES not found in src/deckhand/compiled.py")


def chosen_modules() -> list[str]:
    """The modules ``DECKHAND_COMPILE`` names: all the hot ones for "1", none when unset or "0"."""
    asked = os.environ.get("DECKHAND_COMPILE", "").strip()
    if asked in ("", "0"):
        return []
    hot = hot_modules()
    if asked == "1":
        return hot
    names = [name.strip() for name in asked.split(",") if name.strip()]
    unknown = [name for name in names if name not in hot]
    if unknown:
        raise SystemExit(f"DECKHAND_COMPILE: {', '.join(unknown)} not among the hot modules ({', '.join(hot)})")
    return names


def ext_modules() -> list[object]:
    """The compiled modules, for a build; none when only the metadata is asked for (it is the same)."""
    names = chosen_modules()
    if not names or "egg_info" in sys.argv or "dist_info" in sys.argv:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit("DECKHAND_COMPILE: the build needs mypy (it carries mypyc): pip install mypy") from None

    paths = ["src/" + name.replace(".", "/") + ".py" for name in names]
    return list(mypycify(paths, opt_level="3", group_name="deckhand"))


setup(ext_modules=ext_modules())
