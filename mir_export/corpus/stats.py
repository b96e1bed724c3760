"""``mir-export corpus stats``: the corpus's size, by source, language and package.

Computed from the manifest's module rows, so it is instant and reads no IR.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from mir_export.corpus.manifest import COUNTS, MANIFEST, breakdown


def load_manifest(path: Path) -> dict:
    """A manifest from its file or from the corpus directory holding it."""
    return json.loads((path / MANIFEST if path.is_dir() else path).read_text())


def rows_of(manifest: dict) -> list[dict]:
    """Module rows as dicts, each with its package (the first path component)."""
    cols = manifest["module_columns"]
    return [dict(zip(cols, r), package=r[0].split("/", 1)[0]) for r in manifest["module_rows"]]


def format_table(title: str, groups: dict[str, dict]) -> str:
    """A fixed-width table: one line per group, one column per count."""
    width = max([len(title), *map(len, groups)]) + 2
    lines = [title.ljust(width) + "".join(c.rjust(18) for c in COUNTS)]
    for name, t in groups.items():
        lines.append(name.ljust(width) + "".join(f"{t[c]:,}".rjust(18) for c in COUNTS))
    return "\n".join(lines)


def print_stats(path: Path, out=sys.stdout) -> int:
    """Print the totals and the breakdowns; 0 on success."""
    manifest = load_manifest(path)
    rows = rows_of(manifest)
    source = {p["name"]: p["source"] for p in manifest["packages"]}
    sections = [
        ("total", breakdown(rows, lambda r: "all")),
        ("source", breakdown(rows, lambda r: source.get(r["package"], "?"))),
        ("language", breakdown(rows, lambda r: r["language"])),
        ("package", breakdown(rows, lambda r: r["package"])),
    ]
    for title, groups in sections:
        print(format_table(title, groups), file=out)
        print(file=out)
    build = manifest.get("build", {})
    print(f"openmp modules: {sum(r['openmp'] for r in rows):,}  "
          f"reader failures: {len(manifest.get('reader_failures', []))}  "
          f"eval-overlapping functions: {manifest.get('eval_check', {}).get('overlapping_functions', '?')}  "
          f"build: {build.get('seconds', '?')} s on {build.get('machine', {}).get('cores', '?')} cores", file=out)
    return 0
