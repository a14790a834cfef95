"""The browser client type-checks: ``tsc --noEmit -p tsconfig.json`` over the ES modules in web/static/js.

The client is plain JavaScript with JSDoc types (``js/contract.js`` writes down the
server's messages, the views and the game modules' interface), so that a game
module that breaks the contract, or a message field misspelt, fails here rather
than in someone's browser. TypeScript comes from the npm registry, pinned by
``package-lock.json`` and installed with ``npm ci`` into ``node_modules/`` when
it is missing; without node and npm, or without the registry, the test skips,
saying why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "package-lock.json"
TSC = ROOT / "node_modules" / ".bin" / "tsc"
INSTALL_SECONDS = 600
CHECK_SECONDS = 600
UNREACHABLE = ("ENOTFOUND", "EAI_AGAIN", "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENETUNREACH", "EHOSTUNREACH")
"""What npm says when the registry cannot be reached (and nothing it needs is in its cache)."""


@contextmanager
def _installing() -> Iterator[None]:
    """One install or check at a time in this checkout (npm ci empties node_modules first): a lock on the lock file."""
    if sys.platform == "win32":
        yield
        return
    import fcntl

    with LOCK.open("rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


def _pinned_version() -> str:
    return str(json.loads(LOCK.read_text(encoding="utf-8"))["packages"]["node_modules/typescript"]["version"])


def _installed_version() -> str | None:
    manifest = ROOT / "node_modules" / "typescript" / "package.json"
    if not TSC.exists() or not manifest.exists():
        return None
    return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])


def _install() -> None:
    """``npm ci`` (from npm's cache when it can); a skip when the registry cannot be reached."""
    env = {**os.environ, "NPM_CONFIG_UPDATE_NOTIFIER": "false", "NPM_CONFIG_FUND": "false", "NPM_CONFIG_AUDIT": "false"}
    try:
        done = subprocess.run(
            ["npm", "ci", "--prefer-offline", "--no-audit", "--no-fund", "--fetch-retry-maxtimeout=15000"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=INSTALL_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.skip(f"npm ci took over {INSTALL_SECONDS} s: the npm registry cannot be reached from here")
    said = done.stdout + done.stderr
    if done.returncode != 0:
        unreachable = [code for code in UNREACHABLE if code in said]
        if unreachable:
            pytest.skip(f"the npm registry cannot be reached ({unreachable[0]}), so TypeScript cannot be installed")
        pytest.fail(f"npm ci failed (exit {done.returncode}):\n{said}", pytrace=False)


def test_the_browser_client_type_checks() -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("no node and npm here: the browser client's type check needs them (Debian: apt-get install npm)")
    with _installing():  # held through the check too: another run's npm ci would empty node_modules under it
        if _installed_version() != _pinned_version():
            _install()
        assert _installed_version() == _pinned_version(), "npm ci did not install the TypeScript package-lock.json pins"
        done = subprocess.run(
            [str(TSC), "--noEmit", "-p", str(ROOT / "tsconfig.json")],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=CHECK_SECONDS,
            check=False,
        )
    found = done.stdout + done.stderr
    if done.returncode != 0:
        pytest.fail(f"tsc found type errors in the browser client (exit {done.returncode}):\n{found}", pytrace=False)
