"""The shipped task heads: chosen and trained on every row with our embedding, written as ONNX
files in task packs (``mir_runtime.packs``: ``OUT/tasks/NAME``, the form the runtime serves).

Each head repeats the nested protocol's selection on all rows: the inner cross-validation that
chose the learner per outer fold now runs over every row, grouped by kernel for device mapping
(a user asks about kernels the head never saw) and leaving one kernel out for coarsening; the
best learner is refitted on all rows and exported. Devmap gets one head per platform (embedding
and the run-time inputs ``transfer``, ``wgsize``; output ``probabilities``), coarsening one per
GPU (one choice and fit on every (kernel, GPU) row, as the strict protocol makes it, written as
each GPU's head of the embedding alone; output ``scores``: predicted log speedup of each factor
over factor 1, with the chosen margin added to factor 1's), vectorization one per machine that measured its labels
(embedding only; ``scores`` of the default and the 35 pairs, inner folds grouped by loop family).
A command may export some of the tasks; a model directory's other packs stay. Each pack records
its learners and inner scores, the figures of its task, and the encoders the heads learned from:
the runtime refuses a pack on any other encoder or embedding layout.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from mir_export.evaluation.datasets import (
    DATASET_TASKS, DEVICES, EXTRAS, FACTORS, GPUS, PLATFORMS, read_coarsening, read_devmap,
)
from mir_export.tasks.coarsening.experiment import coarsening_fit
from mir_export.tasks.devmap.experiment import devmap_fit
from mir_export.tasks.vectorize.experiment import vectorize_fit, vectorize_rows
from mir_export.features.embedding import HEAD_PRECISION, embed_files
from mir_export.evaluation.protocol import gpu_rows
from mir_export.export.encoders import update_manifest
from mir_export.evaluation.constancy import constant_heads
from mir_export.tasks.vectorize.labels import CLASSES, machine_kind
from mir_runtime.modeldir import ModelDirectory
from mir_runtime.packs import MODEL_TASKS, base_model, write_pack
from mir_runtime.tasks import Task

INPUT_HELP = {
    "transfer": "bytes transferred between host and device for one launch",
    "wgsize": "work-group size (work-items per group)",
}
INPUT_MINIMUM = {"transfer": 0, "wgsize": 1}  # no launch moves negative bytes or runs empty work-groups


def _task(description: str, selector: str, help: str, files: dict[str, str], inputs: list[dict], classes,
          kind: str = "configuration") -> dict:
    return {"description": description, "kind": kind, "selector": {"name": selector, "help": help, "choices": files},
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
                 measured: tuple[Path, ...] = (), ir: Path | None = None,
                 figures: dict[str, dict] | None = None) -> dict[str, Path]:
    """Choose, train and write the heads of ``tasks`` as packs under ``out/tasks`` (vectorize:
    from the folders ``measured`` and the kernels' IR in ``ir``), each with its task's
    ``figures`` (``metrics``) when given; return each task's pack directory."""
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
    written: dict[str, dict[str, Path]] = {task: {} for task in tasks}
    selected: dict[str, dict[str, dict]] = {task: {} for task in tasks}
    staging = out / MODEL_TASKS / ".staging"
    staging.mkdir(parents=True, exist_ok=True)
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
            written[task][name] = staging / f"{task}-{name}.onnx"
            model.export(written[task][name])
            selected[task][name] = {**chosen.learner.to_dict(), "rows": len(targets), **score}
    entries = {
        "devmap": lambda: _task("the faster device for an OpenCL kernel launch: CPU or GPU", "platform",
                                "the machine the heads were trained for (AMD: Tahiti 7970, NVIDIA: GTX 970)",
                                {k: p.name for k, p in written["devmap"].items()},
                                [{"name": n, "help": INPUT_HELP[n], "minimum": INPUT_MINIMUM[n]} for n in EXTRAS],
                                DEVICES, kind="classification"),
        "coarsening": lambda: _task("the best thread-coarsening factor of an OpenCL kernel (scores: predicted log "
                                    "speedup over factor 1; factor 1 is kept unless another clears the head's margin)",
                                    "gpu", "the GPU the heads were trained for",
                                    {k: p.name for k, p in written["coarsening"].items()}, [], FACTORS),
        "vectorize": lambda: vectorize_task(table.machine, {k: p.name for k, p in written["vectorize"].items()}),
    }
    base = base_model(ModelDirectory(model_dir), HEAD_PRECISION)
    packs = {}
    for task in tasks:
        sections = {"learners": selected[task], "seed": seed, "metrics": (figures or {}).get(task, {})}
        entry = entries[task]()
        entry["constant"] = constant_heads(written[task], entry["classes"])  # heads that answer one class whatever the input
        packs[task] = write_pack(out / MODEL_TASKS / task, Task.from_manifest(task, entry),
                                 {p.name: p for p in written[task].values()}, base, sections)
    staging.rmdir()
    print(f"wrote {sum(map(len, written.values()))} heads in {len(packs)} packs under {out / MODEL_TASKS}",
          file=sys.stderr)
    return packs


def record_figures(out: Path, figures: dict[str, dict]) -> None:
    """The figures of the tasks exported now into ``out/manifest.json``'s ``metrics.tasks`` (the
    model card's table); the other tasks' figures stay."""
    manifest = json.loads((out / "manifest.json").read_text())
    metrics = {task: entry for task, entry in manifest.get("metrics", {}).get("tasks", {}).items()
               if task not in figures}
    update_manifest(out, [], metrics={"tasks": {**metrics, **figures}})
