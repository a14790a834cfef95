"""The monitoring examples (``examples/monitoring``): Prometheus' scrape configuration and the alert rules.

Both files are parsed and their shape checked; every ``deckhand_*`` series an
alert reads must be one a server's ``/metrics`` exposes (so renaming a metric
fails here, not in an operator's silent alert). Where ``promtool`` is installed
(Debian's ``prometheus`` package; ``.ci/run`` installs it), it checks both files
and plays each alert against made-up series: a sick one fires, a healthy one
does not.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from prometheus_client.parser import text_string_to_metric_families

from deckhand.web.metrics import Metrics

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "monitoring"
PROMTOOL = shutil.which("promtool")
NO_PROMTOOL = "promtool is not installed (Debian's prometheus package; .ci/run installs it)"
SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count"), "gauge": ("",)}
"""The series a metric of each type is exposed as (``_created`` left out: no alert should read it)."""


def load(name: str) -> Any:
    return yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))


def rules() -> list[dict[str, Any]]:
    return [rule for group in load("alerts.yml")["groups"] for rule in group["rules"]]


def exposed() -> set[str]:
    """The names of the ``deckhand_*`` series a new server process exposes."""
    families = text_string_to_metric_families(Metrics().text().decode())
    return {
        family.name + suffix
        for family in families
        if family.name.startswith("deckhand_") and not family.name.endswith("_created")
        for suffix in SUFFIXES[family.type]
    }


def test_prometheus_scrapes_every_process_and_loads_the_alerts() -> None:
    config = load("prometheus.yml")
    assert config["rule_files"] == ["alerts.yml"]
    (job,) = config["scrape_configs"]
    assert job["job_name"] == "deckhand"
    (static,) = job["static_configs"]
    assert static["targets"] == ["127.0.0.1:9100", "127.0.0.1:9101"]


def test_every_alert_says_how_long_how_bad_and_what_it_means() -> None:
    groups = load("alerts.yml")["groups"]
    assert groups and all(group["name"] and group["rules"] for group in groups)
    names = [rule["alert"] for rule in rules()]
    assert len(names) == len(set(names)), names
    for rule in rules():
        assert set(rule) == {"alert", "expr", "for", "labels", "annotations"}, rule["alert"]
        assert re.fullmatch(r"\d+[smh]", rule["for"]), rule["alert"]
        assert rule["labels"]["severity"] in ("warning", "critical"), rule["alert"]
        assert rule["annotations"]["summary"] and rule["annotations"]["description"], rule["alert"]


def test_the_alerts_read_only_series_the_server_exposes() -> None:
    series = exposed()
    used = {name for rule in rules() for name in re.findall(r"\bdeckhand_\w+", rule["expr"])}
    assert used - series == set(), f"not exposed by deckhand.web.metrics: {sorted(used - series)}"
    # what the page on scaling out says the alerts watch
    for watched in (
        "deckhand_http_errors_total",
        "deckhand_commit_seconds_bucket",
        "deckhand_thinking_wait_seconds_bucket",
        "deckhand_thinking_cut_total",
    ):
        assert watched in used, watched
    assert any(rule["expr"].strip() == 'up{job="deckhand"} == 0' for rule in rules())


def test_a_misspelt_series_would_be_caught() -> None:
    series = exposed()
    assert "deckhand_moves_total" in series and "deckhand_commit_seconds_bucket" in series
    assert "deckhand_moves" not in series and "deckhand_commit_seconds" not in series


@pytest.mark.skipif(PROMTOOL is None, reason=NO_PROMTOOL)
def test_promtool_accepts_the_configuration_and_the_rules() -> None:
    assert PROMTOOL is not None
    for command in (["check", "config", "prometheus.yml"], ["check", "rules", "alerts.yml"]):
        checked = subprocess.run([PROMTOOL, *command], cwd=EXAMPLES, capture_output=True, text=True, timeout=60)
        assert checked.returncode == 0, checked.stdout + checked.stderr


def buckets(name: str, bounds: dict[str, str]) -> list[dict[str, str]]:
    """A histogram's cumulative bucket series, one per upper bound, in promtool's notation."""
    return [{"series": f'{name}_bucket{{instance="a",le="{le}"}}', "values": values} for le, values in bounds.items()]


SICK: list[dict[str, str]] = [
    # 5 of every 100 requests a minute answered 5xx
    {
        "series": 'deckhand_http_request_seconds_count{instance="a",route="/api/tables",method="POST",status="200"}',
        "values": "0+95x40",
    },
    {
        "series": 'deckhand_http_request_seconds_count{instance="a",route="/api/tables",method="POST",status="500"}',
        "values": "0+5x40",
    },
    {"series": 'deckhand_http_errors_total{instance="a",route="/api/tables"}', "values": "0+5x40"},
    # every commit between 0.1 s and 0.25 s, every computer between 2.5 s and 5 s
    *buckets("deckhand_commit_seconds", {"0.1": "0x40", "0.25": "0+60x40", "+Inf": "0+60x40"}),
    *buckets("deckhand_thinking_wait_seconds", {"2.5": "0x40", "5.0": "0+10x40", "+Inf": "0+10x40"}),
    {"series": 'deckhand_thinking_cut_total{instance="a"}', "values": "0+1x40"},
    {"series": 'deckhand_commit_failures_total{instance="a"}', "values": "0 0 1 1 1 1 1"},
    {"series": 'up{job="deckhand",instance="127.0.0.1:9101"}', "values": "1 1 0 0 0 0"},
]
HEALTHY: list[dict[str, str]] = [
    {
        "series": 'deckhand_http_request_seconds_count{instance="a",route="/api/tables",method="POST",status="200"}',
        "values": "0+100x40",
    },
    {"series": 'deckhand_http_errors_total{instance="a",route="/api/tables"}', "values": "0x40"},
    *buckets("deckhand_commit_seconds", {"0.005": "0+60x40", "0.1": "0+60x40", "+Inf": "0+60x40"}),
    *buckets("deckhand_thinking_wait_seconds", {"0.1": "0+10x40", "2.5": "0+10x40", "+Inf": "0+10x40"}),
    {"series": 'deckhand_thinking_cut_total{instance="a"}', "values": "0x40"},
    {"series": 'deckhand_commit_failures_total{instance="a"}', "values": "0x40"},
    {"series": 'up{job="deckhand",instance="127.0.0.1:9101"}', "values": "1x40"},
]
FIRES = {
    "DeckhandServerErrors": ("12m", {}),
    "DeckhandSlowCommits": ("17m", {}),
    "DeckhandCommitFailures": ("4m", {}),
    "DeckhandSlowComputers": ("17m", {}),
    "DeckhandThinkingCut": ("22m", {}),
    "DeckhandProcessDown": ("5m", {"job": "deckhand", "instance": "127.0.0.1:9101"}),
}
"""Each alert, when it has fired on the sick series (its ``for:`` past), and the labels it carries from them."""


@pytest.mark.skipif(PROMTOOL is None, reason=NO_PROMTOOL)
def test_each_alert_fires_on_sick_series_and_not_on_healthy_ones(tmp_path: Path) -> None:
    assert PROMTOOL is not None
    assert set(FIRES) == {rule["alert"] for rule in rules()}, "every alert has its case here"
    # the rules without their annotations, so that the cases compare labels only (check rules reads the templates)
    alerts = load("alerts.yml")
    for group in alerts["groups"]:
        for rule in group["rules"]:
            del rule["annotations"]
    (tmp_path / "alerts.yml").write_text(yaml.safe_dump(alerts), encoding="utf-8")
    severity = {rule["alert"]: rule["labels"]["severity"] for rule in rules()}
    cases = {
        "rule_files": ["alerts.yml"],
        "evaluation_interval": "1m",
        "tests": [
            {
                "interval": "1m",
                "input_series": SICK,
                "alert_rule_test": [
                    {
                        "eval_time": at,
                        "alertname": name,
                        "exp_alerts": [{"exp_labels": {"severity": severity[name], **labels}}],
                    }
                    for name, (at, labels) in FIRES.items()
                ],
            },
            {
                "interval": "1m",
                "input_series": HEALTHY,
                "alert_rule_test": [{"eval_time": "30m", "alertname": name, "exp_alerts": []} for name in FIRES],
            },
        ],
    }
    (tmp_path / "cases.yml").write_text(yaml.safe_dump(cases), encoding="utf-8")
    tested = subprocess.run(
        [PROMTOOL, "test", "rules", "cases.yml"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert tested.returncode == 0, tested.stdout + tested.stderr
