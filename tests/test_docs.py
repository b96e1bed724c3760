"""The documentation stays a guide: README within 300 lines, each page of docs/ within 400, and
every link between pages (a file, a heading) resolves."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from paths import REPO

PAGES = sorted([REPO / "README.md", REPO / "artifacts" / "README.md", REPO / "benchmarks" / "RESULTS.md",
                *(REPO / "docs").glob("*.md")])
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
            for heading in re.findall(r"^#+ (.+)$", text, re.M)}


def test_readme_is_a_guide() -> None:
    assert len((REPO / "README.md").read_text().splitlines()) <= 300


@pytest.mark.parametrize("page", [p for p in PAGES if p.parent.name == "docs"], ids=lambda p: p.name)
def test_docs_pages_are_short(page: Path) -> None:
    assert len(page.read_text().splitlines()) <= 400


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_links_resolve(page: Path) -> None:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(target)
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(target)
    assert not broken, f"{page.relative_to(REPO)}: broken links {broken}"


def test_anchor_rule() -> None:
    page = REPO / "README.md"
    assert "your-own-tuning-task" in anchors(page) and "results" in anchors(page)


def design_packages() -> list[str]:
    """The packages of docs/design.md's mir_export table, in its order (``tasks/devmap`` for a task's folder)."""
    text = (REPO / "docs" / "design.md").read_text()
    section = text[text.index("## mir_export\n"):]
    section = section[: section.index("\n## ", 1)]
    return re.findall(r"^\| `([\w/]+)/` \|", section, re.M)


def tree_packages() -> list[str]:
    """The packages of ``mir_export/``: its subpackages and those of ``tasks/`` (one per task)."""
    root = REPO / "mir_export"
    found = [p for p in root.iterdir() if (p / "__init__.py").is_file()]
    found += [p for p in (root / "tasks").iterdir() if (p / "__init__.py").is_file()]
    return sorted(str(p.relative_to(root)) for p in found)


def test_the_design_table_follows_the_tree() -> None:
    """Every package the table names exists, and every package is in the table, once."""
    named = design_packages()
    assert len(named) == len(set(named)) and sorted(named) == tree_packages()


def test_the_design_table_is_in_import_order() -> None:
    """A package imports only the packages above it in the table."""
    from test_imports import import_graph, package_graph

    order = [name for name in design_packages() if "/" not in name]
    below = {(package, other) for package, targets in package_graph(import_graph()).items() for other in targets
             if order.index(other) > order.index(package)}
    assert not below, f"imports of a package listed below: {sorted(below)} (docs/design.md's mir_export table)"
