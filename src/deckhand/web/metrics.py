"""What ``/metrics`` reports, in Prometheus' text format: requests, sockets, tables, moves, commits, thinking.

Each application has a registry of its own (tests build many in one
process), filled by ``prometheus-client``: gauges read when scraped, a
counter of the moves stored and a histogram of the group commit's latency,
both fed by the ledger.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    GC_COLLECTOR,
    PLATFORM_COLLECTOR,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    generate_latest,
)

COMMIT_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: a commit on a local disk takes milliseconds, one that waits on a stalled disk or database seconds."""

REQUEST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: an API call takes a millisecond or two; one that waits on the store, more."""
THINKING_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: a rule answers in milliseconds, a search in about a second, and nothing past the thinking limit."""

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
            "Computer decisions and hints waiting to think (queued, or paused while other tables think)",
            registry=self.registry,
        )
        self.thinking_wait = Histogram(
            "deckhand_thinking_wait_seconds",
            "Seconds from asking a computer (a move or a hint) to its answer, waiting and thinking",
            buckets=THINKING_BUCKETS,
            registry=self.registry,
        )
        self.thinking_cut = Counter(
            "deckhand_thinking_cut",
            "Decisions cut off by the thinking limit (or a lost thinking process): the quick level played",
            registry=self.registry,
        )

        self.requests = Histogram(
            "deckhand_http_request_seconds",
            "Seconds an HTTP request took, by route pattern, method and status",
            ["route", "method", "status"],
            buckets=REQUEST_BUCKETS,
            registry=self.registry,
        )
        self.errors = Counter(
            "deckhand_http_errors",
            "HTTP requests answered with a server error (5xx), an exception that escaped included, by route",
            ["route"],
            registry=self.registry,
        )
        self.sockets_opened = Counter(
            "deckhand_websocket_opened", "Websockets accepted (players and spectators)", registry=self.registry
        )
        self.sockets_closed = Counter(
            "deckhand_websocket_closed",
            "Websockets closed, by close code and by whom (the server or the browser)",
            ["code", "by"],
            registry=self.registry,
        )
        self.reconnects = Counter(
            "deckhand_reconnects",
            "Connections of a seat that had been connected to its table in this process before",
            registry=self.registry,
        )
        self.games_finished = Counter(
            "deckhand_games_finished",
            "Games finished and stored by this process, by game",
            ["game"],
            registry=self.registry,
        )
        ProcessCollector(registry=self.registry)  # CPU seconds, memory, open files of this process
        self.registry.register(PLATFORM_COLLECTOR)
        self.registry.register(GC_COLLECTOR)

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
