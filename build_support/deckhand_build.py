"""The build backend: setuptools' own, and mypy as a build requirement when ``DECKHAND_COMPILE`` asks to compile.

``pip install .`` builds in an isolated environment with the requirements this
backend names; mypy (which carries mypyc) is only fetched when it is needed.
An editable install is always pure Python: a compiled module there would
hide every later edit of its source.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every hook setuptools provides)

MYPY = "mypy>=1.10"


def compiling() -> bool:
    """Whether ``DECKHAND_COMPILE`` asks for compiled modules ("1", or module names)."""
    return os.environ.get("DECKHAND_COMPILE", "").strip() not in ("", "0")


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    requires: list[str] = build_meta.get_requires_for_build_wheel(config_settings)
    return [*requires, MYPY] if compiling() else requires


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    if compiling():
        raise SystemExit(
            "DECKHAND_COMPILE: an editable install stays pure Python (a compiled module would hide "
            "later edits of its source); build the compiled one with a regular install: pip install ."
        )
    built: str = build_meta.build_editable(wheel_directory, config_settings, metadata_directory)
    return built
