"""What the web load benchmarks share: free ports, a process's memory and CPU, the server's own figures, TLS."""

from __future__ import annotations

import os
import socket
import ssl
from pathlib import Path

import httpx2 as httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rss_kib(pids: list[int]) -> int:
    """The processes' resident size in KiB, together (Linux)."""
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


def server_figures(ports: list[int]) -> dict[str, float]:
    """The servers' own counters, summed: group commits and their seconds, moves stored, computer answers."""
    from prometheus_client.parser import text_string_to_metric_families

    wanted = {
        "deckhand_commit_seconds_count": "commits",
        "deckhand_commit_seconds_sum": "commit_seconds",
        "deckhand_moves_total": "moves",
        "deckhand_thinking_wait_seconds_count": "answers",
        "deckhand_thinking_wait_seconds_sum": "answer_seconds",
    }
    figures: dict[str, float] = dict.fromkeys(wanted.values(), 0.0)
    for port in ports:
        text = httpx.get(f"http://127.0.0.1:{port}/metrics").text
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                if sample.name in wanted:
                    figures[wanted[sample.name]] += sample.value
    return figures


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU time of the processes so far, together (Linux)."""
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


TLS = ssl.create_default_context()
TLS.check_hostname = False
TLS.verify_mode = ssl.CERT_NONE
"""Through the balancer: its test certificate is self-signed."""


def tls(url: str) -> ssl.SSLContext | None:
    return TLS if url.startswith(("https:", "wss:")) else None


async def post(http: httpx.AsyncClient, path: str, request: dict[str, object]) -> httpx.Response:
    """``POST`` a JSON request; again if the server had closed the idle connection meanwhile."""
    try:
        return await http.post(path, json=request)
    except httpx.TransportError:
        return await http.post(path, json=request)
