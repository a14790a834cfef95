"""All of the SQL lives in ``deckhand.store``: no other module imports SQLAlchemy or Alembic.

Read from the source (every module of the package, imports inside functions
and under ``TYPE_CHECKING`` included), so a statement written elsewhere
fails here before it is ever run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import deckhand

PACKAGE = Path(deckhand.__file__).parent
STORE = PACKAGE / "store"
DATABASE_LIBRARIES = ("sqlalchemy", "alembic")


def _is_database_library(name: str) -> bool:
    return name.split(".", 1)[0] in DATABASE_LIBRARIES


def database_imports(path: Path) -> list[tuple[int, str]]:
    """Each place ``path`` imports SQLAlchemy or Alembic: by statement, or by name through importlib."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if _is_database_library(alias.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _is_database_library(node.module):
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            named = node.args[0].value if isinstance(node.args[0], ast.Constant) else None
            if called in ("import_module", "__import__") and isinstance(named, str) and _is_database_library(named):
                found.append((node.lineno, named))
    return sorted(found)


def test_no_module_outside_the_store_imports_sqlalchemy_or_alembic() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if not path.is_relative_to(STORE)
        for line, name in database_imports(path)
    ]
    assert not offenders, "SQL belongs in deckhand.store:\n" + "\n".join(offenders)


def test_the_check_sees_the_stores_own_imports() -> None:
    """Not a check that passes on nothing: the store's modules are found importing both."""
    seen = {name.split(".", 1)[0] for path in STORE.rglob("*.py") for _, name in database_imports(path)}
    assert seen == set(DATABASE_LIBRARIES)


def test_every_way_of_importing_is_caught(tmp_path: Path) -> None:
    module = tmp_path / "sneaky.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "import importlib\n"
        "if TYPE_CHECKING:\n"
        "    from sqlalchemy.orm import Session\n"
        "def f():\n"
        "    import alembic.command\n"
        "    return importlib.import_module('sqlalchemy')\n"
        "from .sqlalchemy import nothing\n",  # a sibling module of that name is not the library
        encoding="utf-8",
    )
    assert database_imports(module) == [(4, "sqlalchemy.orm"), (6, "alembic.command"), (7, "sqlalchemy")]
