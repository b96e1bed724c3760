"""The shipped task heads: chosen and trained on every row with our embedding, written as ONNX
files, and described by a manifest fragment (``tasks`` and ``files``, the form
``mir_runtime.tasks`` reads).

Each head repeats the nested protocol's selection on all rows: the inner cross-validation that
chose the learner per outer fold now runs over every row, grouped by kernel for device mapping
(a user asks about kernels the head never saw) and leaving one kernel out for coarsening; the
best learner is refitted on all rows and exported. Devmap gets one head per platform (embedding
and the run-time inputs ``transfer``, ``wgsize``; output ``probabilities``), coarsening one per
GPU (one choice and fit on every (kernel, GPU) row, as the strict protocol makes it, written as
each GPU's head of the embedding alone; output ``scores``: predicted log speedup of each factor
over factor 1, with the chosen margin added to factor 1's), vectorization one per machine that measured its labels
(embedding only; ``scores`` of the default and the 35 pairs, inner folds grouped by loop family).
A command may export some of the tasks, and add them to a model directory that has the others.
The fragment records each head's learner and inner score, and the encoder files (not the heads
themselves) and pooling the heads were trained on: a head is only valid on top of the exact
encoder and embedding layout that embedded its rows.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from mir_export.downstream.data import (
    DATASET_TASKS, DEVICES, EXTRAS, FACTORS, GPUS, PLATFORMS, read_coarsening, read_devmap,
)
from mir_export.downstream.experiments import coarsening_fit, devmap_fit, vectorize_fit, vectorize_rows
from mir_export.downstream.features import HEAD_PRECISION, embed_files
from mir_export.downstream.protocol import gpu_rows
from mir_export.export import update_manifest
from mir_export.vectorize.labels import CLASSES, machine_kind
from mir_runtime.modeldir import ModelDirectory, file_sha256
from mir_runtime.pooling import MEAN

FRAGMENT = "manifest-tasks.json"
INPUT_HELP = {
    "transfer": "bytes transferred between host and device for one launch",
    "wgsize": "work-group size (work-items per group)",
}
INPUT_MINIMUM = {"transfer": 0, "wgsize": 1}  # no launch moves negative bytes or runs empty work-groups


def _task(description: str, selector: str, help: str, files: dict[str, str], inputs: list[dict], classes) -> dict:
    return {"description": description, "selector": {"name": selector, "help": help, "choices": files},
            "inputs": inputs, "classes": [str(c) for c in classes]}


def vectorize_task(machine: dict, heads: dict[str, str]) -> dict:
    """The manifest's ``tasks.vectorize``: one head per machine the labels were measured on; no run-time inputs."""
    return _task("the loop vectorization factor VF and interleave count IF to force on a C kernel's innermost "
                 "loops (input: its IR at clang -O1 -fno-vectorize -fno-slp-vectorize -fno-unroll-loops; scores: "
                 "predicted log speedup of each class over 'default', LLVM's own choice at -O3 -march=native, which "
                 "is kept unless a pair clears the head's margin)", "machine",
                 f"the CPU the head's labels were measured on ({machine.get('cpu_model')}, {machine.get('clang')})",
                 heads, [], CLASSES)


