"""What ``GET /metrics`` reports, in Prometheus' text format: tables, connections, moves, commits, thinking.

Each application has a registry of its own (tests build many in one
process), filled by ``prometheus-client``: gauges read when scraped, a
counter of the moves stored and a histogram of the group commit's latency,
both fed by the ledger.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

COMMIT_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: a commit on a local disk takes milliseconds, one that waits on a stalled disk or database seconds."""

CONTENT_TYPE = CONTENT_TYPE_LATEST


class Metrics:
    """One server process's counters and gauges, registered on a registry of its own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.moves = Counter(
            "deckhand_moves",
            "Moves stored (people's and computers'; chance's outcomes not counted)",
            registry=self.registry,
        )
        self.commit_seconds = Histogram(
            "deckhand_commit_seconds",
            "Seconds one group commit of the ledger took (its thread's time, from start to commit)",
            buckets=COMMIT_BUCKETS,
            registry=self.registry,
        )
        self.commit_failures = Counter(
            "deckhand_commit_failures", "Group commits the store refused", registry=self.registry
        )
        self.takeovers = Counter(
            "deckhand_takeovers",
            "Tables this process took over from the store (from a gone or other process)",
            registry=self.registry,
        )
        self.tables = Gauge("deckhand_tables", "Tables this process deals now", registry=self.registry)
        self.connections = Gauge(
            "deckhand_connections", "Websockets open to this process's tables", registry=self.registry
        )
        self.thinking = Gauge(
            "deckhand_thinking_queue",
            "Computer decisions and hints waiting for a thinking thread",
            registry=self.registry,
        )

    def watch(self, tables: Callable[[], int], connections: Callable[[], int], thinking: Callable[[], int]) -> None:
        """The gauges read when scraped: how many tables, connections and waiting decisions there are then."""
        self.tables.set_function(tables)
        self.connections.set_function(connections)
        self.thinking.set_function(thinking)

    def committed(self, seconds: float, moves: int) -> None:
        self.commit_seconds.observe(seconds)
        if moves:
            self.moves.inc(moves)

    def text(self) -> bytes:
        """Everything, in the text exposition format."""
        return generate_latest(self.registry)
