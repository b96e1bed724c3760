"""The corpus manifest: read every module once, deduplicate functions, cap packages, check eval.

Redundancy in built code is extreme (headers, libtool's PIC/non-PIC twins, kernels sharing one
helper library), so the unit of counting is the defined function, identified by the sha256 of its
statements. The first occurrence wins, in the fixed package order then path order, which makes
the counts reproducible. One package may not dominate: modules past its cap are excluded.
Evaluation code must not leak in: any module holding a function whose hash appears in the
evaluation data sets' IR is excluded, and the count of such functions is reported.
"""
from __future__ import annotations

import glob
import hashlib
import json
import os
import platform
import re
import subprocess
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

from mir_runtime import IRParseError, parse_ir
from mir_runtime.statements import instruction_statements

MANIFEST = "corpus-manifest.json"
LANGUAGES = {".c": "c", ".cl": "opencl", ".cu": "cuda", ".cc": "c++", ".cpp": "c++", ".cxx": "c++", ".C": "c++"}
_SOURCE_FILENAME = re.compile(r'^source_filename = "(.*)"', re.M)
# Module rows: the committed manifest keeps one compact list per module.
COUNTS = ("modules", "functions", "unique_functions", "statements", "unique_statements")
ROW = ("path", "sha256", "language", "openmp", "functions", "unique_functions", "statements", "unique_statements")


def function_key(statements: list[str]) -> str:
    """A function's identity for deduplication: the hash of its statements (corpus manifest too)."""
    return hashlib.sha256("\n".join(statements).encode()).hexdigest()[:32]


def default_eval_glob() -> str:
    """The evaluation IR next to the repository: ``../shared/datasets/*/kernels_ir/*.ll``."""
    repo = Path(__file__).resolve().parents[2]
    return str(repo.parent / "shared" / "datasets" / "*" / "kernels_ir" / "*.ll")


def default_datasets() -> Path:
    """``$MIR_DATASETS``, else ``../shared/datasets`` next to the repository."""
    if os.environ.get("MIR_DATASETS"):
        return Path(os.environ["MIR_DATASETS"])
    return Path(__file__).resolve().parents[3] / "shared" / "datasets"


def named_function_hashes(text: str, path: str) -> list[tuple[str, str, int]]:
    """(name, hash, statement count) of every defined function, in module order."""
    module = parse_ir(text, path)
    out = []
    for fn in module.functions:
        if fn.is_declaration:
            continue
        stmts = instruction_statements([inst for block in fn.blocks for inst in block.instructions], module.types)
        out.append((fn.name, function_key(stmts), len(stmts)))
    return out


def function_hashes(text: str, path: str) -> list[tuple[str, int]]:
    """(hash, statement count) of every defined function, in module order."""
    return [(key, n) for _, key, n in named_function_hashes(text, path)]


def module_language(text: str, path: str) -> str:
    """The source language, from the module's ``source_filename`` (the path as a fallback)."""
    m = _SOURCE_FILENAME.search(text, 0, 4096)
    name = m.group(1) if m else path.removesuffix(".ll")
    return LANGUAGES.get(os.path.splitext(name)[1], "other")


def read_module(path: str) -> dict:
    """Everything the manifest needs from one module file, reading it exactly once."""
    data = Path(path).read_bytes()
    text = data.decode("utf-8", errors="replace")
    info = {"path": path, "sha256": hashlib.sha256(data).hexdigest(), "language": module_language(text, path),
            "openmp": "@__kmpc_" in text}
    try:
        info["functions"] = function_hashes(text, path)
    except IRParseError as exc:
        info["error"] = str(exc)
    except RecursionError as exc:
        info["error"] = f"{path}:0:0: reader recursion error: {exc}"
    return info


def read_modules(paths: list[str], jobs: int, progress: str = "") -> list[dict]:
    """read_module over many files with a process pool, in input order."""
    out = []
    with Pool(jobs) as pool:
        for i, info in enumerate(pool.imap(read_module, paths, chunksize=4), 1):
            out.append(info)
            if progress and (i % 500 == 0 or i == len(paths)):
                print(f"  {progress}: read {i}/{len(paths)}", flush=True)
    return out


def _dedup(modules: list[dict]) -> None:
    """Set each module's unique function and statement counts; first occurrence wins."""
    seen: set[str] = set()
    for m in modules:
        uf = us = 0
        for h, n in m["functions"]:
            if h not in seen:
                seen.add(h)
                uf += 1
                us += n
        m["unique_functions"], m["unique_statements"] = uf, us


def package_cap(unique_by_package: dict[str, int], max_share: float) -> float:
    """The cap x on any package's unique statements with x = max_share * sum(min(U_p, x)).

    Solved by fixed-point iteration from the uncapped total (it decreases monotonically). With
    too few packages for the share to be reachable (n * max_share <= 1) there is no cap.
    """
    if len(unique_by_package) * max_share <= 1:
        return float("inf")
    x = max_share * sum(unique_by_package.values())
    for _ in range(200):
        nxt = max_share * sum(min(u, x) for u in unique_by_package.values())
        if abs(nxt - x) < 1:
            return nxt
        x = nxt
    return x


def select(modules: list[dict], eval_hashes: set[str], max_share: float) -> tuple[list[dict], list[dict]]:
    """(included, excluded) modules: drop unreadable, duplicate and eval-overlapping modules, cap packages."""
    included, excluded, shas = [], [], set()
    for m in modules:
        reason = None
        if "error" in m:
            reason = "read-error"
        elif m["sha256"] in shas:
            reason = "duplicate-module"
        elif any(h in eval_hashes for h, _ in m["functions"]):
            reason = "eval-overlap"
        if reason:
            excluded.append({"path": m["path"], "reason": reason})
        else:
            shas.add(m["sha256"])
            included.append(m)
    _dedup(included)
    per_pkg = Counter()
    for m in included:
        per_pkg[m["package"]] += m["unique_statements"]
    cap = package_cap(dict(per_pkg), max_share)
    kept, running = [], Counter()
    for m in included:
        if per_pkg[m["package"]] > cap and running[m["package"]] >= cap:
            excluded.append({"path": m["path"], "reason": "package-cap"})
            continue
        running[m["package"]] += m["unique_statements"]
        kept.append(m)
    _dedup(kept)
    return kept, excluded