def export_heads(datasets: Path, model_dir: Path, out: Path, seed: int = 0, tasks: tuple[str, ...] = DATASET_TASKS,
                 measured: tuple[Path, ...] = (), ir: Path | None = None) -> dict:
    """Choose, train and write the heads of ``tasks`` into ``out`` (vectorize: from the folders
    ``measured`` and the kernels' IR in ``ir``); return (and write as ``manifest-tasks.json``) the fragment."""
    out.mkdir(parents=True, exist_ok=True)
    # (task, variant (coarsening: every GPU), IR files, extras, targets, groups of the inner folds, Fit)
    jobs = []
    if "devmap" in tasks:
        jobs += [("devmap", t.platform, t.ir, t.extras, t.oracle, t.benchmark, devmap_fit(f"head devmap {t.platform}"))
                 for t in (read_devmap(datasets, p) for p in PLATFORMS)]
    if "coarsening" in tasks:
        tables = [read_coarsening(datasets, g) for g in GPUS]
        jobs.append(("coarsening", GPUS, tables[0].ir, *gpu_rows(tables), coarsening_fit(False, "head coarsening")))
    if "vectorize" in tasks:
        if ir is None:
            raise ValueError("the vectorize head needs the measured folders and their kernels' IR folder")
        table, paths = vectorize_rows(measured, ir)
        kind = machine_kind(table.machine)
        jobs.append(("vectorize", kind, paths, np.zeros((len(paths), 0)), table.log_speedups(), table.families,
                     vectorize_fit(f"head vectorize {kind}")))
    embeddings = embed_files([p for job in jobs for p in job[2]], model_dir)
    heads: dict[str, dict[str, str]] = {task: {} for task in tasks}
    selected: dict[str, dict[str, dict]] = {task: {} for task in tasks}
    start = 0
    for task, variant, files, extras, targets, groups, fit in jobs:
        rows = embeddings[start : start + len(files)]
        start += len(files)
        if task == "coarsening":  # one fit for every GPU's rows; a head per GPU
            chosen = fit(np.concatenate([rows] * len(variant)), extras, targets, groups, seed)
            models = {gpu: chosen.model.for_context(np.eye(len(variant))[g]) for g, gpu in enumerate(variant)}
        else:
            chosen = fit(rows, extras, targets, groups, seed)
            models = {variant: chosen.model}
        inner = chosen.inner_scores[chosen.learner.name]
        score = {"inner_accuracy": inner} if task == "devmap" else {"inner_speedup": float(np.exp(inner))}
        for name, model in models.items():
            heads[task][name] = f"{task}-{name}.onnx"
            model.export(out / heads[task][name])
            selected[task][name] = {**chosen.learner.to_dict(), "rows": len(targets), **score}
    print(f"wrote {sum(map(len, heads.values()))} heads to {out}", file=sys.stderr)
    manifest = ModelDirectory(model_dir).manifest
    files = [f for task in heads.values() for f in task.values()]
    entries = {
        "devmap": lambda: _task("the faster device for an OpenCL kernel launch: CPU or GPU", "platform",
                                "the machine the heads were trained for (AMD: Tahiti 7970, NVIDIA: GTX 970)",
                                heads["devmap"],
                                [{"name": n, "help": INPUT_HELP[n], "minimum": INPUT_MINIMUM[n]} for n in EXTRAS],
                                DEVICES),
        "coarsening": lambda: _task("the best thread-coarsening factor of an OpenCL kernel (scores: predicted log "
                                    "speedup over factor 1; factor 1 is kept unless another clears the head's margin)",
                                    "gpu", "the GPU the heads were trained for", heads["coarsening"], [], FACTORS),
        "vectorize": lambda: vectorize_task(table.machine, heads["vectorize"]),
    }
    fragment = {
        "tasks": {task: entries[task]() for task in tasks},
        "files": {f: {"sha256": file_sha256(out / f), "bytes": (out / f).stat().st_size} for f in files},
        "task_heads": {"seed": seed, "selected": selected, "pooling": manifest.pooling, "precision": HEAD_PRECISION,
                       "encoder_sha256": {name: entry.sha256 for name, entry in manifest.files.items()
                                          if name not in files}},
    }
    (out / FRAGMENT).write_text(json.dumps(fragment, indent=2) + "\n")
    return fragment


def add_to_manifest(out: Path, fragment: dict, figures: dict[str, dict]) -> None:
    """Merge the heads of ``fragment`` and the figures of their tasks (``metrics.tasks``) into
    ``out/manifest.json``. Tasks not exported now keep their heads, selections and figures, which
    is only right if they were trained on the same encoder: every file that both records name,
    heads apart, must have the same sha256 (a file added since, such as the graph blocks, does
    not count), else a one-line error."""
    manifest = json.loads((out / "manifest.json").read_text())
    old = manifest.get("task_heads", {})
    kept = {task: entry for task, entry in old.get("selected", {}).items() if task not in fragment["tasks"]}
    before, now = old.get("encoder_sha256", {}), fragment["task_heads"]["encoder_sha256"]
    heads = {f for task in manifest.get("tasks", {}).values() for f in task["selector"]["choices"].values()}
    changed = sorted(f for f in (before.keys() & now.keys()) - heads - set(fragment["files"]) if before[f] != now[f])
    layouts = old.get("pooling", MEAN), fragment["task_heads"].get("pooling", MEAN)  # records before layouts: mean
    if kept and layouts[0] != layouts[1]:
        raise ValueError(f"{out}: the {', '.join(kept)} heads take embeddings of pooling {layouts[0]!r}, not "
                         f"{layouts[1]!r}; export them again too (--tasks {','.join([*kept, *fragment['tasks']])})")
    if kept and changed:
        raise ValueError(f"{out}: the {', '.join(kept)} heads were trained with other {', '.join(changed)}; "
                         f"export them again too (--tasks {','.join([*kept, *fragment['tasks']])})")
    metrics = {task: entry for task, entry in manifest.get("metrics", {}).get("tasks", {}).items()
               if task not in fragment["tasks"]}
    update_manifest(out, list(fragment["files"]), replace=("task_heads",), tasks=fragment["tasks"],
                    task_heads={**fragment["task_heads"], "selected": {**kept, **fragment["task_heads"]["selected"]}},
                    metrics={"tasks": {**metrics, **figures}})
