"""The labels' manifest: tools and versions, pipelines, packages, counts, the command that made them.

Paths in it are relative or placeholders (``DATA`` for the task directory), never the build
machine's: the manifest says how to redo the labels anywhere. ``labels_sha256`` hashes the labels
without their CPU times, in key order, so two runs of the same recipe give the same hash.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path

from mir_export.tasks.passes import harvest, measure
from mir_export.tasks.passes.labels import canonical, read_jsonl
from mir_export.tasks.passes.sources import by_name

TOOLS = ("clang", "opt", "llc", "llvm-size", "llvm-link")


def tool_version(name: str) -> str:
    """The first line of ``NAME-14 --version`` that names the version."""
    try:
        done = subprocess.run([measure.tool(name), "--version"], capture_output=True, text=True)
    except OSError:
        return "missing"
    return next((ln.strip() for ln in done.stdout.splitlines() if "version" in ln.lower()), "unknown")


def placeholder_command(command: list[str], data: Path) -> list[str]:
    """The command with the task directory as ``DATA`` and other paths relative to it or bare names."""
    data_abs = os.path.abspath(data)
    out = []
    for word in command:
        if os.path.isabs(word) or os.path.exists(word):
            full = os.path.abspath(word)
            if full == data_abs or full.startswith(data_abs + os.sep):
                word = "DATA" + full[len(data_abs):]
            elif os.path.isabs(word):
                word = os.path.basename(word)
        out.append(word)
    return out


def write_manifest(data: Path, split: str, rows: list[dict], pipelines: dict[str, str], bytes_for: tuple[str, ...],
                   command: list[str]) -> dict:
    """``DATA/labels/manifest-<split>.json`` for the labels of ``rows``; returns it."""
    keys = {r["key"] for r in rows}
    labelled = [r for r in read_jsonl(data / "labels" / f"{split}.jsonl") if r["key"] in keys]
    packages = sorted({r["package"] for r in rows})
    records = {}
    for src in by_name(packages) if packages else []:
        done = data / "ir" / src.name / harvest.DONE
        records[src.name] = json.loads(done.read_text()) if done.exists() else {"name": src.name}
    manifest = {
        "task": "fewest IR instructions per module: opt -passes=PIPELINE, instruction lines of the printed module",
        "split": split, "command": placeholder_command(command, data),
        "tools": {t: tool_version(t) for t in TOOLS}, "llvm": measure.LLVM,
        "pipelines": pipelines, "bytes_for": list(bytes_for),
        "packages": [{k: records[p].get(k) for k in ("name", "version", "license", "kind", "units", "modules")}
                     for p in packages],
        "modules": sum(1 for r in labelled if "counts" in r), "failed": sum(1 for r in labelled if "error" in r),
        "per_form": {f: sum(1 for r in labelled if r["form"] == f and "counts" in r)
                     for f in sorted({r["form"] for r in rows})},
        "cpu_s": round(sum(r.get("cpu_s", 0.0) for r in labelled), 1),
        "labels_sha256": hashlib.sha256(canonical(labelled).encode()).hexdigest(),
    }
    _write(data / "labels" / f"manifest-{split}.json", manifest)
    return manifest


def record_recheck(data: Path, split: str, found: dict) -> None:
    """The outcome of ``label --recheck`` in the split's manifest (where there is one): how many
    modules were labelled again, by which tools, and which differed (none, for deterministic labels)."""
    path = data / "labels" / f"manifest-{split}.json"
    if not path.is_file():
        return
    manifest = json.loads(path.read_text())
    manifest["recheck"] = {"modules": found["modules"], "differ": found["differ"][:20],
                           "tools": {t: tool_version(t) for t in ("opt", "llc")}}
    _write(path, manifest)


def _write(path: Path, manifest: dict) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=1) + "\n")
    tmp.replace(path)
