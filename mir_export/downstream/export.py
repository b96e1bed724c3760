"""The shipped task heads: trained on every row with our embedding, written as ONNX files, and
described by a manifest fragment (``tasks`` and ``files``, the form ``mir_runtime.tasks`` reads).

Devmap gets one head per platform (embedding and the run-time inputs ``transfer``, ``wgsize``),
coarsening one per GPU (embedding only). The fragment also records the encoder files the heads
were trained on, since a head is only valid on top of the exact encoder that embedded its rows.
"""
from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path

import numpy as np

from mir_export.downstream.data import DEVICES, EXTRAS, FACTORS, GPUS, PLATFORMS, read_coarsening, read_devmap
from mir_export.downstream.features import embed_files
from mir_export.downstream.heads import HEAD, HeadConfig, export_head, train_head
from mir_runtime.encoder import file_sha256, read_manifest

FRAGMENT = "manifest-tasks.json"
INPUT_HELP = {
    "transfer": "bytes transferred between host and device for one launch",
    "wgsize": "work-group size (work-items per group)",
}


def _task(description: str, selector: str, help: str, files: dict[str, str], inputs: list[dict], classes) -> dict:
    return {"description": description, "selector": {"name": selector, "help": help, "choices": files},
            "inputs": inputs, "classes": [str(c) for c in classes]}


def export_heads(datasets: Path, model_dir: Path, out: Path, seed: int = 0, cfg: HeadConfig = HEAD) -> dict:
    """Train and write every head into ``out``; return (and write as ``manifest-tasks.json``) the fragment."""
    out.mkdir(parents=True, exist_ok=True)
    jobs = [("devmap", t.platform, t.ir, t.extras, t.oracle, len(DEVICES))
            for t in (read_devmap(datasets, p) for p in PLATFORMS)]
    jobs += [("coarsening", t.gpu, t.ir, np.zeros((len(t.ir), 0)), t.oracle, len(FACTORS))
             for t in (read_coarsening(datasets, g) for g in GPUS)]
    embeddings = embed_files([p for job in jobs for p in job[2]], model_dir)
    heads: dict[str, dict[str, str]] = {"devmap": {}, "coarsening": {}}
    start = 0
    for task, variant, ir, extras, labels, classes in jobs:
        rows = embeddings[start : start + len(ir)]
        start += len(ir)
        heads[task][variant] = f"{task}-{variant}.onnx"
        export_head(train_head(rows, extras, labels, classes, seed, cfg), out / heads[task][variant])
    print(f"wrote {sum(map(len, heads.values()))} heads to {out}", file=sys.stderr)
    encoder = read_manifest(model_dir)["files"]
    fragment = {
        "tasks": {
            "devmap": _task("the faster device for an OpenCL kernel launch: CPU or GPU", "platform",
                            "the machine the heads were trained for (AMD: Tahiti 7970, NVIDIA: GTX 970)",
                            heads["devmap"], [{"name": n, "help": INPUT_HELP[n]} for n in EXTRAS],
                            DEVICES),
            "coarsening": _task("the best thread-coarsening factor of an OpenCL kernel", "gpu",
                                "the GPU the heads were trained for", heads["coarsening"], [], FACTORS),
        },
        "files": {f: {"sha256": file_sha256(out / f), "bytes": (out / f).stat().st_size}
                  for task in heads.values() for f in task.values()},
        "task_heads": {"seed": seed, "head": asdict(cfg),
                       "encoder_sha256": {name: entry["sha256"] for name, entry in encoder.items()}},
    }
    (out / FRAGMENT).write_text(json.dumps(fragment, indent=2) + "\n")
    return fragment
