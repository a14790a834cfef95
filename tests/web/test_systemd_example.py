"""The systemd template unit (``examples/systemd/deckhand@.service``): the facts the page on scaling out relies on.

One process per instance, the instance being its port; systemd waits for the
drain before it kills anything; the process is stopped by ``SIGTERM`` to the
server alone and restarted when it fails; it writes only to its data
directory. Where ``systemd-analyze`` is installed, it verifies the unit too.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckhand.web.serve import DRAIN

UNIT = Path(__file__).resolve().parents[2] / "examples" / "systemd" / "deckhand@.service"
SYSTEMD_ANALYZE = shutil.which("systemd-analyze")
AFTER_DRAIN = 2.0
"""Seconds a stopping process may take after its drain (closing its websockets, the requests under way)."""


def settings() -> dict[str, list[str]]:
    """Each ``Key=value`` of the unit, every value of a key that appears more than once."""
    found: dict[str, list[str]] = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key, []).append(value)
    return found


def seconds(value: str) -> float:
    """A systemd time span of the simple kinds (``15``, ``15s``, ``1min``, ``1min 30s``) in seconds."""
    units = {"": 1, "s": 1, "sec": 1, "min": 60, "m": 60}
    parts = re.findall(r"(\d+(?:\.\d+)?)\s*([a-z]*)", value)
    assert parts and "".join(n + u for n, u in parts) == value.replace(" ", ""), value
    return sum(float(number) * units[unit] for number, unit in parts)


def test_one_process_per_port_runs_deckhand_serve() -> None:
    (command,) = settings()["ExecStart"]
    words = command.split()
    assert words[0].endswith("/bin/deckhand") and words[1] == "serve"
    assert words[words.index("--port") + 1] == "%i"
    assert words[words.index("--metrics-port") + 1] == "${METRICS_PORT}"
    assert settings()["EnvironmentFile"] == ["/etc/deckhand/deckhand.env", "/etc/deckhand/%i.env"]


def test_systemd_waits_for_the_drain_before_it_kills() -> None:
    unit = settings()
    (command,) = unit["ExecStart"]
    words = command.split()
    drain = float(words[words.index("--drain") + 1]) if "--drain" in words else DRAIN
    (timeout,) = unit["TimeoutStopSec"]
    assert seconds(timeout) > drain + AFTER_DRAIN
    assert unit["KillSignal"] == ["SIGTERM"]
    assert unit["KillMode"] == ["mixed"], "SIGTERM to the server alone: its thinking processes answer while it drains"
    assert unit["Restart"] == ["on-failure"]


def test_the_process_runs_as_its_own_user_and_writes_only_its_data() -> None:
    unit = settings()
    assert unit["User"] == ["deckhand"]
    assert unit["Environment"] == ["DECKHAND_HOME=/var/lib/deckhand"]
    assert unit["ReadWritePaths"] == ["/var/lib/deckhand"]
    for hardening, value in (("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"), ("ProtectHome", "yes")):
        assert unit[hardening] == [value], hardening
    assert unit["PrivateTmp"] == ["yes"]


def test_the_seconds_of_a_time_span() -> None:
    assert seconds("15") == 15 and seconds("15s") == 15 and seconds("1min 30s") == 90


@pytest.mark.skipif(SYSTEMD_ANALYZE is None, reason="systemd-analyze is not installed (Debian's systemd package)")
def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    assert SYSTEMD_ANALYZE is not None
    # verify checks that the command exists: this interpreter stands in for the installed deckhand
    text = UNIT.read_text(encoding="utf-8").replace("/opt/deckhand/.venv/bin/deckhand", sys.executable)
    assert text != UNIT.read_text(encoding="utf-8")
    (tmp_path / UNIT.name).write_text(text, encoding="utf-8")
    verified = subprocess.run(
        [SYSTEMD_ANALYZE, "verify", "--man=no", str(tmp_path / UNIT.name)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    # an unknown or malformed setting is only warned about: any word from it fails the test
    assert verified.returncode == 0 and not verified.stdout + verified.stderr, verified.stdout + verified.stderr