def breakdown(rows: list[dict], key) -> dict[str, dict]:
    """Totals of module rows grouped by key(row)."""
    out: dict[str, dict] = {}
    for r in rows:
        t = out.setdefault(key(r), dict.fromkeys(COUNTS, 0))
        t["modules"] += 1
        for k in COUNTS[1:]:
            t[k] += r[k]
    return out


def machine() -> dict:
    """Where the corpus was built: cores, CPU model, memory, OS, compiler."""
    cpu = ""
    with open("/proc/cpuinfo") as fh:
        cpu = next((line.split(":", 1)[1].strip() for line in fh if line.startswith("model name")), "")
    mem_kb = next((int(line.split()[1]) for line in open("/proc/meminfo") if line.startswith("MemTotal")), 0)
    osname = next((line.split("=", 1)[1].strip().strip('"') for line in open("/etc/os-release")
                   if line.startswith("PRETTY_NAME=")), platform.platform())
    clang = subprocess.run(["clang-14", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    return {"cores": os.cpu_count(), "cpu": cpu, "memory_gb": round(mem_kb / 2**20, 1), "os": osname,
            "kernel": platform.release(), "ir_compiler": clang, "python": platform.python_version()}


def write_manifest(out: Path, records: list[dict], jobs: int = 2, max_share: float = 0.25,
                   eval_glob: str | None = None, command: str | None = None) -> dict:
    """Read the built corpus under ``out/ir`` and write ``out/corpus-manifest.json``; return it.
    ``command``: the ``corpus build`` command that ran (recorded as the model's provenance)."""
    start = time.time()
    ir_root = out / "ir"
    modules = []
    for rec in records:
        paths = sorted(str(p) for p in (ir_root / rec["name"]).rglob("*.ll"))
        for info in read_modules(paths, jobs, progress=rec["name"]):
            info["package"] = rec["name"]
            info["path"] = os.path.relpath(info["path"], ir_root)
            modules.append(info)
    eval_paths = sorted(glob.glob(eval_glob)) if eval_glob else []
    eval_hashes: set[str] = set()
    for info in read_modules([str(p) for p in eval_paths], jobs, progress="evaluation IR"):
        eval_hashes.update(h for h, _ in info.get("functions", []))
    kept, excluded = select(modules, eval_hashes, max_share)
    corpus_hashes = {h for m in kept for h, _ in m["functions"]}
    rows = []
    for m in kept:
        m["functions"], m["statements"] = len(m["functions"]), sum(n for _, n in m["functions"])
        rows.append({k: m[k] for k in ROW} | {"package": m["package"]})
    by_pkg = breakdown(rows, lambda r: r["package"])
    source = {r["name"]: r.get("source", "debian") for r in records}
    packages = [{"name": r["name"], "version": r["version"], "license": r["license"], "source": source[r["name"]],
                 "tags": r.get("tags", []), "build_seconds": r.get("seconds"), "ir_files": r.get("ir_files"),
                 **by_pkg.get(r["name"], dict.fromkeys(COUNTS, 0))}
                for r in records]
    totals = breakdown(rows, lambda r: "all").get("all", {})
    manifest = {
        "recipe": "mir-export corpus build --out DIR --jobs N (mir_export/corpus)",
        **({"command": command} if command else {}),
        **{k: totals.get(k, 0) for k in COUNTS},
        "modules_with_unique_functions": sum(r["unique_functions"] > 0 for r in rows),
        "openmp_modules": sum(r["openmp"] for r in rows),
        "opencl_modules": sum(r["language"] == "opencl" for r in rows),
        "packages": packages,
        "by_source": breakdown(rows, lambda r: source[r["package"]]),
        "by_language": breakdown(rows, lambda r: r["language"]),
        "build": {"seconds": round(sum(r.get("seconds") or 0 for r in records), 1),
                  "manifest_seconds": round(time.time() - start, 1), "jobs": jobs,
                  "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "machine": machine()},
        "dedup": {"unit": "defined function; sha256 of its statements (mir_runtime.statements.statement)",
                  "order": "package order of the recipe, then module path", "max_package_share": max_share},
        "eval_check": {"glob": eval_glob, "eval_files": len(eval_paths), "eval_functions": len(eval_hashes),
                       "overlapping_functions": len(corpus_hashes & eval_hashes),
                       "excluded_modules": [e["path"] for e in excluded if e["reason"] == "eval-overlap"]},
        "reader_failures": [{"path": os.path.relpath(m["path"], ir_root) if os.path.isabs(m["path"]) else m["path"],
                             "error": m["error"]} for m in modules if "error" in m],
        "excluded": excluded,
        "module_columns": list(ROW),
        "module_rows": [[r[k] for k in ROW] for r in rows],
    }
    (out / MANIFEST).write_text(dumps(manifest))
    return manifest


def dumps(manifest: dict) -> str:
    """Indented JSON, except one line per module row (so a 20k-module manifest stays diffable)."""
    head = {k: v for k, v in manifest.items() if k != "module_rows"}
    text = json.dumps(head, indent=1)
    rows = ",\n".join("  " + json.dumps(r) for r in manifest.get("module_rows", []))
    return text[:-2] + ',\n "module_rows": [\n' + rows + "\n ]\n}\n"
