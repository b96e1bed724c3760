"""Building the size task: the packages (the corpus's own build, IR harvested at -O0 alone), then
every defined function cut out alone and labelled, then the manifest.

Resumable: a package whose ``ir/<name>/.done`` exists is skipped (as ``corpus build``), a cut
function file is reused, and a function already in ``labels.jsonl`` is not compiled again, so an
interrupted run picks up where it stopped. Functions whose cut module repeats an earlier one's
(the same code under the same name: a header's static function in several units) are labelled
once; the first, in package and unit order, is kept.
"""
from __future__ import annotations

import hashlib
import json
import os
import platform
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from mir_export.corpus.build import build
from mir_export.corpus.pairs import cut_function, function_file
from mir_export.corpus.size_recipe import tool
from mir_export.tasks.size.labels import defined_functions, LabelError, sizes
from mir_export.corpus.size_recipe import LLVM_VERSION, PACKAGES, PIPELINES, REFERENCE, SAMPLE
from mir_runtime.progress import progress

LABELS = "labels.jsonl"  # one JSON line per function: package, unit, name, file, key, sizes or error
MANIFEST = "size-manifest.json"


def build_packages(out: Path, jobs: int, prepare: bool) -> list[dict]:
    """Fetch, build and harvest every package of the recipe into ``out/ir``; the build records."""
    os.environ["MIR_IR_LEVELS"] = "O0"  # read by the wrapper, which the builds run as a subprocess
    return build(out, list(PACKAGES), jobs, prepare=prepare)


def function_rows(out: Path) -> list[dict]:
    """The task's functions: the first ``SAMPLE`` the packages' -O0 modules define, in an order
    fixed by a hash of module and name (packages and units mixed: a fair sample, the same on
    every rebuild)."""
    rows = []
    for pkg in PACKAGES:
        for module in sorted((out / "ir" / pkg.name).rglob("*.O0.ll")):
            relative = str(module.relative_to(out / "ir"))
            unit = relative.removeprefix(f"{pkg.name}/").removesuffix(".O0.ll")
            for name in defined_functions(module.read_text(errors="replace")):
                rows.append({"package": pkg.name, "unit": unit, "name": name, "module": relative})
    return sorted(rows, key=lambda r: hashlib.sha256(f"{r['module']}\0{r['name']}".encode()).hexdigest())[:SAMPLE]


def _key(text: str, name: str) -> str:
    """The cut module's identity: its text without the lines naming its source, the function's own
    name masked (the same code under two names is two functions; this catches true repeats)."""
    kept = [line for line in text.splitlines() if not line.startswith(("; ModuleID", "source_filename"))]
    return hashlib.sha256("\n".join(kept).replace(name + "(", "@_(").encode()).hexdigest()


def label_row(out: Path, row: dict) -> dict:
    """One function cut out and compiled by every pipeline: the row with file, key and sizes, or error."""
    dest = function_file(out, row["module"], row["name"])
    cut = cut_function(tool("llvm-extract"), out / "ir" / row["module"], row["name"], dest) if not dest.exists() else dest
    if isinstance(cut, str):
        return {**row, "error": cut}
    text = cut.read_text(errors="replace")
    entry = {**row, "file": str(cut.relative_to(out)), "key": _key(text, row["name"])}
    try:
        return {**entry, "sizes": sizes(cut)}
    except LabelError as exc:
        return {**entry, "error": f"{cut}: {exc}"}


def build_labels(out: Path, jobs: int) -> dict:
    """Label every function not yet in ``labels.jsonl`` (``jobs`` at a time); counts of the run."""
    rows = function_rows(out)
    path = out / LABELS
    done = set()
    if path.exists():
        done = {(r["module"], r["name"]) for r in map(json.loads, path.read_text().splitlines())}
    todo = [r for r in rows if (r["module"], r["name"]) not in done]
    print(f"size labels: {len(rows)} functions, {len(done)} already labelled, {len(todo)} to go", flush=True)
    with open(path, "a") as fh, ThreadPoolExecutor(max_workers=jobs) as pool:
        for entry in progress(pool.map(lambda r: label_row(out, r), todo), len(todo), "labelling"):
            fh.write(json.dumps(entry) + "\n")
            fh.flush()
    # In the task's order, and only the task's rows, however the runs that wrote them were cut.
    entries = {(e["module"], e["name"]): line for line in path.read_text().splitlines() for e in [json.loads(line)]}
    path.write_text("".join(entries[(r["module"], r["name"])] + "\n" for r in rows))
    return {"functions": len(rows), "labelled_now": len(todo)}


def read_labels(out: Path) -> tuple[list[dict], dict[str, int]]:
    """The labelled functions, repeats of an earlier key dropped; and how many were left out, and why."""
    kept, keys, dropped = [], set(), {"error": 0, "repeat": 0}
    for row in map(json.loads, (out / LABELS).read_text().splitlines()):
        if "error" in row:
            dropped["error"] += 1
        elif row["key"] in keys:
            dropped["repeat"] += 1
        else:
            keys.add(row["key"])
            kept.append(row)
    return kept, dropped


def _tool_version(name: str) -> str:
    done = subprocess.run([tool(name), "--version"], capture_output=True, text=True)
    return next((line.strip() for line in done.stdout.splitlines() if "version" in line.lower()), "unknown")


def write_manifest(out: Path, records: list[dict], command: list[str], seconds: float) -> dict:
    """``size-manifest.json``: the recipe, the packages as built (versions), the tools, the counts
    and the labels' sha256, so that a rebuild can be checked against this one."""
    kept, dropped = read_labels(out)
    per_package = {p.name: sum(1 for r in kept if r["package"] == p.name) for p in PACKAGES}
    manifest = {
        "task": "smallest object code per function read at -O0",
        "command": command,
        "llvm": LLVM_VERSION, "tools": {name: _tool_version(name) for name in ("opt", "llc", "llvm-extract")},
        "pipelines": {name: {"passes": p, "attributes": a} for name, (p, a) in PIPELINES.items()},
        "reference": REFERENCE,
        "packages": [{k: r.get(k) for k in ("name", "version", "license", "ir_files", "seconds", "steps")}
                     for r in records],
        "not_built": sorted({p.name for p in PACKAGES} - {r["name"] for r in records}),
        "functions": len(kept), "dropped": dropped, "per_package": per_package,
        "units": len({(r["package"], r["unit"]) for r in kept}),
        "labels_sha256": hashlib.sha256((out / LABELS).read_bytes()).hexdigest(),
        "machine": {"python": sys.version.split()[0], "platform": platform.platform()},
        "seconds": round(seconds, 1),
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def build_task(out: Path, jobs: int, prepare: bool, command: list[str]) -> dict:
    """The whole recipe: packages, labels, manifest."""
    start = time.time()
    records = build_packages(out, jobs, prepare)
    build_labels(out, jobs)
    return write_manifest(out, records, command, time.time() - start)
