"""Every document the code and the manual cite is in the repository, and every module the manual names imports.

A citation names a page of the manual and its section (``docs/games/cambio.md, rules decisions``)
or a source by name ("the Casino course rules", docs/sources.md); documents kept elsewhere, and
numbered sources, are not cited.
"""

from __future__ import annotations

import importlib
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEXT = {".py", ".js", ".css", ".md", ".html", ".toml", ".cfg", ".yml", ".txt"}
OUTSIDE = re.compile(r"ARCHITECTURE(\.md)?|RULES\.md|\b[Ss]eeds? 00\d|\.\./shared|\bseeds/")
CITED = re.compile(r"(docs/[\w/-]+\.md)(?:, \*?([A-Za-z][^)*:;.,`\n]*))?")
MODULE = re.compile(r"`(deckhand(?:\.\w+)+)")
FILES = {"env", "conf", "service", "toml", "json", "txt", "db", "sqlite", "log", "yml"}
"""Suffixes of files named like a module (``deckhand.env``, an environment file)."""


def _tracked() -> list[Path]:
    """The repository's text files, as git lists them (a file not in git is not the repository's)."""
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / name for name in listed if Path(name).suffix in TEXT and (ROOT / name).is_file()]


def _headings(page: Path) -> set[str]:
    return {
        line.lstrip("#").strip().lower()
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith("#")
    }


def test_nothing_cites_a_document_the_repository_does_not_hold() -> None:
    here = Path(__file__).relative_to(ROOT)
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:90]}"
        for path in _tracked()
        if path.relative_to(ROOT) != here and ".ci" not in path.relative_to(ROOT).parts
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not found, "cite docs/architecture.md, a game's page or a source by name:\n" + "\n".join(found)


def test_every_cited_page_and_section_exists() -> None:
    cited = 0
    for path in _tracked():
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in CITED.finditer(text):
            if re.search(r"/[A-Z]+\.md", match.group(1)):
                continue  # a placeholder: docs/games/NAME.md
            page, section = ROOT / match.group(1), match.group(2)
            where = f"{path.relative_to(ROOT)}: {match.group(0)}"
            assert page.is_file(), f"{where}: no such page"
            if section and section.strip().lower() in _headings(page) | {"*"}:
                cited += 1
            elif (section and section[0].isupper()) or (section and section.split()[0] in {"rules", "the", "hidden"}):
                pytest.fail(f"{where}: {match.group(1)} has no section {section.strip()!r}")
    assert cited > 20, "the check found the citations"


@pytest.mark.parametrize(
    "page", ["README.md", "CONTRIBUTING.md", *sorted(p.name for p in (ROOT / "docs").glob("*.md"))]
)
def test_every_module_the_manual_names_imports(page: str) -> None:
    path = ROOT / page if (ROOT / page).is_file() else ROOT / "docs" / page
    for name in sorted(set(MODULE.findall(path.read_text(encoding="utf-8")))):
        parts = name.split(".")
        if parts[-1] in FILES:
            continue
        for cut in range(len(parts), 0, -1):
            try:
                found: object = importlib.import_module(".".join(parts[:cut]))
            except ModuleNotFoundError as missing:
                if missing.name and not missing.name.startswith("deckhand"):
                    break  # an optional extra (OpenSpiel, Ray) is not installed: the name is there
                continue
            for attribute in parts[cut:]:
                assert hasattr(found, attribute), f"{page} names {name}: {'.'.join(parts[:cut])} has no {attribute}"
                found = getattr(found, attribute)
            break
        else:
            pytest.fail(f"{page} names {name}, which does not import")
