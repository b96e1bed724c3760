"""No import circles in ``mir_runtime`` or ``mir_export``: data flows one way, and so do imports.

Every ``import`` counts, at module level or inside a function: a function-level import defers a
circle to run time, it does not remove it.
"""
from __future__ import annotations

import ast
from pathlib import Path

from paths import REPO

# package directory -> the package it installs as (artifacts/ installs as mir_runtime.artifacts)
PACKAGES = {"mir_runtime": "mir_runtime", "mir_export": "mir_export", "artifacts": "mir_runtime.artifacts"}


def _modules() -> dict[str, Path]:
    found = {}
    for folder, package in PACKAGES.items():
        for path in (REPO / folder).rglob("*.py"):
            parts = path.relative_to(REPO / folder).with_suffix("").parts
            name = ".".join((package, *parts))
            found[name.removesuffix(".__init__")] = path
    return found


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The dotted names ``node`` imports: for ``from X import y``, ``X.y`` (a submodule, if there is one) and ``X``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
    return [f"{base}.{alias.name}" for alias in node.names]


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the two packages it imports (the longest existing prefix of each name)."""
    modules = _modules()

    def owner(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for module, path in modules.items():
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                targets.update(filter(None, map(owner, _imported(node, module, path.name == "__init__.py"))))
        graph[module] = targets - {module}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of ``graph`` as ``[a, b, ..., a]``, or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if (cycle := visit(target)) is not None:
                return cycle
        path.pop()
        done.add(node)
        return None

    return next((cycle for node in sorted(graph) if (cycle := visit(node)) is not None), None)


def test_no_import_circles() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle) + " (move the shared names into a lower module)"


def package_graph(graph: dict[str, set[str]]) -> dict[str, dict[str, list[str]]]:
    """``mir_export``'s first-level packages -> the packages they import, each with the module
    imports that make the edge (``corpus.behaviour -> proxy.pairs``); the root modules (``cli``)
    belong to none."""
    def package(module: str) -> str | None:
        parts = module.split(".")
        return parts[1] if parts[0] == "mir_export" and len(parts) > 2 or (
            len(parts) == 2 and parts[0] == "mir_export" and (REPO / "mir_export" / parts[1]).is_dir()) else None

    found: dict[str, dict[str, list[str]]] = {}
    for module, targets in graph.items():
        if (source := package(module)) is None:
            continue
        for target in targets:
            if (other := package(target)) is not None and other != source:
                found.setdefault(source, {}).setdefault(other, []).append(f"{module} -> {target}")
    return found


def test_no_package_circles() -> None:
    """No two stages of the training side import each other, however far round: a package is
    readable and changeable on top of the ones it imports."""
    packages = package_graph(import_graph())
    cycle = find_cycle({source: set(targets) for source, targets in packages.items()})
    assert cycle is None, "package circle: " + " -> ".join(cycle) + " (" + "; ".join(
        packages[a][b][0] for a, b in zip(cycle, cycle[1:])) + ": move the shared names into a package both may import)"


def test_the_package_graph_keeps_the_imports_between_packages() -> None:
    graph = {"mir_export.corpus.a": {"mir_export.pretrain.b", "mir_export.corpus.c"}, "mir_export.cli": {"mir_export.corpus.a"}}
    assert package_graph(graph) == {"corpus": {"pretrain": ["mir_export.corpus.a -> mir_export.pretrain.b"]}}


def test_a_circle_is_found() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_sees_function_level_and_relative_imports() -> None:
    graph = import_graph()
    assert "mir_runtime.parallel" in graph["mir_runtime.model"]  # imported inside iter_embed
    assert "mir_runtime.ir.reader" in graph["mir_runtime.ir"]


def _defined(path: Path) -> set[str]:
    """The names a module binds at its top level: functions, classes, assignments, imports, and
    the strings of its ``__all__`` (a package's lazy ``__getattr__`` exports)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(), str(path)).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bound = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
            names |= bound
            if "__all__" in bound and isinstance(node.value, (ast.List, ast.Tuple)):
                names.update(e.value for e in node.value.elts if isinstance(e, ast.Constant))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def test_benchmark_scripts_import_names_the_packages_have() -> None:
    """A benchmark is run by hand, months apart: a name it imports from the packages that a later
    change renamed or removed fails here, not on the day someone needs the measurement."""
    modules = _modules()
    stale = []
    for script in sorted((REPO / "benchmarks").glob("*.py")):
        for node in ast.walk(ast.parse(script.read_text(), str(script))):
            if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith(tuple(PACKAGES.values())):
                continue
            if node.module not in modules:
                stale.append(f"{script.name}: {node.module}")
                continue
            have = _defined(modules[node.module])
            stale += [f"{script.name}: {node.module}.{a.name}" for a in node.names
                      if a.name not in have and f"{node.module}.{a.name}" not in modules]
    assert not stale, stale
