"""The training side uses the runtime through its public rooms only, and builds no object by
copying another's ``__dict__``."""
from __future__ import annotations

import ast

from paths import REPO

# What mir_export may import from: the package's face and one module per room.
PUBLIC = {
    "mir_runtime", "mir_runtime.model", "mir_runtime.modeldir", "mir_runtime.featurizer", "mir_runtime.backend",
    "mir_runtime.engine", "mir_runtime.features", "mir_runtime.graph", "mir_runtime.ir", "mir_runtime.statements",
    "mir_runtime.progress", "mir_runtime.pooling", "mir_runtime.tasks", "mir_runtime.packs", "mir_runtime.usage",
    "mir_runtime.errors", "mir_runtime.portable",  # error messages shown on one line; paths recorded portably
    "mir_runtime.ray_engine",  # whether a Ray cluster answers, asked before ray.init retries for minutes
    "mir_runtime.code_counts",  # the code counts a head reads without an encoder, the judge's baselines too
}


def _runtime_imports(path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("mir_runtime"):
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("mir_runtime")]
    return found


def test_training_side_imports_only_public_rooms() -> None:
    internal = {f"{path.relative_to(REPO)}: {module}" for path in (REPO / "mir_export").rglob("*.py")
                for module in _runtime_imports(path) if module not in PUBLIC}
    assert not internal


def test_no_object_is_built_from_another_ones_dict() -> None:
    for root in ("mir_runtime", "mir_export"):
        for path in (REPO / root).rglob("*.py"):
            text = path.read_text()
            assert "__dict__.update" not in text and "__dict__ =" not in text, path
