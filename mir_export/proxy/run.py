"""One proxy run: every task's pairs, each method's vectors of their files, the figures as JSON."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from mir_export.proxy import METHODS
from mir_export.pretrain.retrieval import MIN_CANDIDATES, retrieval
from mir_export.corpus.pairs import HEADLINE, TASKS, extract_pairs, load_manifest, select_pairs
from mir_export.proxy.vectors import vectors

ISOLATION = ("each function alone in its own module: llvm-extract --func of the variant's LLVM (or the oldest "
             "newer), keeping declarations of what it calls and the globals it references")


def run_proxy(variants: Path, model: Path | None, methods: tuple[str, ...] = METHODS, held_out: bool = True,
              min_candidates: int = MIN_CANDIDATES, jobs: int = 1) -> dict:
    """Recall@1 and MRR of every task for every method; the headline figures are ours on
    ``HEADLINE``. Each distinct file is embedded once per method over all tasks."""
    start = time.monotonic()
    manifest = load_manifest(variants)
    tasks: dict[str, dict] = {}
    files: dict[str, list[tuple[Path, Path]]] = {}
    for name, (query, target) in TASKS.items():
        pairs, dropped = select_pairs(manifest, query, target, held_out)
        files[name], errors = extract_pairs(variants, pairs, jobs)
        dropped["extract_failed"] = len(pairs) - len(files[name])
        tasks[name] = {"query": query, "target": target, "pairs": len(files[name]), "dropped": dropped,
                       "extract_errors": errors[:5], "methods": {}}
        print(f"proxy: {name}: {len(files[name])} pairs", file=sys.stderr)
    every = sorted({p for pairs in files.values() for pair in pairs for p in pair})
    row = {p: k for k, p in enumerate(every)}
    for method in methods:
        t = time.monotonic()
        try:
            found, failures = vectors(method, every, model, jobs)
        except ValueError as exc:  # ir2vec not installed, or a model without a whitening
            for task in tasks.values():
                task["methods"][method] = {"skipped": str(exc)}
            continue
        for name, task in tasks.items():
            pairs = files[name]
            q = found[[row[a] for a, _ in pairs]] if pairs else np.zeros((0, found.shape[1]))
            c = found[[row[b] for _, b in pairs]] if pairs else np.zeros((0, found.shape[1]))
            task["methods"][method] = retrieval(q, c, min_candidates) | {
                "unreadable_files": sum(str(p) in failures for pair in pairs for p in pair)}
        print(f"proxy: {method}: {len(every)} files in {time.monotonic() - t:.0f} s", file=sys.stderr)
    headline = tasks[HEADLINE]["methods"].get("ours", {})
    return {
        "variants": str(variants.resolve()), "model": str(model.resolve()) if model else None,
        "split": "held-out" if held_out else "all",
        **{k: headline.get(k) for k in ("recall_at_1", "mrr", "candidates", "pairs")},
        "min_candidates": min_candidates, "below_minimum": headline.get("candidates", 0) < min_candidates,
        "similarity": "cosine; ties count against the query", "isolation": ISOLATION,
        "files": len(every), "seconds": round(time.monotonic() - start, 1), "tasks": tasks,
    }
