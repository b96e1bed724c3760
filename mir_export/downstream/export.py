"""The shipped task heads: chosen and trained on every row with our embedding, written as ONNX
files, and described by a manifest fragment (``tasks`` and ``files``, the form
``mir_runtime.tasks`` reads).

Each head repeats the nested protocol's selection on all rows: the inner cross-validation that
chose the learner per outer fold now runs over every row, grouped by kernel for device mapping
(a user asks about kernels the head never saw) and leaving one kernel out for coarsening; the
best learner is refitted on all rows and exported. Devmap gets one head per platform (embedding
and the run-time inputs ``transfer``, ``wgsize``; output ``probabilities``), coarsening one per
GPU (embedding only; output ``scores``: predicted log speedup of each factor over factor 1, with
the chosen margin added to factor 1's). The fragment records each head's learner and inner score,
and the encoder files (not the heads themselves) and pooling the heads were trained on: a head is
only valid on top of the exact encoder and embedding layout that embedded its rows.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from mir_export.downstream.data import DEVICES, EXTRAS, FACTORS, GPUS, PLATFORMS, read_coarsening, read_devmap
from mir_export.downstream.experiments import coarsening_fit, devmap_fit
from mir_export.downstream.features import embed_files
from mir_export.downstream.protocol import log_speedups
from mir_runtime.modeldir import ModelDirectory, file_sha256

FRAGMENT = "manifest-tasks.json"
INPUT_HELP = {
    "transfer": "bytes transferred between host and device for one launch",
    "wgsize": "work-group size (work-items per group)",
}
INPUT_MINIMUM = {"transfer": 0, "wgsize": 1}  # no launch moves negative bytes or runs empty work-groups


def _task(description: str, selector: str, help: str, files: dict[str, str], inputs: list[dict], classes) -> dict:
    return {"description": description, "selector": {"name": selector, "help": help, "choices": files},
            "inputs": inputs, "classes": [str(c) for c in classes]}


def export_heads(datasets: Path, model_dir: Path, out: Path, seed: int = 0) -> dict:
    """Choose, train and write every head into ``out``; return (and write as ``manifest-tasks.json``) the fragment."""
    out.mkdir(parents=True, exist_ok=True)
    devmap = [read_devmap(datasets, p) for p in PLATFORMS]
    coarsening = [read_coarsening(datasets, g) for g in GPUS]
    # (task, variant, IR files, extras, targets, groups of the inner folds, Fit)
    jobs = [("devmap", t.platform, t.ir, t.extras, t.oracle, t.benchmark, devmap_fit(f"head devmap {t.platform}"))
            for t in devmap]
    jobs += [("coarsening", t.gpu, t.ir, np.zeros((len(t.ir), 0)), log_speedups(t), None,
              coarsening_fit(False, f"head coarsening {t.gpu}")) for t in coarsening]
    embeddings = embed_files([p for job in jobs for p in job[2]], model_dir)
    heads: dict[str, dict[str, str]] = {"devmap": {}, "coarsening": {}}
    selected: dict[str, dict[str, dict]] = {"devmap": {}, "coarsening": {}}
    start = 0
    for task, variant, ir, extras, targets, groups, fit in jobs:
        rows = embeddings[start : start + len(ir)]
        start += len(ir)
        chosen = fit(rows, extras, targets, groups, seed)
        heads[task][variant] = f"{task}-{variant}.onnx"
        chosen.model.export(out / heads[task][variant])
        inner = chosen.inner_scores[chosen.learner.name]
        score = {"inner_accuracy": inner} if task == "devmap" else {"inner_speedup": float(np.exp(inner))}
        selected[task][variant] = {**chosen.learner.to_dict(), "rows": len(ir), **score}
    print(f"wrote {sum(map(len, heads.values()))} heads to {out}", file=sys.stderr)
    manifest = ModelDirectory(model_dir).manifest
    files = [f for task in heads.values() for f in task.values()]
    fragment = {
        "tasks": {
            "devmap": _task("the faster device for an OpenCL kernel launch: CPU or GPU", "platform",
                            "the machine the heads were trained for (AMD: Tahiti 7970, NVIDIA: GTX 970)",
                            heads["devmap"],
                            [{"name": n, "help": INPUT_HELP[n], "minimum": INPUT_MINIMUM[n]} for n in EXTRAS],
                            DEVICES),
            "coarsening": _task("the best thread-coarsening factor of an OpenCL kernel (scores: predicted log "
                                "speedup over factor 1; factor 1 is kept unless another clears the head's margin)",
                                "gpu", "the GPU the heads were trained for", heads["coarsening"], [], FACTORS),
        },
        "files": {f: {"sha256": file_sha256(out / f), "bytes": (out / f).stat().st_size} for f in files},
        "task_heads": {"seed": seed, "selected": selected, "pooling": manifest.pooling,
                       "encoder_sha256": {name: entry.sha256 for name, entry in manifest.files.items()
                                          if name not in files}},
    }
    (out / FRAGMENT).write_text(json.dumps(fragment, indent=2) + "\n")
    return fragment
