"""Imports run down the layers of docs/architecture.md, and no module imports itself round a circle.

Every import counts: at module level, under ``TYPE_CHECKING`` and inside a
function alike (an import placed where it runs late is how a circle hides).
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

import deckhand

SRC = Path(deckhand.__file__).parent
LAYERS: list[set[str]] = [
    {"core"},
    {"agents", "command", "compiled"},
    {"games", "render"},
    {"play"},
    {"store"},
    {"review"},
    {"envs", "advise", "terminal", "web"},
    {"testing"},
    {"deckhand"},
    {"cli"},
]
"""From the bottom up: a package imports only from the layers below it (and itself), so packages of one
layer share nothing but what lies below them."""


def _package(module: str) -> str:
    """The layer's unit a module belongs to: ``deckhand.web.rooms`` is ``web``, ``deckhand.cli_arena`` is ``cli``."""
    parts = module.split(".")
    if len(parts) == 1:
        return "deckhand"
    return "cli" if parts[1].startswith("cli") or parts[1] == "__main__" else parts[1]


def _module(path: Path) -> str:
    parts = ["deckhand", *path.relative_to(SRC).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """Every deckhand module, with the deckhand modules it imports anywhere."""
    modules = {_module(path): path for path in SRC.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        graph[name] = set()
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join([*parts[: len(parts) - node.level + 1], *([node.module] if node.module else [])])
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            graph[name] |= {target for target in targets if target in modules and target != name}
    return graph


GRAPH = _graph()


def test_no_module_imports_itself_round_a_circle() -> None:
    try:
        tuple(graphlib.TopologicalSorter(GRAPH).static_order())
    except graphlib.CycleError as circle:
        pytest.fail(f"an import circle: {' -> '.join(circle.args[1])}")


def test_every_package_has_a_layer() -> None:
    placed = set().union(*LAYERS)
    assert {_package(name) for name in GRAPH} <= placed


@pytest.mark.parametrize("layer", range(len(LAYERS)))
def test_imports_point_down_the_layers(layer: int) -> None:
    rank = {package: level for level, packages in enumerate(LAYERS) for package in packages}
    wrong = [
        f"{source} imports {target}"
        for source, targets in GRAPH.items()
        for target in targets
        if _package(source) in LAYERS[layer]
        and _package(target) != _package(source)
        and rank[_package(target)] >= layer
    ]
    assert not wrong, "an arrow up or across the layers:\n" + "\n".join(sorted(wrong))
